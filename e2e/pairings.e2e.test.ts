import type { Page } from 'playwright-core';
import { describe } from 'vitest';
import {
  type ApiClient,
  choose,
  columnTexts,
  dialog,
  exactly,
  expect,
  expectNoSeriousA11yViolations,
  LANGUAGES,
  menuLink,
  notice,
  ORGANISER,
  pageTitle,
  signInByCookie,
  submit,
  TEXTS,
  test,
  textField,
  until,
} from '../tests/support/e2e';

/** A project with a meeting category of 2 tables, 6 participants, and an activity of which 4 are members. */
async function seed(api: ApiClient) {
  const project = await api.createProject();
  const base = `/api/projects/${project.id}`;
  const category = await api.call<{ id: string }>('POST', `${base}/activity-categories`, {
    name: { fr: 'Rencontres d’affaires', en: 'Business meetings' },
  });
  await api.call('PUT', `${base}/activity-categories/${category.id}/table-counts`, { standard: 2, vip: 0 });
  const role = await api.call<{ id: string }>('POST', `${base}/roles`, {
    name: { fr: 'Acheteur', en: 'Buyer' },
  });
  const people: string[] = [];
  for (let i = 1; i <= 6; i++) {
    const created = await api.call<{ id: string }>('POST', `${base}/participants`, {
      roleId: role.id,
      firstName: `Personne${i}`,
      lastName: `Essai${i}`,
      email: `personne${i}-${project.id.slice(0, 8)}@example.test`,
    });
    people.push(created.id);
  }
  const activity = await api.call<{ id: string }>('POST', `${base}/activities`, {
    title: { fr: 'Atelier export', en: 'Export workshop' },
    startsAt: `${new Date().getFullYear() + 1}-06-10T09:30`,
    durationMinutes: 60,
  });
  await api.call('POST', `${base}/activities/${activity.id}/members`, {
    mode: 'ids',
    participantIds: people.slice(0, 4),
  });
  return { projectId: project.id, categoryId: category.id };
}

/**
 * M1–M3, in French and in English: the organiser opens « Jumelages » from the menu, adds a pairing and watches the
 * algorithm selector (below 0: the number of choices; 7: the objective to choose), creates the groups from an
 * activity (the legacy success sentence), then generates with a progress bar and reads the rounds.
 */
describe.each(LANGUAGES)('pairings (%s)', (language) => {
  const t = TEXTS[language];
  const p = t.pairings;

  async function addPairing(page: Page, projectId: string) {
    await page.goto(`/projects/${projectId}`);
    await menuLink(page, 'project-pairings').click();
    await until(() => pageTitle(page).textContent()).toBe(p.title);
    await page.getByText(p.empty).waitFor();
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('button', { name: exactly(p.add) }).click();
    const modal = dialog(page, p.addTitle);
    await modal.waitFor();
    await textField(modal, p.fields.name).fill('Réseautage du matin');
    await choose(
      page,
      modal.getByTestId('pairing-category'),
      language === 'fr' ? 'Rencontres d’affaires' : 'Business meetings',
    );
    // 6 people at tables of 8: ⌊5/7⌋ = 0 rounds without meeting twice.
    await modal.getByText(p.fields.roundsOver).waitFor();
    await expectNoSeriousA11yViolations(page);
    // The selector: rotation implies its objective; below 0 asks for a number of choices; 7 lets one choose it.
    const algorithm = modal.getByTestId('pairing-algorithm');
    await modal.getByTestId('implied-objective').waitFor();
    await choose(page, algorithm, p.algorithms.choices2);
    await modal.getByTestId('pairing-choice-count').waitFor();
    await choose(page, algorithm, p.algorithms.byQuestion);
    await modal
      .getByRole('textbox', { name: new RegExp(`^${p.fields.choiceCount}`) })
      .waitFor({ state: 'detached' });
    await modal.getByTestId('pairing-objective').waitFor();
    await modal.getByTestId('implied-objective').waitFor({ state: 'detached' });
    await expectNoSeriousA11yViolations(page);
    await choose(page, algorithm, p.algorithms.rotation);
    await submit(modal.getByRole('button', { name: t.common.create, exact: true }));
    await notice(page, p.notifications.created).waitFor();
    await modal.waitFor({ state: 'detached' });
    // The new pairing's page opens.
    await until(() => pageTitle(page).textContent()).toBe('Réseautage du matin');
  }

  test('add a pairing, watch the algorithm selector, create the groups from an activity', async ({
    page,
  }) => {
    const api = await signInByCookie(page, ORGANISER, language);
    const { projectId } = await seed(api);
    await addPairing(page, projectId);
    await page.getByText(p.groups.empty).waitFor();
    await page.getByRole('button', { name: exactly(p.generation.generate) }).waitFor();
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('button', { name: exactly(p.groups.fromActivities) }).click();
    const modal = dialog(page, p.groups.fromActivities);
    await modal.waitFor();
    const title = language === 'fr' ? 'Atelier export' : 'Export workshop';
    await modal.getByRole('checkbox', { name: new RegExp(`^${title}`) }).check();
    await expectNoSeriousA11yViolations(page);
    await modal.getByRole('button', { name: exactly(p.groups.create) }).click();
    await notice(
      page,
      language === 'fr' ? 'Les regles ont été créés avec succès!' : 'The rules were created successfully!',
    ).waitFor();
    const group = page.getByTestId('match-group');
    await until(() => group.allTextContents()).toEqual([expect.stringContaining(title)]);
    await until(() => group.textContent()).toContain(language === 'fr' ? '4 membres' : '4 members');
    // Only the group's members are seated now.
    await page.getByText(language === 'fr' ? '4 personnes' : '4 people').waitFor();

    // The pairing is listed.
    await page.getByRole('link', { name: p.back }).click();
    await until(() => columnTexts(page, p.columns.name)).toEqual(['Réseautage du matin']);
    await until(() => columnTexts(page, p.columns.status)).toEqual([p.statuses.never]);
  });

  test('generate with a progress bar and read the rounds', async ({ page }) => {
    const api = await signInByCookie(page, ORGANISER, language);
    const { projectId } = await seed(api);
    await addPairing(page, projectId);
    await page.getByRole('button', { name: exactly(p.generation.generate) }).click();
    await page.getByRole('progressbar', { name: p.generation.progress }).waitFor();
    await until(() => page.getByTestId('generation-status').textContent(), 60_000).toContain(p.statuses.done);
    await until(() => page.getByTestId('pairing-round').count()).toBe(3);
    await until(() => page.getByTestId('pairing-table').count()).toBe(6);
    await expectNoSeriousA11yViolations(page);
  });
});
