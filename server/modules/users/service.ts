/** A1: the company's users as administrators manage them: list, edition, settings, deletion, invitations, PINs. */
import type { ListParams } from '../../../contracts/http';
import type { UserInput, UserRole, UserSettingsInput } from '../../../contracts/users';
import type { Deps } from '../../deps';
import { AppError } from '../../http/errors';
import { mayAdministerCompany } from '../../policies/company';
import { auditTrail, changedFields } from '../audit/record';
import { findCompany } from '../companies/repository';
import { deliverSoon } from '../mail/outbox';
import { findProject } from '../projects/repository';
import type { AuthContext } from '../session/auth-context';
import { invitationPath, queueInvitationMail } from './mails';
import { hashPassword } from './passwords';
import * as repo from './repository';
import { newPin, newToken } from './tokens';

/** Issue 22: this module's changes in the audit log, in their transaction (docs/audit.md). */
const audit = auditTrail('user');

/**
 * The company's administrators (and super-admins), by the A4 policy (server/policies/company.ts). The routes that
 * only they may call already say `access: 'admin'`; this guards the ones a user also calls on their own account.
 */
export function requireAdministrator(auth: AuthContext) {
  if (!mayAdministerCompany(auth)) throw new AppError('access.adminOnly', 'forbidden');
}

type Row = NonNullable<Awaited<ReturnType<typeof repo.findCompanyUser>>>;

function present(deps: Deps, auth: AuthContext, row: Row) {
  const { invited, invitationExpiresAt, isSuperAdmin: _, ...rest } = row;
  const expired = invited && (!invitationExpiresAt || invitationExpiresAt <= deps.now());
  return {
    ...rest,
    role: rest.role as UserRole,
    locale: rest.locale as 'fr' | 'en',
    status: invited ? (expired ? ('invitationExpired' as const) : ('invited' as const)) : ('active' as const),
    invitationExpiresAt: invited ? invitationExpiresAt : null,
    isSelf: row.id === auth.userId,
  };
}

async function loadUser(deps: Deps, auth: AuthContext, userId: string): Promise<Row> {
  const row = await repo.findCompanyUser(deps.db, auth.companyId, userId);
  if (!row) throw AppError.notFound();
  // Only a super-admin touches a super-admin's account.
  if (row.isSuperAdmin && !auth.isSuperAdmin) throw new AppError('forbidden', 'forbidden');
  return row;
}

export async function listUsers(deps: Deps, auth: AuthContext, params: ListParams & { role?: UserRole }) {
  requireAdministrator(auth);
  const page = await repo.listCompanyUsers(deps.db, auth.companyId, params);
  return { ...page, items: page.items.map((row) => present(deps, auth, row)) };
}

export async function getUser(deps: Deps, auth: AuthContext, userId: string) {
  if (userId !== auth.userId) requireAdministrator(auth);
  return present(deps, auth, await loadUser(deps, auth, userId));
}

async function assertEmailFree(deps: Deps, email: string, exceptId?: string) {
  const other = await repo.findUserByEmail(deps.db, email);
  if (other && other.user.id !== exceptId) throw AppError.field('email', 'validation.emailTaken');
}

export async function updateUser(deps: Deps, auth: AuthContext, userId: string, input: UserInput) {
  requireAdministrator(auth);
  const current = await loadUser(deps, auth, userId);
  await assertEmailFree(deps, input.email, userId);
  if (current.role === 'administrator' && input.role !== 'administrator') {
    if ((await repo.countAdministrators(deps.db, auth.companyId)) <= 1) {
      throw AppError.field('role', 'validation.lastAdministrator');
    }
  }
  const { firstName, lastName, email, role } = input;
  const was = {
    firstName: current.firstName,
    lastName: current.lastName,
    email: current.email,
    role: current.role,
  };
  const fields = changedFields(was, { firstName, lastName, email, role });
  await deps.db.transaction(async (tx) => {
    await repo.updateUser(tx, userId, { firstName, lastName, email, role });
    if (fields.length)
      await audit(tx, auth, {
        action: 'update',
        entityId: userId,
        label: `${firstName} ${lastName}`,
        fields,
      });
  });
  return getUser(deps, auth, userId);
}

export async function updateSettings(
  deps: Deps,
  auth: AuthContext,
  userId: string,
  input: UserSettingsInput,
) {
  if (userId !== auth.userId) requireAdministrator(auth);
  await loadUser(deps, auth, userId);
  if (input.lastProjectId && !(await findProject(deps.db, auth.companyId, input.lastProjectId))) {
    throw AppError.field('lastProjectId', 'validation.projectUnknown');
  }
  await repo.updateUser(deps.db, userId, { locale: input.locale, lastProjectId: input.lastProjectId });
  return getUser(deps, auth, userId);
}

