import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { activities } from './activities';
import { createdAt, ownedByProject, updatedAt } from './columns';
import { participants } from './participants';

/**
 * V7 / V4 participation: a participant subscribed to an activity (the "in" list; everyone else of the project is
 * "out"), with an inscription status. The count of rows never exceeds activities.max_members (the service locks the
 * activity row before it adds).
 */
export const activityMembers = pgTable(
  'activity_members',
  {
    ...ownedByProject(),
    activityId: uuid('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    participantId: uuid('participant_id')
      .notNull()
      .references(() => participants.id, { onDelete: 'cascade' }),
    /** contracts: 'registered' | 'confirmed' | 'attended' | 'absent'. */
    status: text('status').notNull().default('registered'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.activityId, t.participantId] }),
    index('activity_members_participant_idx').on(t.participantId),
    index('activity_members_activity_status_idx').on(t.activityId, t.status),
    // T3's activity-inscriptions chart: first and last instants and a page's range read from the index (issue 21).
    index('activity_members_project_created_idx').on(t.projectId, t.createdAt),
    check(
      'activity_members_status_check',
      sql`${t.status} in ('registered', 'confirmed', 'attended', 'absent')`,
    ),
  ],
);
