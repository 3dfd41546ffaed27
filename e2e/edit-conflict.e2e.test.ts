import type { Page } from 'playwright-core';
import { describe } from 'vitest';
import {
  ApiClient,
  dialog,
  expectNoSeriousA11yViolations,
  LANGUAGES,
  notice,
  ORGANISER,
  SUPER_ADMIN,
  signIn,
  submit,
  TEXTS,
  test,
  textField,
  uniqueName,
  until,
} from '../tests/support/e2e';

/**
 * RS4 (docs/conflicts.md): two organisers of the demo company, Samuel and Camille, edit one participant in two
 * browsers; Camille saves after Samuel, sees who saved in between, reloads and sees Samuel's value.
 */
describe.each(LANGUAGES)('edit conflict (%s)', (language) => {
  const t = TEXTS[language];

  test('the second save names the first organiser and reloads what they saved', async ({
    page,
    newPage,
    baseUrl,
  }) => {
    const api = await ApiClient.signIn(baseUrl, ORGANISER);
    const project = await api.createProject();
    const role = await api.call<{ id: string }>('POST', `/api/projects/${project.id}/roles`, {
      name: { fr: 'Acheteur', en: 'Buyer' },
    });
    const lastName = uniqueName('Bérubé');
    const participant = await api.call<{ id: string }>('POST', `/api/projects/${project.id}/participants`, {
      roleId: role.id,
      firstName: 'Éloïse',
      lastName,
      email: `eloise.${lastName.split(' ').at(-1)}@example.test`,
    });
    const path = `/projects/${project.id}/participants?participant=${participant.id}`;
    const firstName = (p: Page) =>
      textField(p.getByTestId('participant-panel'), t.participants.fields.firstName);
    const save = (p: Page) =>
      submit(p.getByTestId('participant-panel').getByRole('button', { name: t.common.save }));

    // Both open the participant.
    const samuel = await newPage();
    await signIn(samuel, SUPER_ADMIN, language, path);
    await signIn(page, ORGANISER, language, path);
    await until(() => firstName(samuel).inputValue()).toBe('Éloïse');
    await until(() => firstName(page).inputValue()).toBe('Éloïse');

    // Samuel saves first.
    await firstName(samuel).fill('Éloïse-Samuel');
    await save(samuel);
    await notice(samuel, t.participants.notifications.saved).waitFor();

    // Camille's save, on the version she loaded, is refused: the dialog says who saved in between.
    await firstName(page).fill('Éloïse-Camille');
    await save(page);
    const conflict = dialog(page, t.conflicts.title);
    await conflict.waitFor();
    const said = t.conflicts.savedMeanwhile.split('{{name}}')[0];
    await until(() => conflict.textContent()).toContain(`${said}Samuel Tremblay`);
    await expectNoSeriousA11yViolations(page);

    // « Annuler » keeps her edit; « Recharger » shows what Samuel saved.
    await conflict.getByRole('button', { name: t.conflicts.cancel }).click();
    await until(() => conflict.count()).toBe(0);
    await until(() => firstName(page).inputValue()).toBe('Éloïse-Camille');
    await save(page);
    await conflict.waitFor();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await until(() => conflict.count()).toBe(0);
    await until(() => firstName(page).inputValue()).toBe('Éloïse-Samuel');
  });
});
