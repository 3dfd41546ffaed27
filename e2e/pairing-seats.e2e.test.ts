import type { Locator, Page } from 'playwright-core';
import { describe } from 'vitest';
import { seriousA11yViolations } from '../tests/support/a11y';
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
  TEXTS,
  test,
  until,
} from '../tests/support/e2e';

/**
 * M4, X10 and the live adjustment in French and in English: the pre-flight panel on the pairing page, then the seats
 * screen of a generated pairing: a person selected (their chosen table highlighted, a conflict icon), a move by
 * keyboard and one by mouse (both tables refreshed), an absence and « Reprendre les rondes restantes ».
 */

/** 6 people (named Personne1…6 Essai1…6, the odd ones of « Entreprise i ») at 3 tables of 6 seats; person 1 given table 3 (J7); 1 and 2 never meet. */
async function seed(api: ApiClient, rounds = 2) {
  const project = await api.createProject();
  const base = `/api/projects/${project.id}`;
  const category = await api.call<{ id: string }>('POST', `${base}/activity-categories`, {
    name: { fr: 'Rencontres d’affaires', en: 'Business meetings' },
  });
  const tables = (
    await api.call<{ items: { id: string; number: number }[] }>(
      'PUT',
      `${base}/activity-categories/${category.id}/table-counts`,
      { standard: 3, vip: 0 },
    )
  ).items;
  for (const table of tables)
    await api.call('PUT', `${base}/activity-tables/${table.id}`, {
      number: table.number,
      vip: false,
      seats: 6,
    });
  const role = await api.call<{ id: string }>('POST', `${base}/roles`, {
    name: { fr: 'Acheteur', en: 'Buyer' },
  });
  const people: string[] = [];
  for (let i = 1; i <= 6; i++) {
    const created = await api.call<{ id: string }>('POST', `${base}/participants`, {
      roleId: role.id,
      firstName: `Personne${i}`,
      lastName: `Essai${i}`,
      // A company shown under the name of some: the button's accessible name holds both, the name first.
      organisation: i % 2 ? `Entreprise ${i}` : null,
      email: `personne${i}-${project.id.slice(0, 8)}@example.test`,
    });
    people.push(created.id);
  }
  await api.call('POST', `${base}/activity-tables/${tables[2].id}/assignments`, {
    participantIds: [people[0]],
  });
  const pairing = await api.call<{ id: string }>('POST', `${base}/pairings`, {
    name: 'Réseautage du matin',
    categoryId: category.id,
    rounds,
    algorithm: 1,
  });
  const url = `${base}/pairings/${pairing.id}`;
  const group = async (name: string, ids: string[]) => {
    const created = await api.call<{ id: string }>('POST', `${url}/groups`, { name, vip: false });
    await api.call('POST', `${url}/groups/${created.id}/members`, { mode: 'ids', participantIds: ids });
    return created.id;
  };
  const a = await group('Acheteurs', [people[0]]);
  const b = await group('Concurrents', [people[1]]);
  await group('Visiteurs', people.slice(2));
  await api.call('POST', `${url}/rules`, { groupAId: a, groupBId: b, kind: 'never' });
  return { projectId: project.id, pairingId: pairing.id, url };
}

async function generate(api: ApiClient, url: string, path = 'generation', body?: unknown) {
  await api.call('POST', `${url}/${path}`, body);
  await until(
    async () => (await api.call<{ generation: { status: string } }>('GET', url)).generation.status,
    60_000,
  ).toBe('done');
}

const card = (page: Page, number: number) =>
  page.locator(`[data-testid="seat-table"][data-table="${number}"]`);
/** Person i's button: its accessible name starts with the name it shows (WCAG 2.5.3), then their company. */
const handle = (page: Page, _t: (typeof TEXTS)['fr'], i: number) =>
  page.getByRole('button', { name: new RegExp(`^Personne${i} Essai${i}(?!\\d)`) });

/** The number of the table where person i sits in the round shown. */
async function tableOf(page: Page, t: (typeof TEXTS)['fr'], i: number): Promise<number> {
  const table = page.locator('[data-testid="seat-table"]').filter({ has: handle(page, t, i) });
  return Number(await table.getAttribute('data-table'));
}

