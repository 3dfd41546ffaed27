import ICAL from 'ical.js';
import type { Locator, Page } from 'playwright-core';
import { describe } from 'vitest';
import {
  dialog,
  expect,
  expectNoSeriousA11yViolations,
  fill,
  LANGUAGES,
  notice,
  ORGANISER,
  pageTitle,
  plural,
  searchParams,
  signInByCookie,
  TEXTS,
  test,
  until,
} from '../tests/support/e2e';

/** The demo project: its two days are always at least two weeks ahead (README). */
const DEMO_EVENT = 'Journée B2B Montréal 2026';

interface Activity {
  id: string;
  startsAt: string;
  endsAt: string;
  startsAtLocal: string;
}

/** Drags an activity of the day view by a number of minutes (its top part: the bottom edge resizes). */
async function dragBy(page: Page, event: Locator, minutes: number) {
  await event.scrollIntoViewIfNeeded();
  const column = await page.locator('.rbc-day-slot').first().boundingBox();
  const box = await event.boundingBox();
  if (!column || !box) throw new Error('the calendar is not drawn');
  const perMinute = column.height / (24 * 60);
  const x = box.x + box.width / 2;
  const y = box.y + Math.min(8, box.height / 3);
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x, y + 10, { steps: 2 });
  await page.mouse.move(x, y + minutes * perMinute, { steps: 10 });
  await page.mouse.up();
}

/** Reads an iCalendar text as calendar applications do, its zones from its own VTIMEZONE components. */
function eventsOf(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
  return calendar.getAllSubcomponents('vevent').map((component) => {
    const event = new ICAL.Event(component);
    return {
      uid: event.uid,
      summary: event.summary,
      start: event.startDate.toJSDate().toISOString(),
      end: event.endDate.toJSDate().toISOString(),
    };
  });
}

/**
 * The calendar, the feeds and the landing page, in French and in English. The browser is in Toronto; the project
 * is in Paris: the calendar shows Paris wall times. An activity dragged one hour later asks first, then moves; one
 * dragged into the hour Paris skips when clocks move forward is refused with the server's message. The feed's file
 * downloads and parses with the activities' instants; regenerating its address (confirmed) makes the old one 404.
 * The landing page's selection is saved, with the unsaved-changes banner meanwhile. Every screen checked with axe.
 */
