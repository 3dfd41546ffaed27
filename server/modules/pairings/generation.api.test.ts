import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { withTestApp } from '../../../tests/support/api-fixture';
import type { ApiClient } from '../../../tests/support/test-app';
import { pairingGenerations, pairingSeats, questions } from '../../db/schema';
import { noJobs } from '../../jobs/queue';
import type { TablesInstance } from '../../matching/instance';
import {
  insertQuestion,
  ok,
  pairingBody,
  pairingsUrl,
  pairingUrl,
  settled,
  setUpProject,
  withHeldGeneration,
} from './fixtures';
import { GENERATION_JOB, recoverGenerations } from './generation';

const { t, camille, jordan } = withTestApp();
const { held, queue, solve, useRealSolver } = withHeldGeneration(t);

type Generation = { id: string; status: string; progress: number; best: number | null; error: string | null };
type Seats = {
  rounds: { round: number; tables: { table: { number: number }; people: { lastName: string }[] }[] }[];
  stats: Record<string, number> | null;
};

async function pairingOf(client: ApiClient, options: { people?: number; tables?: number } = {}, body = {}) {
  const set = await setUpProject(client, t.database.db, {
    tables: options.tables ?? 2,
    seats: 4,
    people: options.people ?? 6,
  });
  const pairing = ok<{ id: string }>(
    await client.post(pairingsUrl(set.projectId), pairingBody(set.categoryId, body)),
  );
  return { ...set, pairingId: pairing.id, url: pairingUrl(set.projectId, pairing.id) };
}

const outline = (seats: Seats) =>
  seats.rounds.map((r) =>
    r.tables.map((tb) => `${tb.table.number}:${tb.people.map((p) => p.lastName).join(',')}`).join(' '),
  );