const seatsUsed = (table: Locator) => table.getByTestId('seats-used').textContent();

describe.each(LANGUAGES)('pairing seats (%s)', (language) => {
  const t = TEXTS[language];
  const s = t.pairingSeats;
  const used = (n: number) => fill(s.seatsUsed, { used: n, seats: 6 }, language);

  test('the pre-flight panel: nothing to say, then rounds beyond the bound in words', async ({ page }) => {
    const api = await signInByCookie(page, ORGANISER, language);
    const fine = await seed(api);
    await page.goto(`/projects/${fine.projectId}/pairings/${fine.pairingId}`);
    await page.getByTestId('preflight-none').waitFor();
    expect(await page.getByTestId('preflight-none').textContent()).toBe(s.preflight.none);
    await expectNoSeriousA11yViolations(page);
    const tooMany = await seed(api, 8);
    await page.goto(`/projects/${tooMany.projectId}/pairings/${tooMany.pairingId}`);
    // 6 people at 3 tables: 2 per table, at most 5 rounds; 8 rounds force at least 9 repeats.
    await until(() => page.getByTestId('preflight-findings').textContent()).toBe(
      fill(s.preflight.findings.roundsBeyondBound, { rounds: 8, bound: 5, repeatsAtLeast: 9 }, language),
    );
    await expectNoSeriousA11yViolations(page);
  });

  test('select a person, move one by keyboard and one by mouse, mark absent and resume', async ({ page }) => {
    const api = await signInByCookie(page, ORGANISER, language);
    const { projectId, pairingId, url } = await seed(api);
    await generate(api, url);
    await page.goto(`/projects/${projectId}/pairings/${pairingId}`);
    await page.getByRole('link', { name: s.open }).click();
    await until(() => pageTitle(page).textContent()).toBe(fill(s.pageTitle, { name: 'Réseautage du matin' }));
    await until(() => page.getByTestId('seat-person').count()).toBe(6);
    // The name shown starts the button's name (axe's label-content-name-mismatch); the keys are its description.
    expect(await handle(page, t, 1).textContent()).toBe('Personne1 Essai1Entreprise 1');
    const described = await handle(page, t, 1).getAttribute('aria-describedby');
    expect(await page.locator(`[id="${described}"]`).textContent()).toBe(s.announce.instructions);
    await expectNoSeriousA11yViolations(page);
    // The check does run that rule: a button whose label does not hold its visible text fails it.
    await page.evaluate(() => {
      const probe = document.createElement('button');
      probe.id = 'a11y-probe';
      probe.textContent = 'Personne1 Essai1';
      probe.setAttribute('aria-label', 'Déplacer une personne');
      document.querySelector('main')?.append(probe);
    });
    expect((await seriousA11yViolations(page)).map((v) => v.id)).toContain('label-content-name-mismatch');
    await page.evaluate(() => document.getElementById('a11y-probe')?.remove());

    // By keyboard: person 3 to the table beside.
    const from = await tableOf(page, t, 3);
    const to = from < 3 ? from + 1 : from - 1;
    const before = {
      from: (await card(page, from).getByTestId('seat-person').count()) - 1,
      to: (await card(page, to).getByTestId('seat-person').count()) + 1,
    };
    const announced = async () =>
      (await page.locator('[role="status"][aria-live]').allTextContents()).join(' ');
    await handle(page, t, 3).focus();
    await page.keyboard.press('Space');
    // The arrow only once the person is picked up (said aloud, then « above » their own table): pressed sooner, on a
    // busy machine, it is lost.
    const fromTable = fill(s.table, { number: from }, language);
    const picked = fill(s.announce.picked, { name: 'Personne3 Essai3', table: fromTable }, language);
    const overOwn = fill(
      s.announce.over,
      { name: 'Personne3 Essai3', table: fromTable, used: before.from + 1, seats: 6 },
      language,
    );
    await until(async () => {
      const said = await announced();
      return said.includes(picked) || said.includes(overOwn);
    }).toBe(true);
    const over = fill(
      s.announce.over,
      {
        name: 'Personne3 Essai3',
        table: fill(s.table, { number: to }, language),
        used: before.to - 1,
        seats: 6,
      },
      language,
    );
    // An arrow the drag did not take yet (the machine busy) leaves the person over their own table: pressed again
    // then, never while the first may still be on its way to another table.
    const arrow = to > from ? 'ArrowRight' : 'ArrowLeft';
    await page.keyboard.press(arrow);
    for (let attempt = 1; ; attempt++) {
      const moved = await until(announced, 3_000)
        .toContain(over)
        .then(
          () => true,
          () => false,
        );
      if (moved) break;
      const said = await announced();
      if (!(said.includes(overOwn) || said.includes(picked)) || attempt >= 3) {
        throw new Error(`the arrow did not bring the person over table ${to}: ${said}`);
      }
      await page.keyboard.press(arrow);
    }
    await page.keyboard.press('Space');
    await until(() => tableOf(page, t, 3)).toBe(to);
    await until(() => seatsUsed(card(page, from))).toBe(used(before.from));
    await until(() => seatsUsed(card(page, to))).toBe(used(before.to));

    // By mouse: person 2 to person 1's table (a « ne rencontre jamais » pair).
    const target = await tableOf(page, t, 1);
    const source = await tableOf(page, t, 2);
    // The solver kept them apart.
    expect(source).not.toBe(target);
    const counts = {
      source: await card(page, source).getByTestId('seat-person').count(),
      target: await card(page, target).getByTestId('seat-person').count(),
    };
    const grip = await handle(page, t, 2).boundingBox();
    const drop = await card(page, target).boundingBox();
    if (!grip || !drop) throw new Error('not laid out');
    await page.mouse.move(grip.x + 10, grip.y + grip.height / 2);
    await page.mouse.down();
    await page.mouse.move(grip.x + 30, grip.y + grip.height / 2, { steps: 5 });
    await page.mouse.move(drop.x + drop.width / 2, drop.y + drop.height / 2, { steps: 15 });
    await page.mouse.up();
    await until(() => tableOf(page, t, 2)).toBe(target);
    await until(() => seatsUsed(card(page, source))).toBe(used(counts.source - 1));
    await until(() => seatsUsed(card(page, target))).toBe(used(counts.target + 1));

    // Person 1 selected: their chosen table (3, from J7) highlighted, person 2 marked « never meets ».
    await handle(page, t, 1).click();
    const panel = page.getByTestId('person-panel');
    await panel.getByRole('heading', { name: 'Personne1 Essai1' }).waitFor();
    await until(() => card(page, 3).getAttribute('data-chosen')).toBe('true');
    await card(page, 3).getByText(s.chosen).waitFor();
    const mine = card(page, target);
    await mine.getByRole('img', { name: s.conflicts[5] }).waitFor();
    await expectNoSeriousA11yViolations(page);

    // Live adjustment: person 4 absent from round 2, the remaining rounds resumed; round 1 unchanged.
    await page
      .locator('label')
      .filter({ hasText: exactly(fill(s.round, { number: 2 }, language)) })
      .click();
    await until(() => new URL(page.url()).searchParams.get('round')).toBe('2');
    const roundOne = await api.call<{ rounds: { tables: { people: { participantId: string }[] }[] }[] }>(
      'GET',
      `${url}/seats`,
    );
    await handle(page, t, 4).click();
    await page.getByRole('button', { name: fill(s.person.markAbsent, { round: 2 }, language) }).click();
    await notice(
      page,
      fill(s.notifications.absent, { name: 'Personne4 Essai4', round: 2 }, language),
    ).waitFor();
    await page.getByRole('button', { name: fill(s.resume.button, { round: 2 }, language) }).click();
    const confirm = dialog(page, s.resume.title);
    await confirm.waitFor();
    await expectNoSeriousA11yViolations(page);
    await confirm.getByRole('button', { name: exactly(s.resume.confirm) }).click();
    await until(() => handle(page, t, 4).count(), 60_000).toBe(0);
    const after = await api.call<{ rounds: { tables: { people: { participantId: string }[] }[] }[] }>(
      'GET',
      `${url}/seats`,
    );
    expect(after.rounds[0]).toEqual(roundOne.rounds[0]);
    await expectNoSeriousA11yViolations(page);
  });
});
