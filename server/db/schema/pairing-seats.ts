/**
 * Live adjustment of a pairing's seats (docs/matching/seats.md): the people marked absent from a round on. A resumed
 * generation (pairing_generations.from_round) seats them nowhere from that round.
 */
import { index, integer, pgTable, primaryKey, uuid } from 'drizzle-orm/pg-core';
import { createdAt, ownedByProject } from './columns';
import { pairings } from './pairings';
import { participants } from './participants';

export const pairingAbsences = pgTable(
  'pairing_absences',
  {
    ...ownedByProject(),
    pairingId: uuid('pairing_id')
      .notNull()
      .references(() => pairings.id, { onDelete: 'cascade' }),
    participantId: uuid('participant_id')
      .notNull()
      .references(() => participants.id, { onDelete: 'cascade' }),
    /** Absent from this round (from 0) on. */
    fromRound: integer('from_round').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.pairingId, t.participantId] }),
    index('pairing_absences_participant_idx').on(t.participantId),
  ],
);