export async function deleteUser(deps: Deps, auth: AuthContext, userId: string) {
  requireAdministrator(auth);
  if (userId === auth.userId) throw new AppError('users.cannotDeleteSelf', 'conflict');
  const row = await loadUser(deps, auth, userId);
  await deps.db.transaction(async (tx) => {
    if (row.role === 'administrator' && (await repo.countAdministrators(tx, auth.companyId)) <= 1) {
      throw new AppError('users.lastAdministrator', 'conflict');
    }
    await repo.deleteUserKeepingNames(tx, { id: row.id, name: `${row.firstName} ${row.lastName}` });
    await audit(tx, auth, { action: 'delete', entityId: row.id, label: `${row.firstName} ${row.lastName}` });
  });
  return { ok: true as const };
}

// ---------- invitations ----------

/** A new invitation link for an invited user, written with its message to the outbox (in the caller's transaction). */
async function sendInvitation(deps: Deps, auth: AuthContext, user: Row & { companyId?: string }) {
  const [company, inviter] = await Promise.all([
    findCompany(deps.db, auth.companyId),
    repo.findUserById(deps.db, auth.userId),
  ]);
  const { token, tokenHash } = newToken();
  const seconds = deps.config.accounts.invitationSeconds;
  await deps.db.transaction(async (tx) => {
    await repo.replaceToken(tx, {
      kind: 'invitation',
      userId: user.id,
      tokenHash,
      expiresAt: new Date(deps.now().getTime() + seconds * 1000),
      createdBy: auth.userId,
    });
    await queueInvitationMail(
      tx,
      { ...user, companyId: auth.companyId },
      {
        url: `${deps.config.publicUrl}${invitationPath(token)}`,
        companyName: company?.name ?? '',
        inviter: inviter ? `${inviter.firstName} ${inviter.lastName}` : '',
        seconds,
      },
    );
  });
  await deliverSoon(deps);
}

export async function inviteUser(deps: Deps, auth: AuthContext, input: UserInput & { locale: 'fr' | 'en' }) {
  requireAdministrator(auth);
  await assertEmailFree(deps, input.email);
  const label = `${input.firstName} ${input.lastName}`;
  const created = await deps.db.transaction(async (tx) => {
    const user = await repo.insertUser(tx, {
      companyId: auth.companyId,
      email: input.email,
      firstName: input.firstName,
      lastName: input.lastName,
      role: input.role,
      locale: input.locale,
      passwordHash: null,
    });
    await audit(tx, auth, { action: 'invite', entityId: user.id, label, fields: ['role'] });
    return user;
  });
  const row = await loadUser(deps, auth, created.id);
  await sendInvitation(deps, auth, row);
  return getUser(deps, auth, created.id);
}

async function loadInvited(deps: Deps, auth: AuthContext, userId: string) {
  requireAdministrator(auth);
  const row = await loadUser(deps, auth, userId);
  if (!row.invited) throw new AppError('users.notInvited', 'conflict');
  return row;
}

export async function resendInvitation(deps: Deps, auth: AuthContext, userId: string) {
  const row = await loadInvited(deps, auth, userId);
  await sendInvitation(deps, auth, row);
  return getUser(deps, auth, userId);
}

export async function cancelInvitation(deps: Deps, auth: AuthContext, userId: string) {
  const row = await loadInvited(deps, auth, userId);
  const label = `${row.firstName} ${row.lastName}`;
  await deps.db.transaction(async (tx) => {
    await repo.deleteUserKeepingNames(tx, { id: row.id, name: label });
    await audit(tx, auth, { action: 'delete', entityId: row.id, label });
  });
  return { ok: true as const };
}

// ---------- kiosk PIN ----------

/** A new PIN for the user, returned once (only its argon2 hash is kept); the previous one stops working. */
export async function generatePin(deps: Deps, auth: AuthContext, userId: string) {
  requireAdministrator(auth);
  const row = await loadUser(deps, auth, userId);
  if (row.invited) throw new AppError('users.notActive', 'conflict');
  const pin = newPin();
  const expiresAt = new Date(deps.now().getTime() + deps.config.accounts.pinSeconds * 1000);
  await repo.replaceToken(deps.db, {
    kind: 'pin',
    userId,
    tokenHash: await hashPassword(pin),
    expiresAt,
    createdBy: auth.userId,
  });
  return { pin, expiresAt };
}
