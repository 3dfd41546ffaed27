/** A1: the single-use secrets of back-office users: invitations, password resets and kiosk PINs. */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';
import { users } from './companies';

/**
 * An invitation or reset link holds a random token (32 bytes, base64url): only its SHA-256 is stored, as sessions
 * do. A PIN (6 digits) is stored as an argon2id hash, found through the user. Each is used once, and expires.
 */
export const userTokens = pgTable(
  'user_tokens',
  {
    id: id(),
    kind: text('kind').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** Wrong PINs tried: past PIN_MAX_FAILURES the PIN is spent. */
    failures: integer('failures').notNull().default(0),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('user_tokens_hash_key').on(t.tokenHash),
    index('user_tokens_user_idx').on(t.userId, t.kind),
    check('user_tokens_kind_check', sql`${t.kind} in ('invitation', 'reset', 'pin')`),
  ],
);
