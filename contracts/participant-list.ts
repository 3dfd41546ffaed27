import { z } from 'zod';

/**
 * What the participants list keeps in its URL (statuses, sortable columns), apart from `participants.ts`: the web
 * router reads it on every page, and `participants.ts` brings the phone rules (libphonenumber's metadata, about
 * 50 kB gzip) that only the participant forms need.
 */
export const PARTICIPANT_STATUSES = ['registered', 'confirmed', 'cancelled'] as const;
export const participantStatus = z.enum(PARTICIPANT_STATUSES, { error: 'validation.participants.status' });
export type ParticipantStatus = z.infer<typeof participantStatus>;

export const participantSortable = [
  'lastName',
  'firstName',
  'email',
  'organisation',
  'role',
  'createdAt',
] as const;
