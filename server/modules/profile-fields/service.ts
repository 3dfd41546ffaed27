import {
  type InputType,
  isLockedField,
  type ProfileField,
  type ProfileFieldOrder,
  type ProfileFieldSwitch,
  type ProfileFieldValues,
  STANDARD_FIELD_KEYS,
  type StandardFieldKey,
} from '../../../contracts/profile-fields';
import type { Localized } from '../../../contracts/texts';
import type { Executor } from '../../db/client';
import type { Deps } from '../../deps';
import { AppError } from '../../http/errors';
import { findProject } from '../projects/repository';
import type { AuthContext } from '../session/auth-context';
import * as repo from './repository';

/** A field as the API sends it. */
export function present(row: repo.ProfileFieldRow): ProfileField {
  const standardKey = (STANDARD_FIELD_KEYS as readonly string[]).includes(row.standardKey ?? '')
    ? (row.standardKey as StandardFieldKey)
    : null;
  const isLocked = isLockedField({ standardKey });
  return {
    id: row.id,
    standardKey,
    inputType: row.inputType as InputType,
    title: { fr: row.titleFr, en: row.titleEn },
    // A locked field is active and mandatory whatever the row says.
    isActive: row.isActive || isLocked,
    isMandatory: row.isMandatory || isLocked,
    isEditable: row.isEditable,
    isShownOnView: row.isShownOnView,
    isLocked,
    position: row.position,
  };
}

/** The project of the caller's company, or not found. */
async function assertProject(db: Executor, auth: AuthContext, projectId: string) {
  const project = await findProject(db, auth.companyId, projectId);
  if (!project) throw AppError.notFound();
}

async function fieldOf(db: Executor, auth: AuthContext, projectId: string, fieldId: string) {
  await assertProject(db, auth, projectId);
  const row = await repo.findField(db, auth.companyId, projectId, fieldId);
  if (!row) throw AppError.notFound();
  return row;
}

/**
 * U5: the profile fields of a project, in order, the standard ones created first if missing; empty for a project
 * of another company. The participants module builds its form and its checks from this list
 * (`participantProfileSchema` in contracts/profile-fields.ts).
 */
export async function listProfileFields(db: Executor, companyId: string, projectId: string) {
  const rows = await repo.listProfileFieldRows(db, companyId, projectId);
  return rows.map(present);
}

export async function listFields(deps: Deps, auth: AuthContext, projectId: string) {
  await assertProject(deps.db, auth, projectId);
  return { items: await listProfileFields(deps.db, auth.companyId, projectId) };
}

export async function createField(
  deps: Deps,
  auth: AuthContext,
  projectId: string,
  input: ProfileFieldValues,
) {
  return deps.db.transaction(async (tx) => {
    await assertProject(tx, auth, projectId);
    await repo.ensureStandardFields(tx, auth.companyId, projectId);
    const row = await repo.insertCustomField(tx, {
      companyId: auth.companyId,
      projectId,
      inputType: input.inputType,
      titleFr: input.title.fr,
      titleEn: input.title.en,
    });
    return present(row);
  });
}

export async function updateFieldTitle(
  deps: Deps,
  auth: AuthContext,
  projectId: string,
  fieldId: string,
  title: Localized,
) {
  await fieldOf(deps.db, auth, projectId, fieldId);
  const row = await repo.updateField(deps.db, auth.companyId, projectId, fieldId, {
    titleFr: title.fr,
    titleEn: title.en,
  });
  if (!row) throw AppError.notFound();
  return present(row);
}

/** One switch, saved at once; first name, last name and e-mail cannot stop being active or mandatory. */
export async function setFieldSwitch(
  deps: Deps,
  auth: AuthContext,
  projectId: string,
  fieldId: string,
  name: ProfileFieldSwitch,
  value: boolean,
) {
  const current = await fieldOf(deps.db, auth, projectId, fieldId);
  if (!value && (name === 'isActive' || name === 'isMandatory') && isLockedField(current)) {
    throw new AppError('profileFields.locked', 'validation');
  }
  const row = await repo.updateField(deps.db, auth.companyId, projectId, fieldId, { [name]: value });
  if (!row) throw AppError.notFound();
  return present(row);
}

/** Only the organiser's own fields can be deleted; their values go with them. */
export async function deleteField(deps: Deps, auth: AuthContext, projectId: string, fieldId: string) {
  return deps.db.transaction(async (tx) => {
    const row = await fieldOf(tx, auth, projectId, fieldId);
    if (row.standardKey !== null) throw new AppError('profileFields.standardNotDeletable', 'conflict');
    await repo.deleteField(tx, auth.companyId, projectId, fieldId);
    return { ok: true as const };
  });
}

/** P11: the new order names every field of the project exactly once; an empty list is refused. */
export async function reorderFields(
  deps: Deps,
  auth: AuthContext,
  projectId: string,
  order: ProfileFieldOrder,
) {
  return deps.db.transaction(async (tx) => {
    await assertProject(tx, auth, projectId);
    if (order.ids.length === 0) throw new AppError('profileFields.orderEmpty', 'validation');
    const rows = await repo.listProfileFieldRows(tx, auth.companyId, projectId);
    const known = new Set(rows.map((r) => r.id));
    const named = new Set(order.ids);
    const exact =
      named.size === order.ids.length && named.size === known.size && order.ids.every((id) => known.has(id));
    if (!exact) throw new AppError('profileFields.orderMismatch', 'validation');
    await repo.placeFields(tx, projectId, order.ids);
    const placed = await repo.listFieldRows(tx, auth.companyId, projectId);
    return { items: placed.map(present) };
  });
}