describe.each(LANGUAGES)('activity calendar (%s)', (language) => {
  const t = TEXTS[language];
  const c = t.calendar;
  const l = t.landing;
  const titleOf = (fr: string, en: string) => (language === 'fr' ? fr : en);
  const time = (hour: number, minute: number) =>
    language === 'fr'
      ? `${String(hour).padStart(2, '0')} h ${String(minute).padStart(2, '0')}`
      : `${hour}:${String(minute).padStart(2, '0')}`;

  test('see the activities at the project’s times, drag one after a confirmation, subscribe, choose the landing page', async ({
    page,
  }) => {
    const api = await signInByCookie(page, ORGANISER, language);
    const project = await api.createProject({ timeZone: 'Europe/Paris' });
    const base = `/api/projects/${project.id}`;
    const section = await api.call<{ id: string }>('POST', `${base}/activity-sections`, {
      name: { fr: 'Plénières', en: 'Plenaries' },
    });
    const keynote = await api.call<Activity>('POST', `${base}/activities`, {
      title: { fr: 'Conférence d’ouverture', en: 'Opening keynote' },
      startsAt: '2027-06-10T09:30',
      durationMinutes: 60,
      sectionId: section.id,
    });
    const night = await api.call<Activity>('POST', `${base}/activities`, {
      title: { fr: 'Veille de nuit', en: 'Night watch' },
      startsAt: '2027-03-28T01:00',
      durationMinutes: 30,
    });
    await api.call('POST', `${base}/activities`, {
      title: { fr: 'Kiosque des partenaires', en: 'Partners’ kiosk' },
      noDate: true,
    });

    // From the activity list's header.
    await page.goto(`/projects/${project.id}/activities`);
    await page.getByRole('link', { name: c.open, exact: true }).click();
    await until(() => pageTitle(page).textContent()).toBe(c.title);
    await page.getByTestId('activity-calendar').locator('.rbc-time-view').waitFor();
    await expectNoSeriousA11yViolations(page);

    // The day of the keynote, grouped by section: 09:30 in Paris, though the browser is in Toronto (03:30).
    await page.goto(`/projects/${project.id}/activities/calendar?view=day&date=2027-06-10&group=section`);
    const keynoteEvent = page
      .locator('.rbc-event')
      .filter({ hasText: titleOf('Conférence d’ouverture', 'Opening keynote') });
    await keynoteEvent.waitFor();
    expect(await keynoteEvent.locator('.rbc-event-label').textContent()).toContain(time(9, 30));
    await page.locator('.rbc-time-header').getByText(titleOf('Plénières', 'Plenaries')).waitFor();
    await page.getByTestId('calendar-zone').getByText('Europe/Paris').waitFor();
    const undated = page.getByTestId('undated-activities');
    await undated
      .getByRole('link', { name: titleOf('Kiosque des partenaires', 'Partners’ kiosk') })
      .waitFor();
    await expectNoSeriousA11yViolations(page);

    // Dragged one hour later: the confirmation shows both times; confirmed, it moves.
    await dragBy(page, keynoteEvent, 60);
    const moveDialog = dialog(page, c.move.title);
    await moveDialog.waitFor();
    await moveDialog.getByText(fill(c.move.to, { when: '' }).trim()).waitFor();
    expect(await moveDialog.getByTestId('move-confirm').textContent()).toContain(time(10, 30));
    await expectNoSeriousA11yViolations(page);
    await moveDialog.getByRole('button', { name: c.move.confirm, exact: true }).click();
    await notice(page, c.move.done).waitFor();
    await moveDialog.waitFor({ state: 'detached' });
    await until(() => keynoteEvent.locator('.rbc-event-label').textContent()).toContain(time(10, 30));
    const moved = await api.call<Activity>('GET', `${base}/activities/${keynote.id}`);
    expect(moved.startsAtLocal).toBe('2027-06-10T10:30');
    expect(moved.startsAt).toBe('2027-06-10T08:30:00.000Z');

    // Into the hour Paris skips (02:00–02:59 on 2027-03-28): the server's message, nothing moved.
    await page.goto(`/projects/${project.id}/activities/calendar?view=day&date=2027-03-28&group=none`);
    const nightEvent = page
      .locator('.rbc-event')
      .filter({ hasText: titleOf('Veille de nuit', 'Night watch') });
    await nightEvent.waitFor();
    await dragBy(page, nightEvent, 90);
    const refused = dialog(page, c.move.title);
    await refused.waitFor();
    await refused.getByRole('button', { name: c.move.confirm, exact: true }).click();
    const error = refused.getByTestId('move-error');
    await error.waitFor();
    // The drop lands on a quarter of the skipped hour (02:15 or 02:30, as the pointer falls): the server's message.
    const [, hour] = /^(02:\d\d) /.exec(String(await error.textContent())) ?? [];
    expect(hour, String(await error.textContent())).toBeDefined();
    expect(await error.textContent()).toBe(
      fill(t.validation.activities.nonexistentTime, {
        time: hour,
        date: '2027-03-28',
        timeZone: 'Europe/Paris',
      }),
    );
    await expectNoSeriousA11yViolations(page);
    await refused.getByRole('button', { name: t.common.cancel, exact: true }).click();
    await refused.waitFor({ state: 'detached' });
    expect((await api.call<Activity>('GET', `${base}/activities/${night.id}`)).startsAtLocal).toBe(
      '2027-03-28T01:00',
    );

    // The feed: its address made, the file downloaded and read with the activities' instants.
    const feed = page.getByTestId('project-calendar-feed');
    await feed.getByRole('button', { name: c.feed.create, exact: true }).click();
    await notice(page, c.feed.created).waitFor();
    const address = feed.getByTestId('calendar-feed-address');
    await address.waitFor();
    await expectNoSeriousA11yViolations(page);
    const download = await page.request.get(
      String(await feed.getByTestId('calendar-download').getAttribute('href')),
    );
    expect(download.status()).toBe(200);
    const events = eventsOf(await download.text());
    expect(events.map((e) => e.uid).sort()).toEqual(
      [`${keynote.id}@maillage`, `${night.id}@maillage`].sort(),
    );
    expect(events.find((e) => e.uid === `${keynote.id}@maillage`)).toMatchObject({
      summary: 'Conférence d’ouverture',
      start: moved.startsAt,
      end: '2027-06-10T09:30:00.000Z',
    });
    const firstAddress = await address.inputValue();
    expect((await page.request.get(firstAddress)).status()).toBe(200);

    // Regenerated after a confirmation: the old address answers 404.
    await feed.getByRole('button', { name: c.feed.regenerate, exact: true }).click();
    const regenerate = dialog(page, c.feed.regenerateTitle);
    await regenerate.getByText(c.feed.regenerateBody).waitFor();
    await expectNoSeriousA11yViolations(page);
    await regenerate.getByRole('button', { name: c.feed.regenerate, exact: true }).click();
    await notice(page, c.feed.regenerated).waitFor();
    await until(async () => (await address.inputValue()) !== firstAddress).toBe(true);
    expect((await page.request.get(firstAddress)).status()).toBe(404);
    expect((await page.request.get(await address.inputValue())).status()).toBe(200);

    // Keyboard: an activity of the calendar is reached and opened with Enter.
    await page.goto(`/projects/${project.id}/activities/calendar?view=day&date=2027-06-10&group=none`);
    await keynoteEvent.waitFor();
    await keynoteEvent.focus();
    await page.keyboard.press('Enter');
    await until(() => new URL(page.url()).pathname).toBe(`/projects/${project.id}/activities/${keynote.id}`);

    // A participant's own feed, in their panel: made, and their file (the activity they are inscribed in: none yet).
    const role = await api.call<{ id: string }>('POST', `${base}/roles`, {
      name: { fr: 'Visiteur', en: 'Visitor' },
    });
    const ana = await api.call<{ id: string }>('POST', `${base}/participants`, {
      roleId: role.id,
      firstName: 'Ana',
      lastName: 'Roy',
      email: `ana.${Date.now()}.${language}@example.test`,
    });
    await page.goto(`/projects/${project.id}/participants?participant=${ana.id}`);
    const own = page.getByTestId('participant-calendar-feed');
    await own.getByRole('button', { name: c.feed.create, exact: true }).click();
    await own.getByTestId('calendar-feed-address').waitFor();
    await expectNoSeriousA11yViolations(page);
    const ownAddress = await own.getByTestId('calendar-feed-address').inputValue();
    const ownFile = await page.request.get(ownAddress);
    expect(ownFile.headers()['content-type']).toBe('text/calendar; charset=utf-8');
    expect(eventsOf(await ownFile.text())).toEqual([]);

    // J6: the landing page, from the list's header.
    await page.goto(`/projects/${project.id}/activities`);
    await page.getByRole('link', { name: l.open, exact: true }).click();
    await until(() => pageTitle(page).textContent()).toBe(l.title);
    const available = page.getByTestId('landing-available');
    const selected = page.getByTestId('landing-selected');
    await available.getByTestId('landing-row').first().waitFor();
    await expectNoSeriousA11yViolations(page);
    await available.getByRole('textbox', { name: l.filters.text }).fill(titleOf('kiosque', 'KIOSK'));
    await until(() => available.getByTestId('landing-row').count()).toBe(1);
    const kiosk = titleOf('Kiosque des partenaires', 'Partners’ kiosk');
    await available.getByRole('button', { name: fill(l.available.move, { title: kiosk }) }).click();
    await selected.getByText(kiosk).waitFor();
    await page.getByTestId('unsaved-banner').waitFor();
    await expectNoSeriousA11yViolations(page);
    await page.getByTestId('landing-save').click();
    await notice(page, plural(l, 'saved', 1, language)).waitFor();
    await page.getByTestId('unsaved-banner').waitFor({ state: 'detached' });
    const landing = await api.call<{ items: { id: string; onLanding: boolean; title: { fr: string } }[] }>(
      'GET',
      `${base}/landing-activities`,
    );
    expect(landing.items.filter((a) => a.onLanding).map((a) => a.title.fr)).toEqual([
      'Kiosque des partenaires',
    ]);
  });

  test('opens on the project’s first day when the project is ahead, in the week and in the day view', async ({
    page,
  }) => {
    const api = await signInByCookie(page, ORGANISER, language);
    const [demo] = (await api.listProjects({ q: DEMO_EVENT })).items;
    const {
      items: [first],
    } = await api.call<{ items: { title: { fr: string; en: string }; startsAtLocal: string }[] }>(
      'GET',
      `/api/projects/${demo.id}/activities?sort=startsAt&pageSize=25`,
    );
    expect(first.startsAtLocal.slice(0, 10)).toBe(demo.startsOn);
    const firstEvent = page
      .locator('.rbc-event')
      .filter({ hasText: titleOf(first.title.fr, first.title.en) });

    // No day in the address: the week of the project's first day, with its activities (today's week is empty).
    await page.goto(`/projects/${demo.id}/activities/calendar`);
    await firstEvent.first().waitFor();
    expect(searchParams(page).date).toBeUndefined();
    await expectNoSeriousA11yViolations(page);

    // The day view opens on that day too.
    await page.goto(`/projects/${demo.id}/activities/calendar?view=day`);
    await page.locator('.rbc-time-view').waitFor();
    await firstEvent.first().waitFor();
    await expectNoSeriousA11yViolations(page);

    // A day in the address wins: the day before the project shows none of its activities.
    const before = new Date(`${demo.startsOn}T12:00:00Z`);
    before.setUTCDate(before.getUTCDate() - 1);
    await page.goto(
      `/projects/${demo.id}/activities/calendar?view=day&date=${before.toISOString().slice(0, 10)}`,
    );
    await page.locator('.rbc-time-view').waitFor();
    await until(() => page.locator('.rbc-event').count()).toBe(0);
  });
});
