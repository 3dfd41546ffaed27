import type { AccessInput, AccessUser, CompanyRole, ProjectRole } from '../../../contracts/access';
import type { ListParams } from '../../../contracts/http';
import type { Executor } from '../../db/client';
import type { Deps } from '../../deps';
import { AppError } from '../../http/errors';
import { reachableProjectIds } from '../../policies';
import { recordAudit } from '../audit/record';
import type { AuthContext } from '../session/auth-context';
import * as repo from './repository';

/**
 * A4 the access page: an administrator sets each user's company role and project scope. The change takes effect at
 * the user's next call on this instance (every change forgets the sessions this app keeps), within
 * SESSION_RECHECK_SECONDS on another instance (docs/access/README.md).
 */
async function present(db: Executor, rows: repo.AccessUserRow[]): Promise<AccessUser[]> {
  const grants = await repo.projectsOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => ({
    ...row,
    role: row.role as CompanyRole,
    projects: grants
      .filter((g) => g.userId === row.id)
      .map(({ projectId, nameFr, nameEn, role }) => ({
        projectId,
        nameFr,
        nameEn,
        role: role as ProjectRole,
      })),
  }));
}

export async function listUsers(deps: Deps, auth: AuthContext, params: ListParams) {
  const page = await repo.listUsers(deps.db, auth.companyId, params);
  return { ...page, items: await present(deps.db, page.items) };
}

export async function listProjects(deps: Deps, auth: AuthContext) {
  return { items: await repo.listCompanyProjects(deps.db, auth.companyId) };
}

async function getUser(db: Executor, auth: AuthContext, userId: string) {
  const row = await repo.findUser(db, auth.companyId, userId);
  if (!row) throw AppError.notFound();
  return row;
}

export async function updateAccess(deps: Deps, auth: AuthContext, userId: string, input: AccessInput) {
  return deps.db.transaction(async (tx) => {
    const user = await getUser(tx, auth, userId);
    if (user.role === 'administrator' && input.role !== 'administrator') {
      if ((await repo.otherAdministrators(tx, auth.companyId, userId)) === 0) {
        throw new AppError('access.lastAdministrator', 'conflict');
      }
    }
    // An administrator works in every project: their project rows would say nothing.
    const allProjects = input.role === 'administrator' || input.allProjects;
    const wanted = allProjects ? [] : input.projects;
    const known = await repo.companyProjectIds(
      tx,
      auth.companyId,
      wanted.map((p) => p.projectId),
    );
    const missing = wanted.findIndex((p) => !known.has(p.projectId));
    if (missing >= 0)
      throw AppError.field(`projects.${missing}.projectId`, 'validation.access.unknownProject');
    const now = deps.now();
    const [before] = await present(tx, [user]);
    await repo.setUserRole(tx, userId, { role: input.role, allProjects, updatedAt: now });
    await repo.replaceProjectAccess(tx, userId, wanted, auth.userId, now);
    const [updated] = await present(tx, [await getUser(tx, auth, userId)]);
    await auditAccess(tx, auth, before, updated);
    return updated;
  });
}

/**
 * Issue 22: an access change in the audit log: the company role or scope changed (fields `role`, `allProjects`), a
 * project granted, a project revoked, a project's role changed (one event each, on that project).
 */
async function auditAccess(tx: Executor, auth: AuthContext, before: AccessUser, after: AccessUser) {
  const label = `${after.firstName} ${after.lastName}`;
  const base = { entity: 'access', entityId: after.id, label } as const;
  const fields = (['role', 'allProjects'] as const).filter((k) => before[k] !== after[k]);
  if (fields.length) await recordAudit(tx, auth, { ...base, action: 'update', fields: [...fields] });
  const had = new Map(before.projects.map((p) => [p.projectId, p.role]));
  const has = new Map(after.projects.map((p) => [p.projectId, p.role]));
  for (const [projectId, role] of has) {
    if (!had.has(projectId))
      await recordAudit(tx, auth, { ...base, action: 'grant', projectId, fields: ['role'] });
    else if (had.get(projectId) !== role)
      await recordAudit(tx, auth, { ...base, action: 'update', projectId, fields: ['role'] });
  }
  for (const projectId of had.keys()) {
    if (!has.has(projectId)) await recordAudit(tx, auth, { ...base, action: 'revoke', projectId });
  }
}

export async function revokeProject(deps: Deps, auth: AuthContext, userId: string, projectId: string) {
  return deps.db.transaction(async (tx) => {
    const user = await getUser(tx, auth, userId);
    if (!(await repo.deleteProjectAccess(tx, userId, projectId))) throw AppError.notFound();
    const label = `${user.firstName} ${user.lastName}`;
    await recordAudit(tx, auth, { entity: 'access', action: 'revoke', projectId, entityId: userId, label });
    const [updated] = await present(tx, [await getUser(tx, auth, userId)]);
    return updated;
  });
}

/**
 * A restricted organiser (company role organiser, not every project) who creates a project works in it: they get its
 * row, in the transaction that creates it; anyone else already reaches every project.
 */
export async function grantNewProjectToCreator(
  db: Executor,
  auth: AuthContext,
  projectId: string,
  now: Date,
) {
  if (reachableProjectIds(auth) === null) return;
  await repo.grantProject(db, {
    userId: auth.userId,
    projectId,
    role: 'organiser',
    grantedBy: auth.userId,
    grantedAt: now,
  });
  const user = await getUser(db, auth, auth.userId);
  await recordAudit(db, auth, {
    entity: 'access',
    action: 'grant',
    projectId,
    entityId: auth.userId,
    label: `${user.firstName} ${user.lastName}`,
    fields: ['role'],
  });
}
