import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import sharp from 'sharp';
import { describe } from 'vitest';
import {
  ApiClient,
  choose,
  dialog,
  errorUnder,
  expect,
  expectNoSeriousA11yViolations,
  fill,
  LANGUAGES,
  notice,
  ORGANISER,
  searchTable,
  signIn,
  submit,
  TEXTS,
  tableRows,
  tableSettled,
  test,
  textField,
  uniqueName,
  until,
} from '../tests/support/e2e';

/** U1/U2: add a participant (a role is required), find them in the list, edit them in the side panel, go back. */
describe.each(LANGUAGES)('participants (%s)', (language) => {
  const t = TEXTS[language];
  const p = t.participants;

  test('add a participant, find them, edit them in the side panel, then go back', async ({
    page,
    baseUrl,
  }) => {
    const api = await ApiClient.signIn(baseUrl, ORGANISER);
    const project = await api.createProject();
    await api.call('POST', `/api/projects/${project.id}/roles`, { name: { fr: 'Acheteur', en: 'Buyer' } });
    const roleName = language === 'fr' ? 'Acheteur' : 'Buyer';
    const lastName = uniqueName('Bérubé');
    const key = lastName.split(' ').at(-1) as string;

    // A participant with long texts in every column: at 1440 px the table still fits the window, role included.
    const long = await api.call<{ id: string }>('POST', `/api/projects/${project.id}/roles`, {
      name: { fr: 'Responsable des achats internationaux', en: 'International purchasing manager' },
    });
    await api.call('POST', `/api/projects/${project.id}/participants`, {
      roleId: long.id,
      firstName: 'Marie-Christine-Geneviève',
      lastName: 'Lafontaine-Beauchemin-Desrosiers',
      email: `marie-christine.lafontaine-beauchemin-${language}@exportations-internationales.example.test`,
      organisation: 'Regroupement des exportateurs manufacturiers du Bas-Saint-Laurent',
    });

    await signIn(page, ORGANISER, language, `/projects/${project.id}/participants`);
    await tableSettled(page);
    const fit = await page.evaluate(() => {
      const table = document.querySelector('main table') as HTMLElement;
      return {
        page: document.documentElement.scrollWidth,
        window: window.innerWidth,
        table: table.getBoundingClientRect().right,
        container: (table.parentElement as HTMLElement).getBoundingClientRect().right,
      };
    });
    expect(fit.page).toBeLessThanOrEqual(fit.window);
    expect(fit.table).toBeLessThanOrEqual(fit.container + 0.5);
    const roleHeader = await page.getByRole('columnheader', { name: p.fields.role }).boundingBox();
    expect((roleHeader?.x ?? Infinity) + (roleHeader?.width ?? 0)).toBeLessThanOrEqual(fit.container);
    await expectNoSeriousA11yViolations(page);

    // First try without a role: the message shows under the role field.
    await page.getByRole('button', { name: p.add, exact: true }).click();
    const modal = dialog(page, p.addTitle);
    await modal.waitFor();
    await textField(modal, p.fields.firstName).fill('Éloïse');
    await textField(modal, p.fields.lastName).fill(lastName);
    await textField(modal, p.fields.email).fill(`eloise.${key}@example.test`);
    const role = modal.getByTestId('participant-role');
    await submit(modal.getByRole('button', { name: t.common.create, exact: true }));
    await until(() => errorUnder(role).textContent()).toBe(t.validation.participants.roleRequired);
    await expectNoSeriousA11yViolations(page);

    // With a role, the participant is added.
    await choose(page, role, roleName);
    await submit(modal.getByRole('button', { name: t.common.create, exact: true }));
    await notice(page, p.notifications.created).waitFor();
    await modal.waitFor({ state: 'detached' });

    // Found by a search that ignores accents.
    await searchTable(page, t, `berube ${key}`);
    await until(() => tableRows(page).allTextContents()).toEqual([expect.stringContaining(lastName)]);
    expect(await tableRows(page).first().textContent()).toContain(roleName);

    // The row opens the edition panel in place of the list.
    await tableRows(page).first().getByText(lastName).click();
    const panel = page.getByTestId('participant-panel');
    await panel.waitFor();
    await expect.poll(() => page.locator('main table').count()).toBe(0);
    expect(await textField(panel, p.fields.lastName).inputValue()).toBe(lastName);
    await textField(panel, p.fields.organisation).fill('Boréal Export');
    // Once saved, the panel reads the participant again and is drawn anew with what was saved: a click meanwhile
    // could land on the panel being replaced, so the next step waits for that read.
    const reread = page.waitForResponse(
      (r) =>
        r.request().method() === 'GET' && /\/participants\/[0-9a-f-]{36}$/.test(new URL(r.url()).pathname),
    );
    await submit(panel.getByRole('button', { name: t.common.save, exact: true }));
    await notice(page, p.notifications.saved).waitFor();
    await reread;
    await until(() => textField(panel, p.fields.organisation).inputValue()).toBe('Boréal Export');
    await expectNoSeriousA11yViolations(page);

    // The inscription e-mail is sent once per page view: the button is then disabled.
    const send = panel.getByRole('button', { name: p.inscription.send });
    await send.click();
    await notice(page, p.inscription.sent).waitFor();
    await until(() => send.isDisabled()).toBe(true);

    // Back to the list, still searched, showing the change.
    await page.getByRole('link', { name: p.back }).click();
    await tableSettled(page);
    await until(() => tableRows(page).allTextContents()).toEqual([expect.stringContaining('Boréal Export')]);
    expect(new URL(page.url()).searchParams.get('q')).toBe(`berube ${key}`);
  });

  test('export the filtered list, open a record, refuse a second one, add a picture through the cropper', async ({
    page,
    baseUrl,
  }) => {
    const api = await ApiClient.signIn(baseUrl, ORGANISER);
    const project = await api.createProject();
    const buyer = await api.call<{ id: string }>('POST', `/api/projects/${project.id}/roles`, {
      name: { fr: 'Acheteur', en: 'Buyer' },
    });
    const exhibitor = await api.call<{ id: string }>('POST', `/api/projects/${project.id}/roles`, {
      name: { fr: 'Exposant', en: 'Exhibitor' },
    });
    const tag = uniqueName('x').split(' ').at(-1) as string;
    const add = (lastName: string, roleId: string) =>
      api.call<{ id: string }>('POST', `/api/projects/${project.id}/participants`, {
        roleId,
        firstName: 'Zoé',
        lastName,
        email: `${lastName
          .normalize('NFD')
          .replace(/[^A-Za-z]/g, '')
          .toLowerCase()}.${tag}@example.test`,
      });
    await add('Arsenault', buyer.id);
    await add('Bouchard', exhibitor.id);
    await add('Côté', buyer.id);

    await signIn(page, ORGANISER, language, `/projects/${project.id}/participants`);
    await tableSettled(page);
    await until(() => tableRows(page).count()).toBe(3);

    // Export with the role filter: an Excel workbook named after the project and the day, holding the filtered rows.
    await choose(page, page.getByTestId('role-filter'), language === 'fr' ? 'Acheteur' : 'Buyer');
    await until(() => tableRows(page).count()).toBe(2);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: p.export.xlsx }).click(),
    ]);
    const projectName = (language === 'fr' ? project.nameFr : project.nameEn)
      .toLowerCase()
      .replace(/ /g, '-');
    expect(download.suggestedFilename()).toMatch(
      new RegExp(`^participants-${projectName}-\\d{4}-\\d{2}-\\d{2}\\.xlsx$`),
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await readFile(await download.path())) as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    const names: string[] = [];
    sheet.eachRow((row, index) => {
      if (index > 1) names.push(String(row.getCell(1).value));
    });
    expect(String(sheet.getRow(1).getCell(1).value)).toBe(p.fields.lastName);
    expect(names).toEqual(['Arsenault', 'Côté']);

    // The info window of one participant, with its tabs; a second one is refused with the message.
    await page.getByRole('button', { name: fill(p.info.open, { name: 'Zoé Arsenault' }) }).click();
    const info = page.getByRole('dialog', { name: fill(p.info.title, { name: 'Zoé Arsenault' }) });
    await info.waitFor();
    await info.getByRole('tab', { name: p.info.tabs.emails }).click();
    await info.getByText(p.info.noEmails).waitFor();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: fill(p.info.open, { name: 'Zoé Côté' }) }).click();
    await notice(page, p.info.cantOpenMore).waitFor();
    expect(await page.getByTestId('participant-info').count()).toBe(1);
    await info.getByRole('button', { name: t.common.close }).click();
    await info.waitFor({ state: 'detached' });

    // A picture through the cropper, in the edition panel, saved with the participant.
    await tableRows(page).first().getByRole('cell', { name: 'Arsenault', exact: true }).click();
    const panel = page.getByTestId('participant-panel');
    await panel.waitFor();
    const png = await sharp({
      create: { width: 900, height: 700, channels: 3, background: { r: 200, g: 80, b: 40 } },
    })
      .png()
      .toBuffer();
    await panel
      .locator('input[type="file"][accept^="image"]')
      .setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: png });
    const cropper = dialog(page, t.images.cropper.title);
    await cropper.waitFor();
    await cropper.locator('.cropper-container').waitFor();
    await expectNoSeriousA11yViolations(page);
    await submit(cropper.getByRole('button', { name: t.images.cropper.save, exact: true }));
    await cropper.waitFor({ state: 'detached' });
    const picture = panel.getByRole('img', {
      name: fill(t.images.field.current, { label: p.fields.picture }),
    });
    await picture.waitFor();
    await until(() =>
      picture.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight]),
    ).toEqual([400, 400]);
    await submit(panel.getByRole('button', { name: t.common.save, exact: true }));
    await notice(page, p.notifications.saved).waitFor();
    const saved = await api.call<{ items: { id: string; lastName: string }[] }>(
      'GET',
      `/api/projects/${project.id}/participants?q=Arsenault`,
    );
    const one = await api.call<{ pictureFileId: string | null }>(
      'GET',
      `/api/projects/${project.id}/participants/${saved.items[0].id}`,
    );
    expect(one.pictureFileId).not.toBeNull();
  });
});
