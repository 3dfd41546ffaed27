import { sql } from 'drizzle-orm';
import { index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { activities } from './activities';
import { createdAt, id, ownedByProject, updatedAt } from './columns';
import { participants } from './participants';

/** V5: a host of an activity (speaker, exhibitor…), known by e-mail; linked to the participant of that e-mail if any. */
export const activityHosts = pgTable(
  'activity_hosts',
  {
    id: id(),
    ...ownedByProject(),
    activityId: uuid('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    participantId: uuid('participant_id').references(() => participants.id, { onDelete: 'set null' }),
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('activity_hosts_activity_email_key').on(t.activityId, sql`lower(${t.email})`),
    index('activity_hosts_project_idx').on(t.projectId),
  ],
);
