import { randomBytes } from 'node:crypto';
import { stringify } from 'csv-stringify/sync';
import type { ListParams } from '../../../contracts/http';
import { UNSUBSCRIBE_TOKEN, unsubscribePath } from '../../../contracts/unsubscribe';
import type { Executor } from '../../db/client';
import type { Deps } from '../../deps';
import { AppError } from '../../http/errors';
import { translator } from '../../i18n';
import { assertProject } from '../activities/category-service';
import { csvSafe, slug, wallClock } from '../participants/export';
import type { AuthContext } from '../session/auth-context';
import * as repo from './repository';

/**
 * CASL unsubscription. What the campaign sender and renderer use:
 * - `ensureSubscriptionTokens` before rendering: each recipient's token, made once and never replaced;
 * - `unsubscribeUrl` and `unsubscribeHeaders` for the link in the footer (./footer.ts) and the message's headers;
 * - `unsubscribedAmong` (a set of ids) or `notUnsubscribed` (a SQL condition) to leave unsubscribed people out of a
 *   campaign that is not transactional.
 * The public address `/u/<token>` (./routes.ts) and the organiser's list use the rest.
 */

export { notUnsubscribed } from './repository';

/** A new token: 32 random bytes in base64url (43 characters), as the personal page's. */
const newToken = () => randomBytes(32).toString('base64url');

/** At most this many participants per statement (two parameters each; PostgreSQL takes 65,535). */
const BATCH = 5_000;

/**
 * Each participant's unsubscribe token, made on demand: those who have none get one in one INSERT per 5,000 (on
 * conflict do nothing, so a token is never replaced, even by two sends at once), then the tokens are read back. An id
 * that is not a participant of this project gets none (it is absent from the map). Runs its queries one after
 * another: `db` may be the caller's transaction.
 */
export async function ensureSubscriptionTokens(
  db: Executor,
  scope: repo.ProjectScope,
  participantIds: readonly string[],
): Promise<Map<string, string>> {
  const tokens = new Map<string, string>();
  const ids = [...new Set(participantIds)];
  for (let start = 0; start < ids.length; start += BATCH) {
    const batch = ids.slice(start, start + BATCH);
    for (const row of await repo.findTokens(db, scope, batch)) tokens.set(row.participantId, row.token);
    const missing = batch.filter((id) => !tokens.has(id));
    if (missing.length === 0) continue;
    await repo.insertTokens(
      db,
      scope,
      missing.map((participantId) => ({ participantId, token: newToken() })),
    );
    for (const row of await repo.findTokens(db, scope, missing)) tokens.set(row.participantId, row.token);
  }
  return tokens;
}

/** The public unsubscribe address of a token (`publicUrl` is the configuration's PUBLIC_URL, without a final /). */
export const unsubscribeUrl = (publicUrl: string, token: string) =>
  `${publicUrl.replace(/\/+$/, '')}${unsubscribePath(token)}`;

/**
 * The headers that let a mail client offer its own unsubscribe button: RFC 2369 `List-Unsubscribe` (the address in
 * angle brackets) and RFC 8058 `List-Unsubscribe-Post`, which makes it one click (the client POSTs
 * `List-Unsubscribe=One-Click` to the address; the message must also be DKIM-signed for Gmail and Yahoo to offer it).
 */
export const unsubscribeHeaders = (url: string): Record<string, string> => ({
  'List-Unsubscribe': `<${url}>`,
  'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
});

/** The participants among these who unsubscribed from the project's campaigns (one query per call). */
export async function unsubscribedAmong(
  db: Executor,
  projectId: string,
  participantIds: readonly string[],
): Promise<Set<string>> {
  return new Set(await repo.findUnsubscribed(db, projectId, participantIds));
}

// ---------- the public address ----------

/** What `/u/<token>` opens, or undefined (unknown token, or not even the shape of one). */
export async function findSubscription(deps: Deps, token: string) {
  return UNSUBSCRIBE_TOKEN.test(token) ? repo.findByToken(deps.db, token) : undefined;
}

/** Unsubscribes at once; a second time keeps the first moment. Answers the moment, or null for an unknown token. */
export async function unsubscribe(deps: Deps, token: string): Promise<Date | null> {
  if (!UNSUBSCRIBE_TOKEN.test(token)) return null;
  return repo.markUnsubscribed(deps.db, token, deps.now());
}

// ---------- the organiser ----------

export async function listUnsubscribes(deps: Deps, auth: AuthContext, projectId: string, params: ListParams) {
  await assertProject(deps.db, auth, projectId);
  return repo.listUnsubscribed(deps.db, { companyId: auth.companyId, projectId }, params);
}

/**
 * The list as CSV in the caller's language (every row, as searched and sorted; a byte-order mark for spreadsheet
 * programs; values that a spreadsheet would read as formulas defused), times in the project's zone.
 */
export async function exportUnsubscribesCsv(
  deps: Deps,
  auth: AuthContext,
  projectId: string,
  params: Pick<ListParams, 'q' | 'sort' | 'dir'>,
) {
  const project = await assertProject(deps.db, auth, projectId);
  const t = translator(auth.locale);
  const rows = await repo.listAllUnsubscribed(deps.db, { companyId: auth.companyId, projectId }, params);
  const header = [
    t('unsubscribe.export.lastName'),
    t('unsubscribe.export.firstName'),
    t('unsubscribe.list.columns.email'),
    t('unsubscribe.list.columns.organisation'),
    t('unsubscribe.export.unsubscribedAt', { timeZone: project.timeZone }),
  ];
  const body = rows.map((r) =>
    [
      r.lastName,
      r.firstName,
      r.email,
      r.organisation ?? '',
      wallClock(r.unsubscribedAt, project.timeZone),
    ].map(csvSafe),
  );
  const name = auth.locale === 'en' ? project.nameEn || project.nameFr : project.nameFr || project.nameEn;
  return {
    filename: t('unsubscribe.export.filename', { project: slug(name) }),
    content: `\ufeff${stringify([header, ...body])}`,
  };
}

/** At the person's request (CASL needs their consent): they receive campaigns again. 404 when not unsubscribed. */
export async function resubscribe(deps: Deps, auth: AuthContext, projectId: string, participantId: string) {
  await assertProject(deps.db, auth, projectId);
  const cleared = await repo.clearUnsubscribed(
    deps.db,
    { companyId: auth.companyId, projectId },
    participantId,
  );
  if (!cleared) throw AppError.notFound();
  return { ok: true as const };
}
