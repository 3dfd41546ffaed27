import { asc, eq } from 'drizzle-orm';
import type { ApiClient } from '../../../tests/support/test-app';
import { activityTables, pairingSeats, participants, persons, projects, roles } from '../../db/schema';
import type { Deps } from '../../deps';
import { ok, pairingBody, pairingsUrl, pairingUrl, setUpProject } from './fixtures';

/**
 * The seats screen's tests: a pairing with seats written straight into pairing_seats (real rows, as a generation
 * writes them), so that moves, person info and the live adjustment are tested without running a solver.
 */

/** The category's tables, by number. */
export async function tablesOf(db: Deps['db'], categoryId: string) {
  return db
    .select({ id: activityTables.id, number: activityTables.number })
    .from(activityTables)
    .where(eq(activityTables.categoryId, categoryId))
    .orderBy(asc(activityTables.number));
}

/** Seats: `layout[round][person]` = the index of the person's table in that round (null: not seated). */
export async function insertSeats(
  db: Deps['db'],
  projectId: string,
  pairingId: string,
  tableIds: string[],
  people: string[],
  layout: (number | null)[][],
) {
  const [project] = await db.select().from(projects).where(eq(projects.id, projectId));
  const rows = layout.flatMap((round, r) =>
    round.flatMap((table, i) =>
      table === null
        ? []
        : [
            {
              companyId: project.companyId,
              projectId,
              pairingId,
              round: r,
              tableId: tableIds[table],
              participantId: people[i],
            },
          ],
    ),
  );
  for (let i = 0; i < rows.length; i += 1000) await db.insert(pairingSeats).values(rows.slice(i, i + 1000));
}

/** A project, a pairing of `rounds` rounds and its seats laid out as given. */
export async function seatedPairing(
  client: ApiClient,
  db: Deps['db'],
  options: {
    tables: number;
    seats: number;
    people: number;
    layout: (number | null)[][];
    held?: boolean;
    rounds?: number;
  },
) {
  const project = await setUpProject(client, db, options);
  const pairing = ok<{ id: string }>(
    await client.post(
      pairingsUrl(project.projectId),
      pairingBody(project.categoryId, {
        rounds: options.rounds ?? options.layout.length,
        held: options.held ?? false,
      }),
    ),
  );
  const tables = (await tablesOf(db, project.categoryId)).map((t) => t.id);
  await insertSeats(db, project.projectId, pairing.id, tables, project.participants, options.layout);
  return {
    ...project,
    pairingId: pairing.id,
    tables,
    url: pairingUrl(project.projectId, pairing.id),
  };
}

/**
 * The size the seats screen must stay smooth at: `people` participants (default 2,000) at 250 tables of 8, `rounds`
 * rounds, every table full: round r seats person 8k + j at table (k + r·j) mod 250 (8 per table, a new mix each round).
 * Written in batches, straight into the database.
 */
export async function largePairing(client: ApiClient, db: Deps['db'], rounds = 5, tables = 250, seats = 8) {
  const { projectId, categoryId } = await setUpProject(client, db, { tables, people: 0 });
  const [project] = await db.select().from(projects).where(eq(projects.id, projectId));
  const scope = { companyId: project.companyId, projectId };
  const [role] = await db
    .insert(roles)
    .values({ ...scope, nameFr: 'Visiteur', nameEn: 'Visitor' })
    .returning();
  const count = tables * seats;
  const people: string[] = [];
  for (let start = 0; start < count; start += 500) {
    const batch = Array.from({ length: Math.min(500, count - start) }, (_, i) => start + i + 1);
    const made = await db
      .insert(persons)
      .values(
        batch.map((n) => ({
          companyId: project.companyId,
          email: `grand-${n}-${projectId.slice(0, 8)}@example.test`,
          firstName: `Personne${n}`,
          lastName: `Grand${String(n).padStart(4, '0')}`,
          organisation: `Entreprise ${n % 97}`,
        })),
      )
      .returning({ id: persons.id });
    const registered = await db
      .insert(participants)
      .values(made.map((p) => ({ ...scope, personId: p.id, roleId: role.id })))
      .returning({ id: participants.id });
    people.push(...registered.map((p) => p.id));
  }
  const pairing = ok<{ id: string }>(
    await client.post(pairingsUrl(projectId), pairingBody(categoryId, { rounds })),
  );
  const tableIds = (await tablesOf(db, categoryId)).map((t) => t.id);
  const layout = Array.from({ length: rounds }, (_, r) =>
    people.map((_, i) => (Math.floor(i / seats) + r * (i % seats)) % tables),
  );
  await insertSeats(db, projectId, pairing.id, tableIds, people, layout);
  return {
    projectId,
    pairingId: pairing.id,
    people,
    tables: tableIds,
    url: pairingUrl(projectId, pairing.id),
  };
}
