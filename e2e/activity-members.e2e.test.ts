import type { Locator } from 'playwright-core';
import { describe } from 'vitest';
import {
  dialog,
  exactly,
  expectNoSeriousA11yViolations,
  fill,
  LANGUAGES,
  notice,
  ORGANISER,
  plural,
  signInByCookie,
  TEXTS,
  tableSettled,
  test,
  uniqueName,
  until,
} from '../tests/support/e2e';

/** The last names in a table's rows, in order (the name column, after the check boxes, reads « First Last »). */
const lastNames = async (table: Locator, column = 2) =>
  (await table.locator(`tbody tr td:nth-child(${column})`).allTextContents()).map((name) =>
    name.trim().split(' ').at(-1),
  );

/**
 * V4 participation and V7 manager, in French and in English: an organiser opens an activity's participation tab
 * (four participants and a maximum of three seeded through the API), opens the participant manager, moves two
 * participants in and one back out (confirmed), sees the capacity error when asking for more seats than are left,
 * then sets a member's status by its button and filters by it. Each screen and state is checked with axe.
 */
describe.each(LANGUAGES)('activity members (%s)', (language) => {
  const t = TEXTS[language];
  const m = t.activities.members;

  test('move participants in and out, see the capacity error, change a status', async ({ page }) => {
    const api = await signInByCookie(page, ORGANISER, language);
    const project = await api.createProject();
    const role = await api.call<{ id: string }>('POST', `/api/projects/${project.id}/roles`, {
      name: { fr: 'Visiteur', en: 'Visitor' },
    });
    const tag = uniqueName('x').split(' ').at(-1) as string;
    for (const [firstName, lastName] of [
      ['Zoé', 'Arsenault'],
      ['Éric', 'Bouchard'],
      ['Anaïs', 'Côté'],
      ['Liam', 'Dubé'],
    ]) {
      await api.call('POST', `/api/projects/${project.id}/participants`, {
        roleId: role.id,
        firstName,
        lastName,
        email: `${lastName
          .normalize('NFD')
          .replace(/[^A-Za-z]/g, '')
          .toLowerCase()}.${tag}@example.test`,
      });
    }
    const year = new Date().getFullYear() + 1;
    const activity = await api.call<{ id: string }>('POST', `/api/projects/${project.id}/activities`, {
      title: { fr: 'Atelier sur l’exportation', en: 'Exporting workshop' },
      startsAt: `${year}-06-10T09:30`,
      maxMembers: 3,
    });

    // The participation tab: no member yet, « 0 / 3 places ».
    await page.goto(`/projects/${project.id}/activities/${activity.id}?tab=participation`);
    const capacity = page.getByTestId('activity-capacity');
    await until(() => capacity.first().textContent()).toBe(
      fill(m.capacity, { members: 0, maximum: 3 }, language),
    );
    await page.getByText(m.empty).waitFor();
    await tableSettled(page);
    await expectNoSeriousA11yViolations(page);

    // The manager: every participant out, none in.
    await page.getByRole('button', { name: exactly(m.manage) }).click();
    const title = language === 'fr' ? 'Atelier sur l’exportation' : 'Exporting workshop';
    const manager = dialog(page, fill(m.managerTitle, { title }));
    await manager.waitFor();
    const out = manager.getByTestId('members-out');
    const inside = manager.getByTestId('members-in');
    await until(() => lastNames(out)).toEqual(['Arsenault', 'Bouchard', 'Côté', 'Dubé']);
    await inside.getByText(m.in.empty).waitFor();
    await expectNoSeriousA11yViolations(page);

    // Out → in: two checked rows.
    const row = (side: Locator, name: string) => side.locator('tbody tr').filter({ hasText: name });
    for (const name of ['Arsenault', 'Bouchard']) {
      await row(out, name).getByRole('checkbox', { name: t.table.selectRow }).check();
    }
    await out.getByRole('button', { name: exactly(plural(m, 'addSelected', 2, language)) }).click();
    await notice(page, plural(m.notifications, 'added', 2, language)).waitFor();
    await until(() => lastNames(inside)).toEqual(['Arsenault', 'Bouchard']);
    await until(() => lastNames(out)).toEqual(['Côté', 'Dubé']);
    await until(() => manager.getByTestId('activity-capacity').textContent()).toBe(
      fill(m.capacity, { members: 2, maximum: 3 }, language),
    );
    await expectNoSeriousA11yViolations(page);

    // In → out: confirmed first.
    await row(inside, 'Bouchard').getByRole('checkbox', { name: t.table.selectRow }).check();
    await inside.getByRole('button', { name: exactly(plural(m, 'removeSelected', 1, language)) }).click();
    const confirm = dialog(page, m.removeTitle);
    await confirm.getByText(plural(m, 'removeBody', 1, language)).waitFor();
    await expectNoSeriousA11yViolations(page);
    await confirm.getByRole('button', { name: m.removeConfirm, exact: true }).click();
    await notice(page, plural(m.notifications, 'removed', 1, language)).waitFor();
    await until(() => lastNames(inside)).toEqual(['Arsenault']);
    await until(() => lastNames(out)).toEqual(['Bouchard', 'Côté', 'Dubé']);

    // Every result of the "out" list (3) is more than the seats left (2): refused, with the seats left.
    await out.getByRole('button', { name: exactly(fill(m.addAll, { count: 3 }, language)) }).click();
    const error = manager.getByTestId('manager-error');
    await until(() => error.textContent()).toBe(
      fill(t.errors.activityMembers.full_other, { count: 2, maximum: 3, asked: 3 }, language),
    );
    await until(() => lastNames(inside)).toEqual(['Arsenault']);
    await expectNoSeriousA11yViolations(page);

    // Back on the tab: the member's status by its button, then the filter.
    await manager.getByRole('button', { name: t.common.close, exact: true }).last().click();
    await manager.waitFor({ state: 'detached' });
    await until(() => capacity.textContent()).toBe(fill(m.capacity, { members: 1, maximum: 3 }, language));
    const statuses = page.getByRole('radiogroup', { name: fill(m.statusOf, { name: 'Zoé Arsenault' }) });
    await statuses.getByRole('radio', { name: m.statuses.confirmed }).click();
    await notice(page, m.notifications.statusSaved).waitFor();
    await until(() =>
      statuses.getByRole('radio', { name: m.statuses.confirmed }).getAttribute('aria-checked'),
    ).toBe('true');
    const filter = page.getByRole('radiogroup', { name: m.statusFilter });
    await filter.getByRole('radio', { name: m.statuses.absent }).click();
    await page.getByText(m.emptySearch).waitFor();
    await filter.getByRole('radio', { name: m.statuses.confirmed }).click();
    await until(() => lastNames(page.locator('main table'), 1)).toEqual(['Arsenault']);
    await expectNoSeriousA11yViolations(page);
  });
});
