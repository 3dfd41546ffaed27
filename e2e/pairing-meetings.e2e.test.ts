import { describe } from 'vitest';
import {
  type ApiClient,
  dialog,
  exactly,
  expect,
  expectNoSeriousA11yViolations,
  fill,
  LANGUAGES,
  notice,
  ORGANISER,
  pageTitle,
  signInByCookie,
  submit,
  TEXTS,
  test,
  until,
} from '../tests/support/e2e';

type Generation = { status: string } | null;
type State = { tablesPerRound: number[]; settings: { startsAt: string } };

/**
 * A project with a meeting category of 2 tables and 6 participants, and a pairing of 2 rounds whose seats are
 * generated (the real solver) through the API, as the organiser's « Générer » does.
 */
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
      email: `rdv${i}-${project.id.slice(0, 8)}@example.test`,
    });
    people.push(created.id);
  }
  const pairing = await api.call<{ id: string }>('POST', `${base}/pairings`, {
    name: 'Réseautage du matin',
    categoryId: category.id,
    rounds: 2,
    algorithm: 1,
    objective: 'none',
    choiceCount: null,
    questionId: null,
    choiceIds: [],
    held: false,
  });
  const url = `${base}/pairings/${pairing.id}`;
  await api.call('POST', `${url}/generation`);
  await until(
    async () => (await api.call<{ generation: Generation }>('GET', url)).generation?.status,
    60_000,
  ).toBe('done');
  return { projectId: project.id, pairingId: pairing.id, url, startsOn: project.startsOn, people };
}

/**
 * M6, in French and in English: on a generated pairing, the organiser opens « Générer les rendez-vous », reads the
 * preview, generates (the spec's success sentence), regenerates after a confirmation that says how many go, and
 * finds a meeting in the calendar and in a seated person's agenda.
 */
describe.each(LANGUAGES)('meetings from a pairing (%s)', (language) => {
  const t = TEXTS[language];
  const m = t.pairingMeetings;

  test('generate the meetings, regenerate them, see one in the calendar and in a person’s agenda', async ({
    page,
  }) => {
    const api = await signInByCookie(page, ORGANISER, language);
    const { projectId, pairingId, url, startsOn, people } = await seed(api);
    const state = await api.call<State>('GET', `${url}/meetings`);
    expect(state.tablesPerRound).toHaveLength(2);
    expect(state.settings.startsAt).toBe(`${startsOn}T09:00`);
    const count = state.tablesPerRound.reduce((a, b) => a + b, 0);

    await page.goto(`/projects/${projectId}/pairings/${pairingId}`);
    await until(() => pageTitle(page).textContent()).toBe('Réseautage du matin');
    const panel = page.getByTestId('meetings-panel');
    await panel.getByText(m.none).waitFor();
    await panel.getByRole('link', { name: exactly(m.excel.button) }).waitFor();
    await expectNoSeriousA11yViolations(page);

    await panel.getByRole('button', { name: exactly(m.generate) }).click();
    const modal = dialog(page, m.form.title);
    await modal.waitFor();
    // 2 rounds of 20 minutes, 5 minutes apart, from 09:00: until 09:45.
    const preview = modal.getByTestId('meetings-preview');
    await until(() => preview.textContent()).toContain(
      language === 'fr' ? 'de 9 h 00 à 9 h 45' : 'from 9:00 a.m. to 9:45 a.m.',
    );
    expect(await preview.textContent()).toContain(`= ${count} `);
    await expectNoSeriousA11yViolations(page);
    // Neither in person nor virtual: refused under the switches.
    await modal.getByRole('switch', { name: m.form.inPerson }).uncheck({ force: true });
    await submit(modal.getByRole('button', { name: exactly(m.form.submit) }));
    await modal.getByText(t.validation.pairingMeetings.mode).waitFor();
    await expectNoSeriousA11yViolations(page);
    await modal.getByRole('switch', { name: m.form.inPerson }).check({ force: true });
    await submit(modal.getByRole('button', { name: exactly(m.form.submit) }));
    await notice(page, m.done).waitFor();
    await modal.waitFor({ state: 'detached' });
    // Closed, so that the second generation's notice is the only one with that text.
    await notice(page, m.done).locator('.mantine-Notification-closeButton').click();
    await notice(page, m.done).waitFor({ state: 'detached' });
    await until(() => panel.getByTestId('meetings-existing').textContent()).toContain(String(count));

    // Again: a confirmation says how many meetings go.
    await panel.getByRole('button', { name: exactly(m.regenerate) }).click();
    await dialog(page, m.form.title).waitFor();
    await submit(dialog(page, m.form.title).getByRole('button', { name: exactly(m.form.submit) }));
    const confirm = dialog(page, m.form.confirmTitle);
    await confirm.waitFor();
    await confirm.getByText(fill(m.form.confirm_other, { count, members: 12 }, language)).waitFor();
    await expectNoSeriousA11yViolations(page);
    await confirm.getByRole('button', { name: exactly(m.form.confirmButton) }).click();
    await notice(page, m.done).waitFor();
    await dialog(page, m.form.title).waitFor({ state: 'detached' });

    // The calendar of that day shows the first round's meetings at 09:00.
    await page.goto(`/projects/${projectId}/activities/calendar?view=day&date=${startsOn}&group=none`);
    const event = page
      .locator('.rbc-event')
      .filter({ hasText: language === 'fr' ? 'Ronde 1 – Table' : 'Round 1 – Table' })
      .first();
    await event.waitFor();
    await expectNoSeriousA11yViolations(page);

    // A seated person's agenda, in their panel: their two meetings, one per round.
    await page.goto(`/projects/${projectId}/participants?participant=${people[0]}`);
    const agenda = page.getByTestId('participant-agenda');
    await until(() => agenda.locator('tbody tr').count()).toBe(2);
    expect(await agenda.locator('tbody tr').first().textContent()).toContain(
      language === 'fr' ? 'Ronde 1 – Table' : 'Round 1 – Table',
    );
    await expectNoSeriousA11yViolations(page);
  });
});