describe('generation (M3)', () => {
  it('is queued, shows its progress, refuses a second one (409), then shows every round', async () => {
    const { url, participants, projectId } = await pairingOf(camille);
    const started = ok<Generation>(await camille.post(`${url}/generation`));
    expect(started).toMatchObject({ status: 'queued', progress: 0, best: null, error: null });
    await held.started();
    await expect
      .poll(async () => ok<{ generation: Generation }>(await camille.get(url)).generation, {
        timeout: 10_000,
      })
      .toMatchObject({ status: 'running', progress: 50, best: 42 });
    const again = await camille.post(`${url}/generation`);
    expect(again.status).toBe(409);
    expect(again.body.title).toBe(
      'Une génération de ce jumelage est déjà en cours. Attendez la fin ou annulez-la.',
    );
    held.release();
    expect(await settled<Generation>(camille, url)).toMatchObject({ status: 'done', progress: 100 });
    const seats = ok<Seats>(await camille.get(`${url}/seats`));
    // Round → table (by number) → people (by name): everyone once per round, three at each table.
    expect(seats.rounds.map((r) => r.round)).toEqual([0, 1]);
    for (const line of outline(seats)) {
      expect(line).toMatch(/^1:(Essai\d\d,?){3} 2:(Essai\d\d,?){3}$/);
      expect(line.match(/Essai\d\d/g)?.sort()).toEqual(
        ['01', '02', '03', '04', '05', '06'].map((n) => `Essai${n}`),
      );
    }
    expect(seats.stats).toMatchObject({
      repeats: 1,
      blockedTogether: 0,
      vipMisplaced: 0,
      score: 42,
      chosenTablesMet: 1,
    });
    expect(held.calls[0].people.map((p) => p.id).sort()).toEqual([...participants].sort());
    expect(
      ok<{ items: { generationStatus: string }[] }>(await camille.get(pairingsUrl(projectId))).items[0]
        .generationStatus,
    ).toBe('done');
  });

  it('builds the instance from the database: groups (VIP), never rules (blocked), chosen tables, held pairings (met), the question', async () => {
    const set = await pairingOf(camille, { people: 4, tables: 2 }, {});
    const {
      projectId,
      categoryId,
      participants: [a, b, c, d],
    } = set;
    const { questionId, choiceIds } = await insertQuestion(t.database.db, projectId, ['TI', 'Santé'], {
      [a]: [0],
      [b]: [1],
      [c]: [0, 1],
    });
    // An earlier pairing, already held, seated a and b together.
    const earlier = set.url;
    ok(await camille.put(earlier, pairingBody(categoryId, { held: true })));
    ok(await camille.post(`${earlier}/generation`));
    held.release();
    await settled<Generation>(camille, earlier);
    held.reset();

    const pairing = ok<{ id: string }>(
      await camille.post(
        pairingsUrl(projectId),
        pairingBody(categoryId, { algorithm: 7, questionId, choiceIds, objective: 'similar' }),
      ),
    );
    const url = pairingUrl(projectId, pairing.id);
    const vip = ok<{ id: string }>(await camille.post(`${url}/groups`, { name: 'VIP', vip: true }));
    const rest = ok<{ id: string }>(await camille.post(`${url}/groups`, { name: 'Autres' }));
    ok(await camille.post(`${url}/groups/${vip.id}/members`, { mode: 'ids', participantIds: [a] }));
    ok(await camille.post(`${url}/groups/${rest.id}/members`, { mode: 'ids', participantIds: [b, c] }));
    ok(await camille.post(`${url}/rules`, { groupAId: vip.id, groupBId: rest.id, kind: 'never' }));
    ok(await camille.post(`${url}/generation`));
    await held.started();
    const instance = held.calls.at(-1) as TablesInstance;
    held.release();
    await settled<Generation>(camille, url);
    const tables = instance.tables.map((tb) => tb.id);
    // d is in no group: not seated. Table 1 shows the first ticked choice (TI), table 2 the second (Santé).
    expect(instance).toMatchObject({ kind: 'tables', rounds: 2, objective: 'similar' });
    expect(instance.questions).toEqual([{ id: questionId, weight: 3, reversed: false }]);
    const people = Object.fromEntries(instance.people.map((p) => [p.id, p]));
    expect(Object.keys(people).sort()).toEqual([a, b, c].sort());
    expect(people[a]).toMatchObject({
      vip: true,
      tables: [tables[0]],
      answers: { [questionId]: [choiceIds[0]] },
    });
    expect(people[b]).toMatchObject({ vip: false, tables: [tables[1]] });
    expect(people[c].tables.sort()).toEqual([...tables].sort());
    expect(instance.blocked.map((p) => [...p].sort())).toEqual(
      [
        [a, b],
        [a, c],
      ]
        .map((p) => p.sort())
        .sort((x, y) => x.join().localeCompare(y.join())),
    );
    // a and b sat together (table 1 of round 1 in the held pairing), so did a and c; b and c too.
    expect(instance.met.length).toBeGreaterThan(0);
    expect(instance.met.flat().every((id) => [a, b, c].includes(id))).toBe(true);
    expect(d).toBeDefined();
  });

  it('two requests at once start one generation; the other hears 409', async () => {
    const { url } = await pairingOf(camille);
    const answers = await Promise.all([camille.post(`${url}/generation`), camille.post(`${url}/generation`)]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    held.release();
    await settled<Generation>(camille, url);
    const rows = await t.database.db
      .select()
      .from(pairingGenerations)
      .where(eq(pairingGenerations.pairingId, url.split('/').at(-1) as string));
    expect(rows).toHaveLength(1);
  });

  it('is cancelled: it stops and keeps nothing (the previous result stays whole)', async () => {
    const { url, pairingId } = await pairingOf(camille);
    ok(await camille.post(`${url}/generation`));
    held.release();
    await settled<Generation>(camille, url);
    const before = ok<Seats>(await camille.get(`${url}/seats`));
    held.reset();
    // The next one's solver would seat people otherwise (one more round).
    ok(await camille.put(url, pairingBody(await categoryOf(url), { rounds: 3 })));
    ok(await camille.post(`${url}/generation`));
    await held.started();
    const cancelled = ok<Generation>(await camille.post(`${url}/generation/cancel`));
    expect(cancelled.status).toBe('cancelled');
    await expect.poll(() => held.calls.length).toBe(2);
    // The aborted solver returned its best, which is not written.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(ok<Seats>(await camille.get(`${url}/seats`)).rounds).toEqual(before.rounds);
    expect(ok<{ generation: Generation }>(await camille.get(url)).generation.status).toBe('cancelled');
    const seats = await t.database.db
      .select()
      .from(pairingSeats)
      .where(eq(pairingSeats.pairingId, pairingId));
    expect(seats).toHaveLength(12);
    const nothing = await camille.post(`${url}/generation/cancel`);
    expect(nothing.status).toBe(409);
    expect(nothing.body.title).toBe('Aucune génération de ce jumelage n’est en cours.');
  });

  it('survives a restart: a running generation whose job vanished is queued again and starts from 0', async () => {
    const { url, pairingId } = await pairingOf(camille);
    await queue.stop();
    // A process that queues but does not work, then stops.
    await queue.start(false);
    const started = ok<Generation>(await camille.post(`${url}/generation`));
    const [row] = await t.database.db
      .select()
      .from(pairingGenerations)
      .where(eq(pairingGenerations.id, started.id));
    // As if it had started running there, then the process and its job went away.
    await t.database.db
      .update(pairingGenerations)
      .set({ status: 'running', progress: 37, best: 9 })
      .where(eq(pairingGenerations.id, started.id));
    await queue.jobs?.boss?.deleteJob(GENERATION_JOB, row.runId);
    await queue.stop();
    t.deps.jobs = noJobs;
    expect(ok<{ generation: Generation }>(await camille.get(url)).generation).toMatchObject({
      status: 'running',
      progress: 37,
    });
    await queue.start(true);
    expect(await recoverGenerations(t.deps, solve)).toBe(1);
    const [requeued] = await t.database.db
      .select()
      .from(pairingGenerations)
      .where(eq(pairingGenerations.id, started.id));
    expect(requeued.runId).not.toBe(row.runId);
    expect(requeued.best).toBeNull();
    await held.started();
    held.release();
    expect(await settled<Generation>(camille, url)).toMatchObject({
      id: started.id,
      status: 'done',
      progress: 100,
    });
    expect(
      await t.database.db.select().from(pairingSeats).where(eq(pairingSeats.pairingId, pairingId)),
    ).toHaveLength(12);
    // Nothing left to recover.
    expect(await recoverGenerations(t.deps, solve)).toBe(0);
  });

  it('a generation « en cours » whose heartbeat is 45 minutes old shows as interrupted, and « Générer » starts again', async () => {
    const { url } = await pairingOf(camille);
    await queue.stop();
    // A process that queues but does not work: the generation stays as the SQL below leaves it.
    await queue.start(false);
    const started = ok<Generation>(await camille.post(`${url}/generation`));
    const beatAgo = async (minutes: number) => {
      await t.database.db
        .update(pairingGenerations)
        .set({ status: 'running', progress: 37, heartbeatAt: new Date(Date.now() - minutes * 60_000) })
        .where(eq(pairingGenerations.id, started.id));
      return ok<{ generation: Generation }>(await camille.get(url)).generation;
    };
    expect(await beatAgo(44)).toMatchObject({ status: 'running', progress: 37, error: null });
    expect(await beatAgo(45)).toMatchObject({
      status: 'failed',
      error: 'La génération a été interrompue. Relancez-la.',
    });
    // No process works meanwhile (a recovery would take it up by itself): the organiser starts it again.
    await queue.stop();
    t.deps.jobs = noJobs;
    const again = ok<Generation>(await camille.post(`${url}/generation`));
    expect(again).toMatchObject({ status: 'queued', progress: 0 });
    expect(again.id).not.toBe(started.id);
    ok(await camille.post(`${url}/generation/cancel`));
    await queue.start(true);
  });

  it('refuses to generate 7 once its question is gone (409); another company’s pairing is not found', async () => {
    const { url, projectId, categoryId } = await pairingOf(camille);
    const { questionId } = await insertQuestion(t.database.db, projectId, ['Un']);
    const seven = ok<{ id: string }>(
      await camille.post(pairingsUrl(projectId), pairingBody(categoryId, { algorithm: 7, questionId })),
    );
    await t.database.db.delete(questions).where(eq(questions.id, questionId));
    const refused = await camille.post(`${pairingUrl(projectId, seven.id)}/generation`);
    expect(refused.status).toBe(409);
    expect(refused.body.title).toBe('Choisissez une question avant de générer ce jumelage.');
    expect((await jordan.post(`${url}/generation`)).status).toBe(404);
    expect((await jordan.get(`${url}/seats`)).status).toBe(404);
    expect(ok<Seats>(await camille.get(`${url}/seats`))).toEqual({
      rounds: [],
      roundNumbers: [],
      absences: [],
      stats: null,
    });
  });

  it('with the real solver: every participant seated once per round', async () => {
    useRealSolver();
    const { url } = await pairingOf(camille, { people: 8, tables: 2 });
    ok(await camille.post(`${url}/generation`));
    expect(await settled<Generation>(camille, url)).toMatchObject({ status: 'done' });
    const seats = ok<Seats>(await camille.get(`${url}/seats`));
    expect(seats.rounds).toHaveLength(2);
    for (const round of seats.rounds) expect(round.tables.flatMap((tb) => tb.people)).toHaveLength(8);
    expect(seats.stats?.blockedTogether).toBe(0);
  });

  it('refuses more « rencontre » pairs than a generation takes, in words, and the pre-flight says how many', async () => {
    // One group of 317 that should meet itself: 317 × 316 / 2 = 50,086 pairs, past the 50,000 an instance takes.
    const { url, participants } = await pairingOf(camille, { people: 317, tables: 4 });
    const all = ok<{ id: string }>(await camille.post(`${url}/groups`, { name: 'Tous' }));
    ok(await camille.post(`${url}/groups/${all.id}/members`, { mode: 'ids', participantIds: participants }));
    ok(await camille.post(`${url}/rules`, { groupAId: all.id, groupBId: all.id, kind: 'meets' }));
    const preflight = ok<{ findings: { code: string }[] }>(await camille.get(`${url}/preflight`));
    expect(preflight.findings).toContainEqual({ code: 'togetherTooMany', pairs: 50_086, limit: 50_000 });
    ok(await camille.post(`${url}/generation`));
    const failed = await settled<Generation>(camille, url);
    expect(failed.status).toBe('failed');
    expect(failed.error).toMatch(/^Trop de paires à réunir par les règles « rencontre »/);
    expect(held.calls).toHaveLength(0);
  });

  it('with the real solver: a « rencontre » rule seats its pairs together', async () => {
    useRealSolver();
    // 8 people on 4 tables (2 a table), 2 rounds: a and c meet b and d, one each round.
    const { url, participants } = await pairingOf(camille, { people: 8, tables: 4 });
    const [a, b, c, d, ...others] = participants;
    const group = async (name: string, ids: string[]) => {
      const made = ok<{ id: string }>(await camille.post(`${url}/groups`, { name }));
      ok(await camille.post(`${url}/groups/${made.id}/members`, { mode: 'ids', participantIds: ids }));
      return made.id;
    };
    const groupA = await group('Acheteurs', [a, c]);
    const groupB = await group('Exposants', [b, d]);
    await group('Autres', others);
    ok(await camille.post(`${url}/rules`, { groupAId: groupA, groupBId: groupB, kind: 'meets' }));
    ok(await camille.post(`${url}/generation`));
    expect(await settled<Generation>(camille, url)).toMatchObject({ status: 'done' });
    const seats = ok<Seats>(await camille.get(`${url}/seats`));
    const together = (x: string, y: string) =>
      seats.rounds.some((round) =>
        round.tables.some((tb) => {
          const ids = (tb.people as unknown as { participantId: string }[]).map((p) => p.participantId);
          return ids.includes(x) && ids.includes(y);
        }),
      );
    for (const [x, y] of [
      [a, b],
      [a, d],
      [c, b],
      [c, d],
    ])
      expect(together(x, y)).toBe(true);
    expect(seats.stats).toMatchObject({ repeats: 0, togetherUnmet: 0 });
  });
});

async function categoryOf(url: string) {
  return ok<{ category: { id: string } }>(await camille.get(url)).category.id;
}
