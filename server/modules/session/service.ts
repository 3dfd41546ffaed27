import { createHash, randomBytes } from 'node:crypto';
import type { CompanyRole, UserAccess } from '../../../contracts/access';
import type { CurrentUser } from '../../../contracts/auth';
import type { Language } from '../../../contracts/http';
import type { Deps } from '../../deps';
import { AppError } from '../../http/errors';
import { assertProjectReadable } from '../../policies';
import { findCompany } from '../companies/repository';
import * as projects from '../projects/service';
import { verifyPassword } from '../users/passwords';
import { findUserByEmail, findUserById, updateUser } from '../users/repository';
import type { AuthContext } from './auth-context';
import { readSession, recentSession, rememberExpiry, type SessionRow } from './cache';
import * as sessions from './repository';

export const SESSION_COOKIE = 'maillage_session';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export async function signIn(
  deps: Deps,
  input: {
    email: string;
    password: string;
    ip: string | null;
    userAgent: string | null;
    /** The browser's current session, replaced by the new one once the password is right. */
    previousToken?: string;
  },
): Promise<{ token: string; auth: AuthContext }> {
  const found = await findUserByEmail(deps.db, input.email);
  const valid = await verifyPassword(found?.user.passwordHash ?? null, input.password);
  if (!found || !valid) throw new AppError('auth.invalidCredentials', 'unauthenticated');
  if (found.companyArchivedAt && !found.user.isSuperAdmin) {
    throw new AppError('auth.companyArchived', 'forbidden');
  }
  return openSession(deps, found.user.id, input);
}

/**
 * A new session for this user (signed in by password, PIN, invitation or reset), replacing the browser's current
 * one; the sign-in is kept as the user's last (A1's list shows it).
 */
export async function openSession(
  deps: Deps,
  userId: string,
  input: { ip: string | null; userAgent: string | null; previousToken?: string },
): Promise<{ token: string; auth: AuthContext }> {
  await signOut(deps, input.previousToken);
  const token = randomBytes(32).toString('base64url');
  const now = deps.now();
  const expiresAt = new Date(now.getTime() + deps.config.session.idleSeconds * 1000);
  const id = hashToken(token);
  await sessions.insertSession(deps.db, {
    id,
    userId,
    createdAt: now,
    lastSeenAt: now,
    expiresAt,
    userAgent: input.userAgent?.slice(0, 300) ?? null,
    ip: input.ip,
  });
  await updateUser(deps.db, userId, { lastSignInAt: now });
  const auth = await authenticate(deps, token, { touch: false });
  if (!auth) throw new Error('session vanished right after creation');
  return { token, auth };
}

/**
 * The caller's session from its cookie token, or null when unknown or over. A call that counts as activity
 * pushes the end of the session back to a full idle duration (written at most every 15 s, or half the idle
 * duration when that is shorter). The session is read from the database unless this app read it less than
 * SESSION_RECHECK_SECONDS ago (./cache.ts); a refusal is always read again, so it never rests on an old read.
 */
export async function authenticate(
  deps: Deps,
  token: string,
  options: { touch: boolean },
): Promise<AuthContext | null> {
  const id = hashToken(token);
  const now = deps.now();
  const recent = recentSession(deps, id, now);
  const row = recent && isOpen(recent, now) ? recent : await readSession(deps, id, now);
  if (!row || !isOpen(row, now)) return null;
  const endOfLife = row.createdAt.getTime() + deps.config.session.maxSeconds * 1000;
  let expiresAt = row.expiresAt;
  const idleMs = deps.config.session.idleSeconds * 1000;
  if (options.touch && expiresAt.getTime() - now.getTime() < idleMs - Math.min(15_000, idleMs / 2)) {
    expiresAt = new Date(Math.min(now.getTime() + idleMs, endOfLife));
    await sessions.extendSession(deps.db, id, now, expiresAt);
    rememberExpiry(deps, id, expiresAt);
  }
  return {
    sessionId: id,
    userId: row.userId,
    companyId: row.companyId,
    homeCompanyId: row.homeCompanyId,
    isSuperAdmin: row.isSuperAdmin,
    locale: row.locale as Language,
    expiresAt,
    endOfLife: new Date(endOfLife),
    access: {
      isSuperAdmin: row.isSuperAdmin,
      role: row.role as CompanyRole,
      allProjects: row.allProjects,
      projects: row.projects as UserAccess['projects'],
    },
  };
}

