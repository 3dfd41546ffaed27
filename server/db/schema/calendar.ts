import { sql } from 'drizzle-orm';
import { pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, ownedByProject } from './columns';
import { participants } from './participants';

/**
 * iCalendar feeds: a secret token per project feed and per participant feed (random, 32 bytes, base64url).
 * Regenerating replaces the token: the old address stops answering at once.
 */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    id: id(),
    ...ownedByProject(),
    /** Null: the project's feed; otherwise this participant's. */
    participantId: uuid('participant_id').references(() => participants.id, { onDelete: 'cascade' }),
    token: text('token').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('calendar_feeds_token_key').on(t.token),
    uniqueIndex('calendar_feeds_owner_key').on(
      t.projectId,
      sql`coalesce(${t.participantId}, '00000000-0000-0000-0000-000000000000'::uuid)`,
    ),
  ],
);
