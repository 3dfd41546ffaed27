import { describe } from 'vitest';
import {
  test as base,
  dialog,
  errorUnder,
  expect,
  expectNoSeriousA11yViolations,
  fill,
  LANGUAGES,
  notice,
  ORGANISER,
  signInByCookie,
  startServer,
  submit,
  TEXTS,
  textField,
  until,
} from '../tests/support/e2e';
import { type FakeWhereby, startFakeWhereby } from '../tests/support/fake-whereby';

/**
 * V4 link tab and V6 video rooms, in French and in English, on a server of this file's own whose Whereby is the
 * fake one (tests/support/fake-whereby.ts) and whose job queue runs: the organiser saves the location, generates
 * the video room (pending, then its two addresses), adds a link (a wrong address refused under its field) and
 * deletes it after a confirmation; an activity without date has its room locked. Each state is checked with axe.
 */
const test = base
  // biome-ignore lint/correctness/noEmptyPattern: vitest reads a fixture's dependencies from this pattern
  .extend('whereby', { scope: 'file' }, async ({}, { onCleanup }) => {
    const whereby = await startFakeWhereby();
    onCleanup(() => whereby.close());
    return whereby as FakeWhereby;
  })
  .extend('baseUrl', { scope: 'file' }, async ({ whereby }, { onCleanup }) => {
    const server = await startServer({
      WHEREBY_API_KEY: whereby.apiKey,
      WHEREBY_API_URL: whereby.url,
      JOBS: 'true',
    });
    onCleanup(server.stop);
    return server.baseUrl;
  });

describe.each(LANGUAGES)('activity link tab (%s)', (language) => {
  const t = TEXTS[language];
  const l = t.activities.linkTab;
  const titleOf = (fr: string, en: string) => (language === 'fr' ? fr : en);

  test('location, video room (pending, then its addresses), a link added and deleted', async ({
    page,
    whereby,
  }) => {
    const api = await signInByCookie(page, ORGANISER, language);
    const project = await api.createProject();
    const year = new Date().getFullYear() + 1;
    const activity = await api.call<{ id: string }>('POST', `/api/projects/${project.id}/activities`, {
      title: { fr: 'Table ronde', en: 'Round table' },
      startsAt: `${year}-06-10T14:00`,
      durationMinutes: 60,
    });
    const undated = await api.call<{ id: string }>('POST', `/api/projects/${project.id}/activities`, {
      title: { fr: 'Kiosque', en: 'Kiosk' },
      noDate: true,
    });

    // The tab, from the edition's tab list.
    await page.goto(`/projects/${project.id}/activities/${activity.id}`);
    await page.getByRole('tab', { name: t.activities.edition.tabs.link }).click();
    await page.waitForURL((url) => url.searchParams.get('tab') === 'link');
    const location = textField(page, l.location.label);
    await location.waitFor();
    const links = page.getByTestId('links-panel');
    await links.getByText(l.links.empty).waitFor();
    await expectNoSeriousA11yViolations(page);

    // The location is saved on its own.
    await location.fill('Salle Marie-Victorin');
    await submit(
      page.getByTestId('location-panel').getByRole('button', { name: t.common.save, exact: true }),
    );
    await notice(page, l.location.saved).waitFor();
    await until(() =>
      api
        .call<{ location: string }>('GET', `/api/projects/${project.id}/activities/${activity.id}`)
        .then((a) => a.location),
    ).toBe('Salle Marie-Victorin');
    // The notice closes by itself; the next screens are checked without it fading out under axe.
    await notice(page, l.location.saved).waitFor({ state: 'detached' });

    // The video room: pending while Whereby works, then the two addresses.
    const video = page.getByTestId('video-room-panel');
    const release = whereby.holdNext();
    await video.getByRole('button', { name: l.video.generate }).click();
    await video.getByTestId('video-room-pending').getByText(l.video.pending).waitFor();
    await expectNoSeriousA11yViolations(page);
    release();
    await video.getByTestId('video-room-ready').waitFor();
    const meeting = [...whereby.meetings.values()].at(-1);
    expect(await video.getByTestId('video-room-url').textContent()).toBe(meeting?.roomUrl);
    expect(await video.getByTestId('video-host-room-url').textContent()).toBe(meeting?.hostRoomUrl);
    await video.getByRole('button', { name: l.video.regenerate }).waitFor();
    await expectNoSeriousA11yViolations(page);

    // Regenerating asks first; cancelling keeps the room.
    await video.getByRole('button', { name: l.video.regenerate }).click();
    const regenerate = dialog(page, l.video.regenerateTitle);
    await regenerate.getByText(l.video.regenerateBody).waitFor();
    await expectNoSeriousA11yViolations(page);
    await regenerate.getByRole('button', { name: t.common.cancel, exact: true }).click();
    await regenerate.waitFor({ state: 'detached' });
    expect(await video.getByTestId('video-room-url').textContent()).toBe(meeting?.roomUrl);

    // A link: a wrong address is refused under its field, then it is added, shown, and deleted after asking.
    await links.getByRole('button', { name: l.links.add }).click();
    const form = dialog(page, l.links.addTitle);
    await form.waitFor();
    await textField(form, l.links.titleFr).fill('Programme détaillé');
    await textField(form, l.links.titleEn).fill('Detailed programme');
    const urlFr = textField(form, l.links.urlFr);
    await urlFr.fill('javascript:alert(1)');
    await textField(form, l.links.urlEn).fill('https://example.com/programme');
    await submit(form.getByRole('button', { name: t.common.create, exact: true }));
    await until(() => errorUnder(urlFr).textContent()).toBe(t.validation.activityLinks.url);
    await expectNoSeriousA11yViolations(page);
    await urlFr.fill('https://exemple.ca/programme');
    await submit(form.getByRole('button', { name: t.common.create, exact: true }));
    await notice(page, l.links.created).waitFor();
    await form.waitFor({ state: 'detached' });
    const row = links.getByTestId('link-row');
    await row.getByText(titleOf('Programme détaillé', 'Detailed programme')).waitFor();
    await row.getByText(titleOf('https://exemple.ca/programme', 'https://example.com/programme')).waitFor();
    await expectNoSeriousA11yViolations(page);

    const name = titleOf('Programme détaillé', 'Detailed programme');
    await row.getByRole('button', { name: fill(l.links.deleteNamed, { name }) }).click();
    const confirm = dialog(page, l.links.deleteTitle);
    await confirm.getByText(fill(l.links.deleteBody, { name })).waitFor();
    await expectNoSeriousA11yViolations(page);
    await confirm.getByRole('button', { name: t.common.delete, exact: true }).click();
    await notice(page, l.links.deleted).waitFor();
    await links.getByText(l.links.empty).waitFor();

    // An activity without date: the room is locked, and says why.
    await page.goto(`/projects/${project.id}/activities/${undated.id}?tab=link`);
    const locked = page.getByTestId('video-room-panel');
    await locked.getByTestId('video-room-locked').getByText(l.video.invalidDate).waitFor();
    expect(await locked.getByRole('button', { name: l.video.generate }).isDisabled()).toBe(true);
    await expectNoSeriousA11yViolations(page);
  }, 120_000);
});
