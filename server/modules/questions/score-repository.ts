import { and, asc, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { participantAnswers, participantGroups, participants, projects, scoreSets } from '../../db/schema';
import { answerColumns } from './repository';

/** Q2: the SQL of the score sets, the answers revision, and what a computation reads. */

export type ScoreSetRow = typeof scoreSets.$inferSelect;

export async function bumpRevision(db: Executor, projectId: string) {
  await db
    .update(projects)
    .set({ answersRevision: sql`${projects.answersRevision} + 1` })
    .where(eq(projects.id, projectId));
}

/** Locks the project's row until the transaction ends (one claim of a computation at a time per project). */
export async function lockProject(db: Executor, projectId: string) {
  const result = (await db.execute(
    sql`select company_id, answers_revision from ${projects} where id = ${projectId} for update`,
  )) as unknown as { rows: { company_id: string; answers_revision: number }[] };
  const row = result.rows[0];
  return row ? { companyId: row.company_id, answersRevision: Number(row.answers_revision) } : undefined;
}

export async function projectRevision(db: Executor, projectId: string) {
  const [row] = await db
    .select({ answersRevision: projects.answersRevision })
    .from(projects)
    .where(eq(projects.id, projectId));
  return row?.answersRevision ?? 0;
}

export async function listSets(db: Executor, projectId: string) {
  return db
    .select()
    .from(scoreSets)
    .where(eq(scoreSets.projectId, projectId))
    .orderBy(desc(scoreSets.createdAt), desc(scoreSets.id));
}

export async function insertSet(db: Executor, row: typeof scoreSets.$inferInsert) {
  const [inserted] = await db.insert(scoreSets).values(row).returning();
  return inserted;
}

export async function updateSet(db: Executor, id: string, values: Partial<typeof scoreSets.$inferInsert>) {
  const updated = await db
    .update(scoreSets)
    .set(values)
    .where(eq(scoreSets.id, id))
    .returning({ id: scoreSets.id });
  return updated.length > 0;
}

/** Updates the set only while it is still running (a reset deleted it, a restart re-queued it: nothing is written). */
export async function updateRunning(
  db: Executor,
  id: string,
  values: Partial<typeof scoreSets.$inferInsert>,
) {
  const updated = await db
    .update(scoreSets)
    .set(values)
    .where(and(eq(scoreSets.id, id), eq(scoreSets.status, 'running')))
    .returning({ id: scoreSets.id });
  return updated.length > 0;
}

export async function deleteSets(db: Executor, ids: string[]) {
  if (ids.length) await db.delete(scoreSets).where(inArray(scoreSets.id, ids));
}

/** Running sets whose heartbeat stopped before `before` (their process is gone). */
export async function listLostRunning(db: Executor, before: Date) {
  return db
    .select()
    .from(scoreSets)
    .where(and(eq(scoreSets.status, 'running'), lt(scoreSets.heartbeatAt, before)));
}

export async function projectsWithQueued(db: Executor) {
  const rows = await db
    .selectDistinct({ projectId: scoreSets.projectId })
    .from(scoreSets)
    .where(eq(scoreSets.status, 'queued'));
  return rows.map((r) => r.projectId);
}

/** The participants of a project in a stable order (the order of the score matrix), with role and groups. */
export async function listScoredParticipants(db: Executor, projectId: string) {
  const rows = await db
    .select({ id: participants.id, roleId: participants.roleId })
    .from(participants)
    .where(eq(participants.projectId, projectId))
    .orderBy(asc(participants.createdAt), asc(participants.id));
  const memberships = await db
    .select({ participantId: participantGroups.participantId, groupId: participantGroups.groupId })
    .from(participantGroups)
    .innerJoin(participants, eq(participants.id, participantGroups.participantId))
    .where(eq(participants.projectId, projectId));
  return { rows, memberships };
}

export async function listProjectAnswers(db: Executor, projectId: string) {
  return db.select(answerColumns).from(participantAnswers).where(eq(participantAnswers.projectId, projectId));
}
