/** A1: what a person does without a session: accept an invitation, reset a forgotten password, sign in by PIN. */
import { PIN_MAX_FAILURES } from '../../../contracts/users';
import type { Deps } from '../../deps';
import { AppError } from '../../http/errors';
import { deliverSoon } from '../mail/outbox';
import { deleteUserSessions } from '../session/repository';
import { openSession } from '../session/service';
import { queueResetMail, resetPath } from './mails';
import { assertAcceptablePassword, hashPassword, verifyPassword } from './passwords';
import * as repo from './repository';
import { hashToken, newToken } from './tokens';

/** Who signs in: the browser's address, user agent and current session. */
export interface Browser {
  ip: string | null;
  userAgent: string | null;
  previousToken?: string;
}

/** A link that no longer works (used, cancelled, replaced or expired): one answer for all. */
const linkOver = () => new AppError('users.linkOver', 'notFound');

async function liveLink(deps: Deps, kind: 'invitation' | 'reset', token: string) {
  const found = await repo.findLiveToken(deps.db, kind, hashToken(token), deps.now());
  if (!found || (found.archivedAt && !found.user.isSuperAdmin)) throw linkOver();
  return found;
}

export async function getInvitation(deps: Deps, token: string) {
  const { user, companyName } = await liveLink(deps, 'invitation', token);
  return { email: user.email, firstName: user.firstName, companyName, locale: user.locale as 'fr' | 'en' };
}

/**
 * The link's password becomes the user's, the token is spent, and with a reset every session of the user ends
 * (the session cache forgets them: server/modules/session/routes.ts, after any change); then this browser signs in.
 */
async function choosePassword(
  deps: Deps,
  kind: 'invitation' | 'reset',
  token: string,
  password: string,
  browser: Browser,
) {
  const found = await liveLink(deps, kind, token);
  assertAcceptablePassword(password);
  const passwordHash = await hashPassword(password);
  await deps.db.transaction(async (tx) => {
    if (!(await repo.useToken(tx, found.token.id, deps.now()))) throw linkOver();
    await repo.updateUser(tx, found.user.id, { passwordHash });
    await deleteUserSessions(tx, found.user.id);
    // A reset also spends an invitation still pending, and the reverse.
    await repo.deleteTokens(tx, found.user.id, kind === 'reset' ? 'invitation' : 'reset');
  });
  return openSession(deps, found.user.id, browser);
}

export function acceptInvitation(deps: Deps, token: string, password: string, browser: Browser) {
  return choosePassword(deps, 'invitation', token, password, browser);
}

export async function checkReset(deps: Deps, token: string) {
  const { user } = await liveLink(deps, 'reset', token);
  return { email: user.email };
}

export function resetPassword(deps: Deps, token: string, password: string, browser: Browser) {
  return choosePassword(deps, 'reset', token, password, browser);
}

/** Every answer of « mot de passe oublié » takes at least this long, known address or not. */
export const RESET_ANSWER_MS = 400;

/**
 * « Mot de passe oublié »: a link by e-mail to a known, active user; the same answer, after the same time
 * (RESET_ANSWER_MS), whatever the address.
 */
export async function requestReset(deps: Deps, email: string) {
  const started = performance.now();
  const found = await repo.findUserByEmail(deps.db, email);
  if (found?.user.passwordHash && !(found.companyArchivedAt && !found.user.isSuperAdmin)) {
    const { token, tokenHash } = newToken();
    const seconds = deps.config.accounts.resetSeconds;
    await deps.db.transaction(async (tx) => {
      await repo.replaceToken(tx, {
        kind: 'reset',
        userId: found.user.id,
        tokenHash,
        expiresAt: new Date(deps.now().getTime() + seconds * 1000),
        createdBy: null,
      });
      await queueResetMail(tx, found.user, { url: `${deps.config.publicUrl}${resetPath(token)}`, seconds });
    });
    await deliverSoon(deps);
  }
  const wait = RESET_ANSWER_MS - (performance.now() - started);
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  return { ok: true as const };
}

/**
 * Kiosk sign-in with e-mail and PIN. A wrong PIN counts against it (spent after PIN_MAX_FAILURES); an unknown
 * address, a user without a PIN and a wrong PIN get the same answer, after an argon2 verification each.
 */
export async function signInWithPin(deps: Deps, email: string, pin: string, browser: Browser) {
  const found = await repo.findUserByEmail(deps.db, email);
  const live = found ? await repo.findLivePin(deps.db, found.user.id, deps.now()) : undefined;
  const valid = await verifyPassword(live?.tokenHash ?? null, pin);
  if (!found || !live || !valid) {
    if (live) await repo.countPinFailure(deps.db, live.id, PIN_MAX_FAILURES, deps.now());
    throw new AppError('auth.invalidPin', 'unauthenticated');
  }
  if (found.companyArchivedAt && !found.user.isSuperAdmin) {
    throw new AppError('auth.companyArchived', 'forbidden');
  }
  return openSession(deps, found.user.id, browser);
}
