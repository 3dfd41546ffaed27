import type { Page } from 'playwright-core';
import { describe } from 'vitest';
import {
  choose,
  dialog,
  expect,
  expectNoSeriousA11yViolations,
  fill,
  flip,
  LANGUAGES,
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
import { keyboardMove } from '../tests/support/sortable';

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
    const api = await signInByCookie(page, ORGANISER, language);
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
    await expectNoSeriousA11yViolations(page);
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
    await expectNoSeriousA11yViolations(page);

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
  /**
   * Journey (U5 related items): a single-choice field « Secteur » with three items given at its creation; the last
   * item moved first with the keyboard in the items editor; a participant added with one item chosen, whose record
   * (info window) reads the item's label in the reader's language.
   */
  test('a single-choice field: three items, sorted, chosen for a participant, read in the info window', async ({
    page,
  }) => {
    const items = t.profileFields.items;
    const api = await signInByCookie(page, ORGANISER, language);
    const project = await api.createProject();
    await api.call('POST', `/api/projects/${project.id}/roles`, { name: { fr: 'Acheteur', en: 'Buyer' } });
    await page.goto(`/projects/${project.id}/profile-fields`);
    await until(() => pageTitle(page).textContent()).toBe(t.profileFields.title);

    // The field and its three items, in both languages, in one form.
    const sectors = [
      { fr: 'Santé', en: 'Health' },
      { fr: 'Finance', en: 'Finance' },
      { fr: 'Énergie', en: 'Energy' },
    ];
    const label = (i: number) => sectors[i][language];
    const sector = language === 'fr' ? 'Secteur' : 'Sector';
    await page.getByRole('button', { name: t.profileFields.create }).click();
    const create = dialog(page, t.profileFields.createTitle);
    await create.waitFor();
    await textField(create, t.profileFields.fields.titleFr).fill('Secteur');
    await textField(create, t.profileFields.fields.titleEn).fill('Sector');
    await choose(
      page,
      create.getByRole('combobox', { name: t.profileFields.fields.inputType }),
      t.profileFields.inputTypes.choice,
    );
    for (const [index, words] of sectors.entries()) {
      const number = index + 1;
      if (index > 0) await create.getByRole('button', { name: items.add }).click();
      await create.getByRole('textbox', { name: fill(items.labelFrNumbered, { number }) }).fill(words.fr);
      await create.getByRole('textbox', { name: fill(items.labelEnNumbered, { number }) }).fill(words.en);
    }
    await expectNoSeriousA11yViolations(page);
    await submit(create.getByRole('button', { name: t.common.create, exact: true }));
    await notice(page, t.profileFields.notifications.created).waitFor();
    await create.waitFor({ state: 'detached' });
    const row = page.getByTestId('profile-field').filter({ hasText: sector });
    await until(() => row.getByTestId('profile-field-item-count').textContent()).toBe(
      fill(items.count_other, { count: 3 }),
    );

    // The items editor, from the field's row: the last item moved first with the keyboard, kept after a reload.
    await page.getByRole('button', { name: fill(items.editNamed, { name: sector }) }).click();
    const editor = dialog(page, fill(items.editorTitle, { name: sector }));
    await editor.waitFor();
    const labels = () => editor.getByTestId('profile-field-item-label').allTextContents();
    await until(labels).toEqual([label(0), label(1), label(2)]);
    await expectNoSeriousA11yViolations(page);
    // Space picks the item up, the up arrow moves it (once per place), Space drops it; the editor's list is the one
    // over the page's own.
    await keyboardMove(page, t, {
      name: label(2),
      to: 1,
      total: 3,
      container: items.listLabel,
      key: 'ArrowUp',
      within: editor,
    });
    const sorted = [label(2), label(0), label(1)];
    await until(labels).toEqual(sorted);
    await page.reload();
    await page.getByRole('button', { name: fill(items.editNamed, { name: sector }) }).click();
    await editor.waitFor();
    await until(labels).toEqual(sorted);
    await editor.getByRole('button', { name: t.common.close }).click();
    await editor.waitFor({ state: 'detached' });

    // A participant who chooses an item, among the items in their order, in the reader's language.
    const p = t.participants;
    await page.goto(`/projects/${project.id}/participants`);
    await page.getByRole('button', { name: p.add, exact: true }).click();
    const modal = dialog(page, p.addTitle);
    await modal.waitFor();
    await textField(modal, p.fields.firstName).fill('Éloïse');
    await textField(modal, p.fields.lastName).fill('Choix');
    await textField(modal, p.fields.email).fill(`eloise.choix.${Date.now()}.${language}@example.test`);
    await choose(page, modal.getByTestId('participant-role'), language === 'fr' ? 'Acheteur' : 'Buyer');
    const choice = modal
      .getByRole('textbox', { name: sector })
      .or(modal.getByRole('combobox', { name: sector }));
    await choice.click();
    await until(() => page.getByRole('option').allTextContents()).toEqual(sorted);
    await page.getByRole('option', { name: label(0), exact: true }).click();
    await until(() => choice.inputValue()).toBe(label(0));
    await expectNoSeriousA11yViolations(page);
    await submit(modal.getByRole('button', { name: t.common.create, exact: true }));
    await notice(page, p.notifications.created).waitFor();
    await modal.waitFor({ state: 'detached' });

    // The record reads the item's label, never its id.
    await page.getByRole('button', { name: fill(p.info.open, { name: 'Éloïse Choix' }) }).click();
    const info = page.getByRole('dialog', { name: fill(p.info.title, { name: 'Éloïse Choix' }) });
    await info.waitFor();
    await until(() => info.textContent()).toContain(`${sector}${label(0)}`);
    await expectNoSeriousA11yViolations(page);
    expect(await info.textContent()).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/);
  });
});
