import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { participants, personalPages, persons } from '../../db/schema';

/** The participant of this project of this company, with what the page shows of them. */
export async function findParticipant(db: Executor, companyId: string, projectId: string, id: string) {
  const [row] = await db
    .select({
      id: participants.id,
      firstName: persons.firstName,
      lastName: persons.lastName,
      language: persons.language,
    })
    .from(participants)
    .innerJoin(persons, eq(persons.id, participants.personId))
    .where(
      and(
        eq(participants.companyId, companyId),
        eq(participants.projectId, projectId),
        eq(participants.id, id),
      ),
    );
  return row;
}

export async function findPage(db: Executor, participantId: string) {
  const [row] = await db
    .select({ token: personalPages.token, createdAt: personalPages.createdAt })
    .from(personalPages)
    .where(eq(personalPages.participantId, participantId));
  return row;
}

/** Gives the participant's page this token, replacing the one it had (one statement: two at once never collide). */
export async function savePageToken(
  db: Executor,
  owner: { companyId: string; projectId: string; participantId: string },
  token: string,
  now: Date,
) {
  await db
    .insert(personalPages)
    .values({ ...owner, token, createdAt: now })
    .onConflictDoUpdate({ target: personalPages.participantId, set: { token, createdAt: now } });
}

export async function deletePage(db: Executor, participantId: string) {
  await db.delete(personalPages).where(eq(personalPages.participantId, participantId));
}

/** The page a token opens, whatever the company (the token is the only key of the public address). */
export async function findPageByToken(db: Executor, token: string) {
  const [row] = await db
    .select({
      companyId: personalPages.companyId,
      projectId: personalPages.projectId,
      participantId: personalPages.participantId,
    })
    .from(personalPages)
    .where(eq(personalPages.token, token));
  return row;
}
