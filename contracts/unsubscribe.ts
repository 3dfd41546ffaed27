import { z } from 'zod';
import { defineEndpoint, listQuery, listResponse, timestamp, uuidParam } from './http';

/**
 * CASL (Canada's anti-spam law): each participant's unsubscribe address `/u/<token>`, printed in every campaign
 * message and given to mail clients in the `List-Unsubscribe` headers (RFC 2369, RFC 8058 one-click), and the
 * organiser's list of who unsubscribed and when. The address itself is a small server-rendered page, not an API
 * endpoint (no JSON, no session, no CSRF token: a mail client posts to it): see server/modules/unsubscribe/routes.ts
 * and docs/campaigns/casl.md.
 */

/** The public unsubscribe address of a token: `${PUBLIC_URL}${unsubscribePath(token)}`. */
export const unsubscribePath = (token: string) => `/u/${token}`;

/** The token in an address: 32 random bytes in base64url (43 characters), as the personal page's. */
export const UNSUBSCRIBE_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** Requests to unsubscribe addresses per client address and minute (a person clicks once; a guesser gets nowhere). */
export const UNSUBSCRIBE_REQUESTS_PER_MINUTE = 30;

const tag = 'unsubscribe';
const projectParams = z.object({ projectId: uuidParam });

/** One person who unsubscribed from the project's campaigns. */
export const unsubscribed = z.object({
  participantId: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  organisation: z.string().nullable(),
  unsubscribedAt: timestamp,
});
export type Unsubscribed = z.input<typeof unsubscribed>;

export const unsubscribedSortable = ['name', 'email', 'unsubscribedAt'] as const;
export const unsubscribedListQuery = listQuery(unsubscribedSortable);
export type UnsubscribedListQuery = z.input<typeof unsubscribedListQuery>;

export const listUnsubscribes = defineEndpoint({
  method: 'GET',
  path: '/api/projects/:projectId/unsubscribes',
  access: 'user',
  tag,
  summary:
    'CASL: the participants of the project who unsubscribed from its campaigns, and when (latest first by default); searched by name or e-mail',
  params: projectParams,
  query: unsubscribedListQuery,
  response: listResponse(unsubscribed),
});

export const unsubscribedExportQuery = unsubscribedListQuery.pick({ q: true, sort: true, dir: true });
export type UnsubscribedExportQuery = z.input<typeof unsubscribedExportQuery>;

export const exportUnsubscribesCsv = defineEndpoint({
  method: 'GET',
  path: '/api/projects/:projectId/unsubscribes.csv',
  access: 'user',
  tag,
  summary:
    'CASL: every unsubscribed participant of the project as searched and sorted, as CSV (UTF-8) in the caller’s language; times in the project’s zone',
  params: projectParams,
  query: unsubscribedExportQuery,
  response: z.string(),
});

export const resubscribe = defineEndpoint({
  method: 'POST',
  path: '/api/projects/:projectId/unsubscribes/:participantId/resubscribe',
  access: 'user',
  tag,
  summary:
    'CASL: a participant who asked for it receives the campaigns again (their unsubscription is cleared; their address stays); 404 when they are not unsubscribed',
  params: z.object({ projectId: uuidParam, participantId: uuidParam }),
  response: z.object({ ok: z.literal(true) }),
});
