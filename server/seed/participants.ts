import type { Executor } from '../db/client';
import { findFirstDemoProject } from './groups';
import { seedScale } from './scale';

/** How many people the first demo project starts with: two pages of the list, enough to filter and sort. */
export const DEMO_PARTICIPANTS = 48;

/**
 * U1: realistic bilingual participants for the first demo project (the generator of `npm run seed:scale`, always
 * the same people), spread over its roles, statuses and groups. Owner: participants.
 */
export async function seedParticipants(db: Executor) {
  const project = await findFirstDemoProject(db);
  if (!project) return;
  await seedScale(db, {
    companyId: project.companyId,
    projectId: project.id,
    participants: DEMO_PARTICIPANTS,
    seed: 2026,
  });
}
