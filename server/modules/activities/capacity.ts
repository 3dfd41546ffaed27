import { and, count, eq, gt, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { activities, activityMembers } from '../../db/schema';
import { AppError } from '../../http/errors';

/**
 * A maximum of members is never set below the members an activity already has: the organiser removes members first
 * (the in/out manager). The activities are locked first (as an addition of members locks its activity), so that
 * members added at the same moment are counted, not slipped in above the new maximum.
 */
export async function assertMaxFitsMembers(
  tx: Executor,
  projectId: string,
  activityIds: string[],
  maxMembers: number | null | undefined,
) {
  if (maxMembers === null || maxMembers === undefined || activityIds.length === 0) return;
  await tx
    .select({ id: activities.id })
    .from(activities)
    .where(and(eq(activities.projectId, projectId), inArray(activities.id, activityIds)))
    .for('update');
  const over = await tx
    .select({ activityId: activityMembers.activityId, members: count() })
    .from(activityMembers)
    .where(inArray(activityMembers.activityId, activityIds))
    .groupBy(activityMembers.activityId)
    .having(({ members }) => gt(members, maxMembers));
  if (over.length === 0) return;
  if (activityIds.length === 1) {
    throw AppError.field('maxMembers', 'validation.activities.maxBelowMembers', { count: over[0].members });
  }
  throw AppError.field('maxMembers', 'validation.activities.maxBelowMembersBulk', { count: over.length });
}
