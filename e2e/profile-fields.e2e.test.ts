import type { Page } from 'playwright-core';
import { describe } from 'vitest';
import {
  choose,
  dialog,
  expect,
  fill,
  flip,
  LANGUAGES,
  notice,
  ORGANISER,
  pageTitle,
  signIn,
  submit,
  TEXTS,
  test,
  textField,
  until,
} from '../tests/support/e2e';

/**
 * Journey (U5, P11): the organiser configures the profile fields of a new project: the standard fields are
 * there with first name, last name and e-mail locked on; she adds a field of her own, makes it mandatory, moves
 * it up with the keyboard, reloads (order and switch kept), then deletes it after confirming.
 */
describe.each(LANGUAGES)('profile fields (%s)', (language) => {
  const t = TEXTS[language];
  const titles = (page: Page) => page.getByTestId('profile-field-title').allTextContents();
  const switchOf = (page: Page, name: keyof typeof t.profileFields.switches, field: string) =>
    page.getByRole('switch', {
      name: fill(t.profileFields.switchFor, { switch: t.profileFields.switches[name], name: field }),
      exact: true,
    });

  test('configure the fields: add one, make it mandatory, sort it by keyboard, delete it', async ({
    page,
  }) => {
    const api = await signIn(page, ORGANISER, language);
    const project = await api.createProject();
    await page.goto(`/projects/${project.id}/profile-fields`);
    await until(() => pageTitle(page).textContent()).toBe(t.profileFields.title);

    // The standard fields, in the reader's language; the locked ones cannot be turned off.
    const standard = t.profileFields.standard;
    const standardTitles = [
      standard.firstName,
      standard.lastName,
      standard.email,
      standard.organisation,
      standard.jobTitle,
      standard.phone,
      standard.phonePro,
      standard.language,
      standard.pictureFileId,
      standard.cvFileId,
      standard.videoUrl,
    ];
    await until(() => titles(page)).toEqual(standardTitles);
    expect(await switchOf(page, 'isMandatory', standard.email).isDisabled()).toBe(true);
    expect(await switchOf(page, 'isActive', standard.firstName).isDisabled()).toBe(true);
    expect(await switchOf(page, 'isEditable', standard.email).isDisabled()).toBe(false);
    expect(
      await page
        .getByRole('button', { name: fill(t.profileFields.deleteNamed, { name: standard.phone }) })
        .count(),
    ).toBe(0);

    // A field of her own: titles in both languages, a type.
    const words = { fr: 'Allergies alimentaires', en: 'Food allergies' };
    const mine = words[language];
    await page.getByRole('button', { name: t.profileFields.create }).click();
    const create = dialog(page, t.profileFields.createTitle);
    await create.waitFor();
    await textField(create, t.profileFields.fields.titleFr).fill(words.fr);
    await textField(create, t.profileFields.fields.titleEn).fill(words.en);
    await choose(
      page,
      create.getByRole('combobox', { name: t.profileFields.fields.inputType }),
      t.profileFields.inputTypes.longText,
    );
    await submit(create.getByRole('button', { name: t.common.create, exact: true }));
    await notice(page, t.profileFields.notifications.created).waitFor();
    await create.waitFor({ state: 'detached' });
    await until(() => titles(page)).toEqual([...standardTitles, mine]);

    // Mandatory at once.
    const mandatory = switchOf(page, 'isMandatory', mine);
    expect(await mandatory.isChecked()).toBe(false);
    await flip(page, mandatory);
    await notice(
      page,
      fill(t.profileFields.notifications.switchOn, {
        switch: t.profileFields.switches.isMandatory,
        name: mine,
      }),
    ).waitFor();
    await until(() => mandatory.isChecked()).toBe(true);

    // The keyboard sorts: Space picks the field up, the up arrow moves it above the video link, Space drops it.
    const handle = page.getByRole('button', { name: fill(t.sorting.handle, { name: mine }) });
    const liveRegion = page.locator('[id^="DndLiveRegion"]');
    await handle.focus();
    await page.keyboard.press('Space');
    await until(() => handle.getAttribute('aria-pressed')).toBe('true');
    const total = standardTitles.length + 1;
    const moved = fill(t.sorting.announcements.moved, {
      name: mine,
      position: total - 1,
      total,
      container: t.profileFields.listLabel,
    });
    // An arrow pressed while the list still measures itself after the pick-up moves nothing: press it again.
    for (let attempt = 0; attempt < 3 && (await liveRegion.textContent()) !== moved; attempt++) {
      await page.keyboard.press('ArrowUp');
      await page
        .waitForFunction(
          (text) => document.querySelector('[id^="DndLiveRegion"]')?.textContent === text,
          moved,
          { timeout: 3000 },
        )
        .catch(() => undefined);
    }
    await until(() => liveRegion.textContent()).toBe(moved);
    await page.keyboard.press('Space');
    const sorted = [...standardTitles.slice(0, -1), mine, standard.videoUrl];
    await until(() => titles(page)).toEqual(sorted);

    // Reloaded: the order and the switch are kept.
    await page.reload();
    await until(() => titles(page)).toEqual(sorted);
    await until(() => switchOf(page, 'isMandatory', mine).isChecked()).toBe(true);

    // Deleted after confirming.
    await page.getByRole('button', { name: fill(t.profileFields.deleteNamed, { name: mine }) }).click();
    const confirm = dialog(page, t.profileFields.deleteTitle);
    await confirm.waitFor();
    expect(await confirm.textContent()).toContain(fill(t.profileFields.deleteBody, { name: mine }));
    await confirm.getByRole('button', { name: t.common.delete, exact: true }).click();
    await notice(page, t.profileFields.notifications.deleted).waitFor();
    await until(() => titles(page)).toEqual(standardTitles);
  });
});
