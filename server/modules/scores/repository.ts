import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { groups, participants, persons } from '../../db/schema';

/** M5: what the scores screen reads besides the scores: people's names and the selection's checks. */

export interface PersonInfo {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  organisation: string | null;
}

export async function listPeople(db: Executor, companyId: string, projectId: string) {
  const rows: PersonInfo[] = await db
    .select({
      id: participants.id,
      firstName: persons.firstName,
      lastName: persons.lastName,
      email: persons.email,
      organisation: persons.organisation,
    })
    .from(participants)
    .innerJoin(persons, eq(persons.id, participants.personId))
    .where(and(eq(participants.companyId, companyId), eq(participants.projectId, projectId)));
  return new Map(rows.map((r) => [r.id, r]));
}

export async function groupExists(db: Executor, companyId: string, projectId: string, groupId: string) {
  const [row] = await db
    .select({ id: groups.id })
    .from(groups)
    .where(and(eq(groups.id, groupId), eq(groups.companyId, companyId), eq(groups.projectId, projectId)));
  return Boolean(row);
}
