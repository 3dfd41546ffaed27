import { and, eq, max, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { dashboardTaskCompletions, pairingGenerations, participants, users } from '../db/schema';
import { DEMO_ORGANISER } from './demo';
import { findFirstDemoProject } from './groups';

/**
 * J2: the demo project's dashboard (docs/projects/dashboard.md). Camille has done the preparation and part of the
 * registration and programme, so the progress is real; one participant changed their profile after the pairing was
 * generated, so « pairing not generated since the participants changed » shows beside the warnings the demo data
 * already has (participants never sent their registration e-mail, participants not yet confirmed). Owner: dashboard.
 */
export const DEMO_DONE_TASKS = [
  'configureProject',
  'brandProject',
  'defineRoles',
  'defineGroups',
  'importParticipants',
  'buildProgramme',
  'writeQuestionnaire',
  'generatePairings',
  'sendInvitation',
];

export async function seedDashboard(db: Executor) {
  const project = await findFirstDemoProject(db);
  if (!project) return;
  const [organiser] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_ORGANISER));
  await db.insert(dashboardTaskCompletions).values(
    DEMO_DONE_TASKS.map((taskId) => ({
      companyId: project.companyId,
      projectId: project.id,
      taskId,
      doneBy: organiser?.id ?? null,
    })),
  );
  const [generated] = await db
    .select({ at: max(pairingGenerations.finishedAt) })
    .from(pairingGenerations)
    .where(and(eq(pairingGenerations.projectId, project.id), eq(pairingGenerations.status, 'done')));
  if (!generated?.at) return;
  const [someone] = await db
    .select({ id: participants.id })
    .from(participants)
    .where(eq(participants.projectId, project.id))
    .orderBy(participants.createdAt, participants.id)
    .limit(1);
  if (!someone) return;
  // A profile edited a minute after the generation.
  await db
    .update(participants)
    .set({ updatedAt: sql`${generated.at.toISOString()}::timestamptz + interval '1 minute'` })
    .where(eq(participants.id, someone.id));
}
