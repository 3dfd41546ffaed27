import { describe } from 'vitest';
import {
  choose,
  dialog,
  escapeRegExp,
  expect,
  expectNoSeriousA11yViolations,
  fill,
  LANGUAGES,
  menuLink,
  notice,
  ORGANISER,
  pageTitle,
  signIn,
  submit,
  TEXTS,
  tableRows,
  tableSettled,
  test,
  textField,
  until,
} from '../tests/support/e2e';

const COLLEAGUE = 'organisateur@maillage.test';
const DEMO_EVENT = { fr: 'Journée B2B Montréal 2026', en: 'Montréal B2B Day 2026' };

interface AccessUserRow {
  id: string;
  email: string;
}

/**
 * A4 journey, in French and in English: an administrator makes a colleague read-only for one project (Administration
 * › Contrôle d'accès); the colleague signs in, sees no administration page, a banner says the project is read-only
 * and the rows have no edit button, and a form's save button is disabled; then the
 * administrator revokes the project (confirmed) and the colleague's project list is empty. The colleague's access is given back at the end (the server is shared with later files).
 */
describe.each(LANGUAGES)('access control (%s)', (language) => {
  const t = TEXTS[language];

  test('an administrator makes a colleague read-only for one project', async ({ page, newPage }) => {
    const admin = await signIn(page, ORGANISER, language);
    const users = await admin.call<{ items: AccessUserRow[] }>('GET', `/api/access/users?q=${COLLEAGUE}`);
    const colleagueId = users.items[0].id;
    try {
      await menuLink(page, 'access').click();
      await until(() => pageTitle(page).textContent()).toBe(t.access.title);
      await tableSettled(page);
      const row = tableRows(page).filter({ hasText: COLLEAGUE });
      await row.getByRole('button', { name: new RegExp(t.access.edit) }).click();
      const modal = dialog(page, fill(t.access.editTitle, { name: 'Olivier Bouchard' }));
      await modal.getByRole('radio', { name: t.access.scopeSome }).check();
      await choose(page, modal.getByTestId('add-project'), DEMO_EVENT[language]);
      await modal.getByRole('button', { name: t.access.grant }).click();
      await modal.getByText(DEMO_EVENT[language], { exact: true }).waitFor();
      await expectNoSeriousA11yViolations(page);
      await submit(modal.getByRole('button', { name: t.common.save, exact: true }));
      await notice(page, t.access.saved).waitFor();
      await until(() => row.textContent()).toContain(`${DEMO_EVENT[language]} (${t.access.roles.readonly})`);

      // The colleague: only that project, no administration, and an edit is refused.
      const colleague = await newPage();
      const api = await signIn(colleague, COLLEAGUE, language, '/projects');
      await tableSettled(colleague);
      expect(await tableRows(colleague).count()).toBe(1);
      for (const id of ['access', 'organisation', 'outbox']) {
        expect(await menuLink(colleague, id).count(), id).toBe(0);
      }
      const [project] = (await api.call<{ items: { id: string }[] }>('GET', '/api/projects')).items;
      await colleague.goto(`/projects/${project.id}/roles`);
      // The page says it is read-only, and shows no row's edit or delete button.
      await colleague.getByTestId('read-only-banner').getByText(t.access.readOnlyBanner.title).waitFor();
      const roleRows = colleague.getByTestId('role-row');
      await roleRows.first().waitFor();
      const editOrDelete = new RegExp(
        `^(${escapeRegExp(t.roles.editNamed.split('{{')[0])}|${escapeRegExp(t.roles.deleteNamed.split('{{')[0])})`,
      );
      expect(await roleRows.getByRole('button', { name: editOrDelete }).count()).toBe(0);
      await colleague.getByRole('button', { name: t.roles.create }).first().click();
      const create = dialog(colleague, t.roles.createTitle);
      await textField(create, t.roles.fields.nameFr).waitFor();
      // Its save button is disabled (the banner says why); the server refuses such a change anyway
      // (server/http/access-walk.api.test.ts).
      expect(await create.getByRole('button', { name: t.common.create, exact: true }).isDisabled()).toBe(
        true,
      );
      await expectNoSeriousA11yViolations(colleague);

      // The administrator revokes that project (after a confirmation): the colleague's next page lists none.
      await row.getByRole('button', { name: new RegExp(t.access.edit) }).click();
      const again = dialog(page, fill(t.access.editTitle, { name: 'Olivier Bouchard' }));
      await again.getByRole('button', { name: `${t.access.revoke} — ${DEMO_EVENT[language]}` }).click();
      const confirm = dialog(page, t.access.revokeTitle);
      await expectNoSeriousA11yViolations(page);
      await confirm.getByRole('button', { name: t.access.revoke, exact: true }).click();
      await notice(page, t.access.revoked).waitFor();
      await colleague.goto('/projects');
      await tableSettled(colleague);
      await tableRows(colleague).getByText(t.projects.empty).waitFor();
      expect(await tableRows(colleague).count()).toBe(1);
    } finally {
      await admin.call('PUT', `/api/access/users/${colleagueId}`, {
        role: 'organiser',
        allProjects: true,
        projects: [],
      });
    }
  });
});
