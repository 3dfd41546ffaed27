import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../../tests/support/test-app';
import { participants, projects } from '../db/schema';
import { checkResult } from '../matching/checker';
import type { TablesInstance } from '../matching/instance';
import { DEMO_ORGANISER } from './demo';
import { FIRST_DEMO_PROJECT } from './groups';
import { DEMO_PAIRING, DEMO_PAIRING_ROUNDS, demoPairingInstance, solveDemoPairing } from './pairing';
import { DEMO_MEETING_CATEGORY } from './programme';

let t: TestApp;
let project: typeof projects.$inferSelect;

beforeAll(async () => {
  t = await createTestApp();
  [project] = await t.database.db.select().from(projects).where(eq(projects.nameFr, FIRST_DEMO_PROJECT));
});
afterAll(() => t.close());

type Seats = {
  rounds: { round: number; tables: { table: { id: string }; people: { participantId: string }[] }[] }[];
  roundNumbers: number[];
  stats: { repeats: number } | null;
};

/** The seats as the solver's result: round → every table of the instance, in its order → people, sorted. */
function resultOf(seats: Seats, instance: TablesInstance) {
  return seats.rounds.map((round) =>
    instance.tables.map((table) => ({
      table: table.id,
      people: (round.tables.find((e) => e.table.id === table.id)?.people ?? [])
        .map((p) => p.participantId)
        .sort(),
    })),
  );
}

describe('the demo pairing', () => {
  it('is generated on the meeting category: every round seats everyone, no pair meets twice, the same seats for the same seed', async () => {
    const organiser = await signIn(t.app, DEMO_ORGANISER);
    const base = `/api/projects/${project.id}/pairings`;
    const list = await organiser.get(base);
    expect(list.status).toBe(200);
    const found = list.body.items.find((p: { name: string }) => p.name === DEMO_PAIRING);
    expect(found).toMatchObject({
      category: { name: { fr: DEMO_MEETING_CATEGORY[0] } },
      rounds: DEMO_PAIRING_ROUNDS,
      objective: 'similar',
      generationStatus: 'done',
    });

    const seats: Seats = (await organiser.get(`${base}/${found.id}/seats`)).body;
    expect(seats.roundNumbers).toEqual([0, 1, 2, 3]);
    const people = await t.database.db
      .select({ id: participants.id })
      .from(participants)
      .where(eq(participants.projectId, project.id));
    for (const round of seats.rounds)
      expect(round.tables.flatMap((e) => e.people.map((p) => p.participantId)).sort()).toEqual(
        people.map((p) => p.id).sort(),
      );
    expect(seats.stats?.repeats).toBe(0);

    // The independent checker recounts the seats: no repeated pair, nothing broken.
    const scope = { companyId: project.companyId, projectId: project.id };
    const instance = await demoPairingInstance(t.database.db, scope, found.id);
    if (!instance) throw new Error('no instance');
    const rounds = resultOf(seats, instance);
    const check = checkResult(instance, { rounds });
    expect(check.violations).toEqual([]);
    expect(check.stats.repeats).toBe(0);
    expect(check.stats.blockedTogether).toBe(0);

    // The solver stops on its steps, not on the clock: solved again, the same seats.
    const again = await solveDemoPairing(instance);
    expect(again.rounds.map((r) => r.map((e) => ({ table: e.table, people: [...e.people].sort() })))).toEqual(
      rounds,
    );
  });
});
