import { z } from 'zod';
import { defineEndpoint, timestamp, uuidParam } from './http';
import { agendaActivity } from './participant-agenda';
import { answersInput, participantAnswers } from './question-answers';

/**
 * Each participant's personal page, opened without a session at a secret address (`/p/<token>`): their programme,
 * their B2B meetings and their calendar subscription. The organiser makes, copies, replaces and revokes the address
 * from the participant's panel. See docs/participants/personal-page.md.
 */

/** Reads of a personal page per client address and minute (a phone at the venue reloads; a guesser does not get far). */
export const PERSONAL_PAGE_READS_PER_MINUTE = 60;

/** The token in an address: 32 random bytes in base64url (43 characters). */
export const PERSONAL_PAGE_TOKEN = /^[A-Za-z0-9_-]{43}$/;

const tag = 'personal-pages';
const participantParams = z.object({ projectId: uuidParam, participantId: uuidParam });

/** The address of a participant's page (a path of this server), or null when none is made or it was revoked. */
export const personalPageAddress = z.object({ path: z.string().nullable(), createdAt: timestamp.nullable() });
export type PersonalPageAddress = z.input<typeof personalPageAddress>;

export const getPersonalPageAddress = defineEndpoint({
  method: 'GET',
  path: '/api/projects/:projectId/participants/:participantId/personal-page',
  access: 'user',
  tag,
  summary: 'The secret address of a participant’s personal page, or null',
  params: participantParams,
  response: personalPageAddress,
});

export const makePersonalPageAddress = defineEndpoint({
  method: 'POST',
  path: '/api/projects/:projectId/participants/:participantId/personal-page',
  access: 'user',
  tag,
  summary: 'Give a participant’s personal page a new secret address; the previous one stops answering (404)',
  params: participantParams,
  response: personalPageAddress,
});

export const revokePersonalPageAddress = defineEndpoint({
  method: 'DELETE',
  path: '/api/projects/:projectId/participants/:participantId/personal-page',
  access: 'user',
  tag,
  summary: 'Revoke a participant’s personal page: its address stops answering (404) until a new one is made',
  params: participantParams,
  response: personalPageAddress,
});

/** A B2B meeting on the page: when, with whom, where (a table of a session, or online). */
export const personalMeeting = z.object({
  id: z.uuid(),
  startsAt: timestamp,
  startsAtLocal: z.string(),
  endsAtLocal: z.string(),
  with: z.string(),
  tableNumber: z.number().int().nullable(),
  sessionName: z.string().nullable(),
  virtual: z.boolean(),
});
export type PersonalMeeting = z.input<typeof personalMeeting>;

/** A round of a pairing (table seating): their table and who sits with them. */
export const personalRound = z.object({
  pairingId: z.uuid(),
  pairingName: z.string(),
  /** From 1, as the organiser's screens count them. */
  round: z.number().int(),
  table: z.object({ number: z.number().int(), name: z.string().nullable(), location: z.string().nullable() }),
  mates: z.array(z.object({ name: z.string(), organisation: z.string().nullable() })),
});
export type PersonalRound = z.input<typeof personalRound>;

export const personalPage = z.object({
  participant: z.object({ firstName: z.string(), lastName: z.string(), language: z.enum(['fr', 'en']) }),
  project: z.object({
    name: z.object({ fr: z.string(), en: z.string() }),
    timeZone: z.string(),
    startsOn: z.string(),
    endsOn: z.string(),
    languages: z.array(z.enum(['fr', 'en'])),
    colours: z.object({ bannerBackground: z.string(), bannerText: z.string(), background: z.string() }),
    supportEmail: z.string().nullable(),
    /** The project's logo for the banner, read with this page's token (`/api/personal-pages/<token>/logo`), or null. */
    logoPath: z.string().nullable(),
  }),
  /** The dated activities they are a member of or host, generated table meetings included, by start. */
  programme: z.array(agendaActivity),
  meetings: z.array(personalMeeting),
  /** Their seat in each round of each pairing of the project, by pairing and round. */
  rounds: z.array(personalRound),
  /** Their iCalendar feed (a path of this server), when the organiser has made one. */
  calendarFeedPath: z.string().nullable(),
});
export type PersonalPage = z.input<typeof personalPage>;

export const readPersonalPage = defineEndpoint({
  method: 'GET',
  path: '/api/personal-pages/:token',
  access: 'public',
  // A participant reading their page is not the organiser's activity, even from a signed-in browser.
  touchesSession: false,
  tag,
  summary:
    'A participant’s personal page read at its secret address (no session): their programme, meetings and calendar feed; an unknown or revoked token is 404; rate-limited',
  // Any value is read (an unknown one is 404, whatever its shape): the address tells nothing beyond found or not.
  params: z.object({ token: z.string().max(100, { error: 'validation.invalid' }) }),
  response: personalPage,
});

const tokenParams = z.object({ token: z.string().max(100, { error: 'validation.invalid' }) });

export const readPersonalPageLogo = defineEndpoint({
  method: 'GET',
  path: '/api/personal-pages/:token/logo',
  access: 'public',
  touchesSession: false,
  tag,
  summary:
    'The project’s logo shown in a personal page’s banner, read with the page’s token (no session): the image’s bytes; 404 for an unknown or revoked token or a project without a logo; rate-limited',
  params: tokenParams,
  response: z.any().meta({ type: 'string', format: 'binary' }),
});

export const readOwnAnswers = defineEndpoint({
  method: 'GET',
  path: '/api/personal-pages/:token/answers',
  access: 'public',
  touchesSession: false,
  tag,
  summary:
    'The questionnaire on a personal page (no session): the questions asked to the participant whose answers participants see, each saying whether they may change it, and their answers; rate-limited',
  params: tokenParams,
  response: participantAnswers,
});

export const saveOwnAnswers = defineEndpoint({
  method: 'PUT',
  path: '/api/personal-pages/:token/answers',
  access: 'public',
  touchesSession: false,
  tag,
  summary:
    'Save answers from a personal page (no session; CSRF token of GET /api/session): only questions the participant sees and may change; the answers of the questions sent are replaced and the scores recomputed; rate-limited',
  params: tokenParams,
  body: answersInput,
  response: participantAnswers,
});
