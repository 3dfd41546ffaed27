import { pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, ownedByProject } from './columns';
import { participants } from './participants';

/**
 * Each participant's personal page: one secret address per participant (and so per project), a random token of 32
 * bytes in base64url. Kept as it is, like a calendar feed's: the organiser copies the address again, and messages
 * put it in their links. Regenerating replaces it and revoking deletes the row: the old address answers 404 at once.
 */
export const personalPages = pgTable(
  'personal_pages',
  {
    id: id(),
    ...ownedByProject(),
    participantId: uuid('participant_id')
      .notNull()
      .references(() => participants.id, { onDelete: 'cascade' }),
    token: text('token').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('personal_pages_token_key').on(t.token),
    uniqueIndex('personal_pages_participant_key').on(t.participantId),
  ],
);
