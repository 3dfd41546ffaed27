import { and, count, eq, max, sum } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { activityCategories, activityTables, pairings, participants, persons } from '../db/schema';
import { type TablesInstance, tablesInstance } from '../matching/instance';
import { solveTables } from '../matching/tables';
import * as gens from '../modules/pairings/generation-repository';
import { buildTablesInstance } from '../modules/pairings/instance-builder';
import { loadPairingData } from '../modules/pairings/instance-loader';
import { seatsToWrite } from '../modules/pairings/live-adjustment';
import { findPairing } from '../modules/pairings/repository';
import { findFirstDemoProject } from './groups';
import { DEMO_MEETING_CATEGORY } from './programme';

/**
 * Issue 11: the first demo project's table-round pairing on its meeting category (« Rencontres d’affaires », the J7
 * tables), seated by similar answers to the questionnaire (its weights), generated at the seed by the real tables
 * solver. The solver stops on a count of steps (`workLimit`), not on the clock: the same seed gives the same seats
 * on any machine, and the seed stays short (docs/matching/seats.md, "The demo pairing"). Owner: seatsdemo.
 */
export const DEMO_PAIRING = 'Réseautage par affinités';
export const DEMO_PAIRING_ROUNDS = 4;
/**
 * The solver's seed and its steps: 300 steps take about 0.4 s here for 48 people at 24 tables (0.2 s of them
 * without load) and reach a score within 1 % of what 20,000 steps reach.
 */
export const DEMO_PAIRING_SEED = 1;
export const DEMO_PAIRING_WORK = 300;

export async function seedPairing(db: Executor) {
  const project = await findFirstDemoProject(db);
  if (!project) return;
  const scope = { companyId: project.companyId, projectId: project.id };
  const [category] = await db
    .select({ id: activityCategories.id })
    .from(activityCategories)
    .where(
      and(
        eq(activityCategories.projectId, project.id),
        eq(activityCategories.kind, 'category'),
        eq(activityCategories.nameFr, DEMO_MEETING_CATEGORY[0]),
      ),
    );
  if (!category) return;
  const [{ people }] = await db
    .select({ people: count() })
    .from(participants)
    .where(eq(participants.projectId, project.id));
  await enoughTables(db, scope, category.id, people);

  const [row] = await db
    .insert(pairings)
    .values({
      ...scope,
      name: DEMO_PAIRING,
      categoryId: category.id,
      rounds: DEMO_PAIRING_ROUNDS,
      algorithm: 2, // « Profils semblables » (contracts/pairings.ts impliedObjective: 2 → similar)
      objective: 'similar',
    })
    .returning({ id: pairings.id });
  const instance = await demoPairingInstance(db, scope, row.id);
  if (!instance?.people.length) return;
  const result = await solveDemoPairing(instance);
  const generation = await gens.insertGeneration(db, {
    ...scope,
    pairingId: row.id,
    runId: crypto.randomUUID(),
    seed: DEMO_PAIRING_SEED,
  });
  await gens.replaceSeats(db, { ...scope, pairingId: row.id }, seatsToWrite(result, instance, null));
  await gens.updateActive(db, generation.id, generation.runId, {
    status: 'done',
    progress: 100,
    best: result.stats.score,
    stats: result.stats as unknown as Record<string, unknown>,
    finished: true,
  });
}

/**
 * The demo pairing's instance as a generation builds it, its people in the order of their e-mail addresses (ids are
 * drawn anew at each first start; the e-mails are the seed's): the same people at the same tables at every seed.
 */
export async function demoPairingInstance(
  db: Executor,
  scope: { companyId: string; projectId: string },
  pairingId: string,
): Promise<TablesInstance | undefined> {
  const pairing = await findPairing(db, scope, pairingId);
  if (!pairing) return undefined;
  const instance = tablesInstance.parse(
    buildTablesInstance(await loadPairingData(db, pairing, scope.projectId)),
  );
  const emails = new Map(
    (
      await db
        .select({ id: participants.id, email: persons.email })
        .from(participants)
        .innerJoin(persons, eq(persons.id, participants.personId))
        .where(eq(participants.projectId, scope.projectId))
    ).map((p) => [p.id, p.email]),
  );
  const key = (id: string) => emails.get(id) ?? id;
  return { ...instance, people: [...instance.people].sort((a, b) => (key(a.id) < key(b.id) ? -1 : 1)) };
}

/** The real tables solver, stopped by its steps: the clock's limit is far beyond what they take. */
export function solveDemoPairing(instance: TablesInstance) {
  return solveTables(instance, {
    seed: DEMO_PAIRING_SEED,
    timeLimitSeconds: 60,
    workLimit: DEMO_PAIRING_WORK,
  });
}

/** Tables enough to seat everyone (the demo's category has them; a smaller one gets more, of 6 seats each). */
async function enoughTables(
  db: Executor,
  scope: { companyId: string; projectId: string },
  categoryId: string,
  people: number,
) {
  const [{ seats, last }] = await db
    .select({
      seats: sum(activityTables.seats).mapWith(Number),
      last: max(activityTables.number),
    })
    .from(activityTables)
    .where(eq(activityTables.categoryId, categoryId));
  const missing = Math.ceil(Math.max(0, people - (seats ?? 0)) / 6);
  if (!missing) return;
  const first = (last ?? 0) + 1;
  await db.insert(activityTables).values(
    Array.from({ length: missing }, (_, i) => ({
      ...scope,
      categoryId,
      number: first + i,
      name: `Table ${first + i}`,
      seats: 6,
    })),
  );
}
