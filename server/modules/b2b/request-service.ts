import { and, eq, inArray } from 'drizzle-orm';
import type { RequestSource } from '../../../contracts/b2b';
import type { ListParams } from '../../../contracts/http';
import type { Executor } from '../../db/client';
import { participants } from '../../db/schema';
import type { Deps } from '../../deps';
import { AppError } from '../../http/errors';
import type { AuthContext } from '../session/auth-context';
import * as repo from './repository';
import * as requests from './request-repository';
import { loadSession } from './session-service';

export const presentPerson = (p: repo.PersonRow) => ({
  id: p.id,
  firstName: p.firstName,
  lastName: p.lastName,
  email: p.email,
  organisation: p.organisation,
});

const side = (row: requests.RequestRow, which: 'requester' | 'requested') => ({
  id: row[`${which}Id`],
  firstName: row[`${which}FirstName`],
  lastName: row[`${which}LastName`],
  email: row[`${which}Email`],
  organisation: row[`${which}Organisation`],
});

export const presentRequest = (row: requests.RequestRow) => ({
  id: row.id,
  requester: side(row, 'requester'),
  requested: side(row, 'requested'),
  weight: row.weight,
  source: row.source as RequestSource,
});

/** Which of these participants take part in the session (its roles or groups, or the whole project). */
export async function inSession(db: Executor, session: repo.SessionRow, ids: string[]) {
  const rows = await db
    .select({ id: participants.id })
    .from(participants)
    .where(
      and(
        eq(participants.projectId, session.projectId),
        inArray(participants.id, ids),
        repo.audienceCondition(session),
      ),
    );
  return new Set(rows.map((r) => r.id));
}

async function checkPair(
  db: Executor,
  session: repo.SessionRow,
  fields: [string, string],
  a: string,
  b: string,
) {
  const found = await inSession(db, session, [a, b]);
  if (!found.has(a)) throw AppError.field(fields[0], 'validation.b2b.notInSession');
  if (!found.has(b)) throw AppError.field(fields[1], 'validation.b2b.notInSession');
}

export async function listPeople(
  deps: Deps,
  auth: AuthContext,
  projectId: string,
  sessionId: string,
  q?: string,
) {
  const { session } = await loadSession(deps.db, auth, projectId, sessionId);
  const items = await repo.sessionPeople(deps.db, session, q, 50);
  return { items: items.map(presentPerson) };
}

export async function listRequests(
  deps: Deps,
  auth: AuthContext,
  projectId: string,
  sessionId: string,
  query: ListParams,
) {
  await loadSession(deps.db, auth, projectId, sessionId);
  const page = await requests.listRequests(deps.db, sessionId, query);
  return { ...page, items: page.items.map(presentRequest) };
}

type RequestInput = { requesterId: string; requestedId: string; weight: number };

async function checkRequest(db: Executor, session: repo.SessionRow, input: RequestInput, requestId?: string) {
  await checkPair(db, session, ['requesterId', 'requestedId'], input.requesterId, input.requestedId);
  const blocked = new Set(
    (await requests.blockedPairs(db, session.id)).map(([a, b]) => requests.pairKey(a, b)),
  );
  if (blocked.has(requests.pairKey(input.requesterId, input.requestedId))) {
    throw AppError.field('requestedId', 'validation.b2b.blockedPair');
  }
  const existing = (await requests.requestKeys(db, session.id)).get(
    `${input.requesterId}>${input.requestedId}`,
  );
  if (existing && existing.id !== requestId)
    throw AppError.field('requestedId', 'validation.b2b.duplicateRequest');
}

export async function createRequest(
  deps: Deps,
  auth: AuthContext,
  projectId: string,
  sessionId: string,
  input: RequestInput,
) {
  const id = await deps.db.transaction(async (tx) => {
    const { session } = await loadSession(tx, auth, projectId, sessionId);
    await checkRequest(tx, session, input);
    return requests.insertRequest(tx, {
      companyId: auth.companyId,
      projectId,
      sessionId,
      ...input,
      source: 'manual',
    });
  });
  return presentRequest((await requests.findRequest(deps.db, sessionId, id)) as requests.RequestRow);
}

export async function updateRequest(
  deps: Deps,
  auth: AuthContext,
  projectId: string,
  sessionId: string,
  requestId: string,
  input: RequestInput,
) {
  await deps.db.transaction(async (tx) => {
    const { session } = await loadSession(tx, auth, projectId, sessionId);
    if (!(await requests.findRequest(tx, sessionId, requestId))) throw AppError.notFound();
    await checkRequest(tx, session, input, requestId);
    await requests.updateRequest(tx, requestId, input);
  });
  return presentRequest((await requests.findRequest(deps.db, sessionId, requestId)) as requests.RequestRow);
}

export async function deleteRequest(
  deps: Deps,
  auth: AuthContext,
  projectId: string,
  sessionId: string,
  requestId: string,
) {
  await loadSession(deps.db, auth, projectId, sessionId);
  if (!(await requests.findRequest(deps.db, sessionId, requestId))) throw AppError.notFound();
  await requests.deleteRequest(deps.db, requestId);
  return { ok: true as const };
}

// ---------- blocked pairs ----------

const presentBlocked = (row: requests.BlockedRow) => ({
  id: row.id,
  a: {
    id: row.aId,
    firstName: row.aFirstName,
    lastName: row.aLastName,
    email: row.aEmail,
    organisation: row.aOrganisation,
  },
  b: {
    id: row.bId,
    firstName: row.bFirstName,
    lastName: row.bLastName,
    email: row.bEmail,
    organisation: row.bOrganisation,
  },
});

export async function listBlocked(deps: Deps, auth: AuthContext, projectId: string, sessionId: string) {
  await loadSession(deps.db, auth, projectId, sessionId);
  return { items: (await requests.listBlocked(deps.db, sessionId)).map(presentBlocked) };
}

/** Blocks a pair; their requests stay listed but are never placed (the generation leaves them out). */
export async function createBlocked(
  deps: Deps,
  auth: AuthContext,
  projectId: string,
  sessionId: string,
  input: { participantA: string; participantB: string },
) {
  const id = await deps.db.transaction(async (tx) => {
    const { session } = await loadSession(tx, auth, projectId, sessionId);
    await checkPair(tx, session, ['participantA', 'participantB'], input.participantA, input.participantB);
    const existing = new Set(
      (await requests.blockedPairs(tx, sessionId)).map(([a, b]) => requests.pairKey(a, b)),
    );
    if (existing.has(requests.pairKey(input.participantA, input.participantB))) {
      throw AppError.field('participantB', 'validation.b2b.alreadyBlocked');
    }
    return requests.insertBlocked(tx, { companyId: auth.companyId, projectId, sessionId, ...input });
  });
  const row = (await requests.listBlocked(deps.db, sessionId)).find(
    (r) => r.id === id,
  ) as requests.BlockedRow;
  return presentBlocked(row);
}

export async function deleteBlocked(
  deps: Deps,
  auth: AuthContext,
  projectId: string,
  sessionId: string,
  pairId: string,
) {
  await loadSession(deps.db, auth, projectId, sessionId);
  if (!(await requests.deleteBlocked(deps.db, sessionId, pairId))) throw AppError.notFound();
  return { ok: true as const };
}
