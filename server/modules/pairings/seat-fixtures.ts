import { asc, eq } from 'drizzle-orm';
import type { ApiClient } from '../../../tests/support/test-app';
import { activityTables, pairingSeats, projects } from '../../db/schema';
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
