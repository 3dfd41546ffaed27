import { and, eq } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { companies, projects } from '../db/schema';
import { FIRST_DEMO_PROJECT } from './groups';
import { seedScale } from './scale';

/** How many people the first demo project starts with: two pages of the list, enough to filter and sort. */
export const DEMO_PARTICIPANTS = 48;

/**
 * U1: realistic bilingual participants for the first demo project (the generator of `npm run seed:scale`, always
 * the same people), spread over its roles, statuses and groups. Owner: participants.
 */
export async function seedParticipants(db: Executor) {
  const [project] = await db
    .select({ id: projects.id, companyId: projects.companyId })
    .from(projects)
    .innerJoin(companies, eq(companies.id, projects.companyId))
    .where(and(eq(companies.isDemo, true), eq(projects.nameFr, FIRST_DEMO_PROJECT)));
  if (!project) return;
  await seedScale(db, {
    companyId: project.companyId,
    projectId: project.id,
    participants: DEMO_PARTICIPANTS,
    seed: 2026,
  });
}