/** Not idle too long, and the user's company not archived (a super-admin works on). */
function isOpen(row: SessionRow, now: Date): boolean {
  return row.expiresAt > now && !(row.homeArchivedAt && !row.isSuperAdmin);
}

export async function extend(deps: Deps, auth: AuthContext): Promise<AuthContext> {
  const now = deps.now();
  const expiresAt = new Date(
    Math.min(now.getTime() + deps.config.session.idleSeconds * 1000, auth.endOfLife.getTime()),
  );
  await sessions.extendSession(deps.db, auth.sessionId, now, expiresAt);
  rememberExpiry(deps, auth.sessionId, expiresAt);
  return { ...auth, expiresAt };
}

export async function signOut(deps: Deps, token: string | undefined) {
  if (token) await sessions.deleteSession(deps.db, hashToken(token));
}

/** P1: what the 60-second check answers. */
export function sessionTimes(deps: Deps, auth: AuthContext | null) {
  const { warnSeconds, checkSeconds } = deps.config.session;
  if (!auth) return { timeWarn: false, timeClose: true, expiresAt: null, checkSeconds };
  const remainingMs = auth.expiresAt.getTime() - deps.now().getTime();
  return {
    timeWarn: remainingMs <= warnSeconds * 1000,
    timeClose: remainingMs <= 0,
    expiresAt: auth.expiresAt,
    checkSeconds,
  };
}

export async function getCurrentUser(deps: Deps, auth: AuthContext): Promise<CurrentUser> {
  const [user, company] = await Promise.all([
    findUserById(deps.db, auth.userId),
    findCompany(deps.db, auth.companyId),
  ]);
  if (!user || !company) throw new AppError('auth.sessionExpired', 'unauthenticated');
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    locale: user.locale as Language,
    isSuperAdmin: user.isSuperAdmin,
    lastProjectId: user.lastProjectId,
    company: { id: company.id, name: company.name, isDemo: company.isDemo },
    homeCompanyId: user.companyId,
    textEditionMode: user.isSuperAdmin && user.textEditionMode,
    access: auth.access,
  };
}

export async function selectProject(deps: Deps, auth: AuthContext, projectId: string) {
  assertProjectReadable(auth, projectId);
  await projects.selectProject(deps, auth, projectId);
  return getCurrentUser(deps, auth);
}

export async function setLocale(deps: Deps, auth: AuthContext, locale: Language) {
  await updateUser(deps.db, auth.userId, { locale });
  return getCurrentUser(deps, { ...auth, locale });
}

/** P2: a super-admin works in another company from now on; the switch is recorded. */
export async function switchCompany(deps: Deps, auth: AuthContext, companyId: string) {
  const [from, to, user] = await Promise.all([
    findCompany(deps.db, auth.companyId),
    findCompany(deps.db, companyId),
    findUserById(deps.db, auth.userId),
  ]);
  if (!to || !user) throw AppError.notFound();
  if (to.archivedAt) throw new AppError('companies.archived', 'conflict');
  await deps.db.transaction(async (tx) => {
    await sessions.setSessionCompany(tx, auth.sessionId, companyId === auth.homeCompanyId ? null : companyId);
    await sessions.insertCompanySwitch(tx, {
      userId: auth.userId,
      userEmail: user.email,
      fromCompanyId: from?.id ?? null,
      fromCompanyName: from?.name ?? '',
      toCompanyId: to.id,
      toCompanyName: to.name,
      switchedAt: deps.now(),
    });
    await updateUser(tx, auth.userId, { lastProjectId: null });
  });
  return getCurrentUser(deps, { ...auth, companyId });
}

export async function purgeExpiredSessions(deps: Deps): Promise<number> {
  return sessions.deleteExpiredSessions(deps.db, deps.now());
}
