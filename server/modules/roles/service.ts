import type { RoleDefaults, RoleValues } from '../../../contracts/roles';
import type { Executor } from '../../db/client';
import type { Deps } from '../../deps';
import { AppError } from '../../http/errors';
import { auditTrail, changedFields, recordAudit } from '../audit/record';
import { findProject } from '../projects/repository';
import type { AuthContext } from '../session/auth-context';
import * as repo from './repository';

/** Issue 22: this module's changes in the audit log, in their transaction (docs/audit.md). */
const audit = auditTrail('role');

const present = (row: repo.RoleRow) => ({
  id: row.id,
  name: { fr: row.nameFr, en: row.nameEn },
  position: row.position,
  participantCount: row.participantCount,
});

/** The project of the caller's company, or 404. */
async function assertProject(db: Executor, auth: AuthContext, projectId: string) {
  const project = await findProject(db, auth.companyId, projectId);
  if (!project) throw AppError.notFound();
  return project;
}

async function getRole(db: Executor, auth: AuthContext, projectId: string, roleId: string) {
  const row = await repo.findRole(db, auth.companyId, projectId, roleId);
  if (!row) throw AppError.notFound();
  return row;
}

async function loadList(db: Executor, auth: AuthContext, projectId: string) {
  // In turn: `db` is the transaction of a change (reorder, defaults) as often as the pool.
  const rows = await repo.listRoles(db, auth.companyId, projectId);
  const defaults = await repo.findRoleDefaults(db, auth.companyId, projectId);
  return {
    items: rows.map(present),
    defaultRoleId: defaults?.defaultRoleId ?? null,
    defaultPersonaRoleId: defaults?.defaultPersonaRoleId ?? null,
  };
}

export async function listRoles(deps: Deps, auth: AuthContext, projectId: string) {
  await assertProject(deps.db, auth, projectId);
  return loadList(deps.db, auth, projectId);
}

export async function createRole(deps: Deps, auth: AuthContext, projectId: string, input: RoleValues) {
  return deps.db.transaction(async (tx) => {
    await assertProject(tx, auth, projectId);
    const id = await repo.insertRole(tx, {
      companyId: auth.companyId,
      projectId,
      nameFr: input.name.fr,
      nameEn: input.name.en,
      position: await repo.nextPosition(tx, projectId),
    });
    await audit(tx, auth, { action: 'create', projectId, entityId: id, label: input.name.fr });
    return present(await getRole(tx, auth, projectId, id));
  });
}

export async function updateRole(
  deps: Deps,
  auth: AuthContext,
  projectId: string,
  roleId: string,
  input: RoleValues,
) {
  return deps.db.transaction(async (tx) => {
    const before = present(await getRole(tx, auth, projectId, roleId));
    await repo.renameRole(tx, roleId, input.name);
    const after = present(await getRole(tx, auth, projectId, roleId));
    const fields = changedFields(before, after);
    await audit(tx, auth, { action: 'update', projectId, entityId: roleId, label: after.name.fr, fields });
    return after;
  });
}

/**
 * A role that participants have never silently disappears: without `moveTo` the deletion is refused with their
 * count; with it, they get that other role of the project, then the role goes, in one transaction. A project's
 * default role (or persona role) that is deleted is simply cleared (the foreign key sets it to null).
 */
export async function deleteRole(
  deps: Deps,
  auth: AuthContext,
  projectId: string,
  roleId: string,
  moveTo: string | null,
) {
  await deps.db.transaction(async (tx) => {
    await getRole(tx, auth, projectId, roleId);
    await repo.lockRole(tx, projectId, roleId);
    const { participantCount, nameFr } = await getRole(tx, auth, projectId, roleId);
    if (moveTo !== null) {
      const target = await repo.findRole(tx, auth.companyId, projectId, moveTo);
      if (!target || moveTo === roleId) throw AppError.field('moveTo', 'validation.roles.moveTo');
    }
    if (participantCount > 0) {
      if (moveTo === null) {
        throw new AppError('roles.inUse', 'conflict', { params: { count: participantCount } });
      }
      await repo.moveParticipants(tx, projectId, roleId, moveTo);
      // The participants moved: one bulk change of their role.
      await recordAudit(tx, auth, {
        entity: 'participant',
        action: 'update',
        projectId,
        fields: ['role'],
        count: participantCount,
      });
    }
    await repo.deleteRole(tx, projectId, roleId);
    await audit(tx, auth, { action: 'delete', projectId, entityId: roleId, label: nameFr });
  });
  return { ok: true as const };
}

/** P11: the new order must name every role of the project exactly once; anything else is refused. */
export async function reorderRoles(deps: Deps, auth: AuthContext, projectId: string, ids: string[]) {
  return deps.db.transaction(async (tx) => {
    await assertProject(tx, auth, projectId);
    const current = new Set((await repo.listRoles(tx, auth.companyId, projectId)).map((r) => r.id));
    const valid =
      ids.length === current.size && new Set(ids).size === ids.length && ids.every((id) => current.has(id));
    if (!valid) throw new AppError('roles.orderMismatch', 'validation');
    await repo.placeRoles(tx, projectId, ids);
    return loadList(tx, auth, projectId);
  });
}

/** The default role and default persona role: each a role of this project, or null. */
export async function setRoleDefaults(
  deps: Deps,
  auth: AuthContext,
  projectId: string,
  defaults: RoleDefaults,
) {
  return deps.db.transaction(async (tx) => {
    const project = await assertProject(tx, auth, projectId);
    const before = await loadList(tx, auth, projectId);
    for (const field of ['defaultRoleId', 'defaultPersonaRoleId'] as const) {
      const id = defaults[field];
      if (id !== null && !(await repo.findRole(tx, auth.companyId, projectId, id))) {
        throw AppError.field(field, 'validation.roles.unknownRole');
      }
    }
    await repo.saveRoleDefaults(tx, projectId, defaults);
    const after = await loadList(tx, auth, projectId);
    // The project's defaults: an event of the project, naming the default that changed.
    const fields = changedFields({ ...before, items: [] }, { ...after, items: [] });
    const label = project.nameFr;
    await recordAudit(tx, auth, {
      entity: 'project',
      action: 'update',
      projectId,
      entityId: projectId,
      label,
      fields,
    });
    return after;
  });
}
