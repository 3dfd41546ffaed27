import {
  clashesWith,
  FIELD_ITEMS_MAX,
  type InputType,
  isChoiceType,
  isLockedField,
  type ProfileField,
  type ProfileFieldItemOrder,
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
import { auditTrail, changedFields } from '../audit/record';
import { findProject } from '../projects/repository';
import type { AuthContext } from '../session/auth-context';
import * as repo from './repository';

/** Issue 22: this module's changes in the audit log, in their transaction (docs/audit.md). */
const audit = auditTrail('profileField');
/** A change of a field (its items: `items`), named by the field's title. */
const auditField = (
  tx: Executor,
  auth: AuthContext,
  row: repo.ProfileFieldRow,
  action: 'create' | 'update' | 'delete',
  fields?: string[],
) => audit(tx, auth, { action, projectId: row.projectId, entityId: row.id, label: row.titleFr, fields });

/** A field as the API sends it, with its items (those of a choice field, in order; none for any other type). */
export function present(row: repo.ProfileFieldRow, itemRows: repo.ProfileFieldItemRow[] = []): ProfileField {
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
    items: isChoiceType(row.inputType) ? repo.itemsOfField(itemRows, row.id) : [],
  };
}

/** The fields of a project with their items, as the API sends them. */
async function presentAll(db: Executor, companyId: string, projectId: string, rows: repo.ProfileFieldRow[]) {
  const items = rows.some((row) => isChoiceType(row.inputType))
    ? await repo.listProjectItemRows(db, companyId, projectId)
    : [];
  return rows.map((row) => present(row, items));
}

/** One field with its items, as the API sends it. */
async function presentOne(db: Executor, row: repo.ProfileFieldRow) {
  const items = isChoiceType(row.inputType)
    ? await repo.listItemRows(db, row.companyId, row.projectId, row.id)
    : [];
  return present(row, items);
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
  return presentAll(db, companyId, projectId, rows);
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
    if (isChoiceType(input.inputType)) {
      await repo.insertItems(tx, { companyId: auth.companyId, projectId, fieldId: row.id }, input.itemLabels);
    }
    await auditField(tx, auth, row, 'create');
    return presentOne(tx, row);
  });
}

export async function updateFieldTitle(
  deps: Deps,
  auth: AuthContext,
  projectId: string,
  fieldId: string,
  title: Localized,
) {
  return deps.db.transaction(async (tx) => {
    const before = await fieldOf(tx, auth, projectId, fieldId);
    const row = await repo.updateField(tx, auth.companyId, projectId, fieldId, {
      titleFr: title.fr,
      titleEn: title.en,
    });
    if (!row) throw AppError.notFound();
    await auditField(tx, auth, row, 'update', changedFields(present(before), present(row)));
    return presentOne(tx, row);
  });
}

/**
 * One switch, saved at once; first name, last name and e-mail cannot stop being active or mandatory, and a choice
 * field without items cannot be turned on (nothing could be answered).
 */
export async function setFieldSwitch(
  deps: Deps,
  auth: AuthContext,
  projectId: string,
  fieldId: string,
  name: ProfileFieldSwitch,
  value: boolean,
) {
  return deps.db.transaction(async (tx) => {
    const current = await fieldOf(tx, auth, projectId, fieldId);
    if (!value && (name === 'isActive' || name === 'isMandatory') && isLockedField(current)) {
      throw new AppError('profileFields.locked', 'validation');
    }
    if (value && name === 'isActive' && isChoiceType(current.inputType)) {
      const items = await repo.listItemRows(tx, auth.companyId, projectId, fieldId);
      if (items.length === 0) throw new AppError('profileFields.noItems', 'validation');
    }
    const row = await repo.updateField(tx, auth.companyId, projectId, fieldId, { [name]: value });
    if (!row) throw AppError.notFound();
    await auditField(tx, auth, row, 'update', [name]);
    return presentOne(tx, row);
  });
}

/** Only the organiser's own fields can be deleted; their values go with them. */
export async function deleteField(deps: Deps, auth: AuthContext, projectId: string, fieldId: string) {
  return deps.db.transaction(async (tx) => {
    const row = await fieldOf(tx, auth, projectId, fieldId);
    if (row.standardKey !== null) throw new AppError('profileFields.standardNotDeletable', 'conflict');
    await repo.deleteField(tx, auth.companyId, projectId, fieldId);
    await auditField(tx, auth, row, 'delete');
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
    return { items: await presentAll(tx, auth.companyId, projectId, placed) };
  });
}

// ---------- the items of a choice field ----------

/** A choice field of the caller's project, locked for the change (two changes of its items never interleave). */
async function choiceFieldOf(db: Executor, auth: AuthContext, projectId: string, fieldId: string) {
  const row = await fieldOf(db, auth, projectId, fieldId);
  if (!isChoiceType(row.inputType)) throw new AppError('profileFields.notChoice', 'conflict');
  await repo.lockField(db, fieldId);
  const items = await repo.listItemRows(db, auth.companyId, projectId, fieldId);
  return { row, items };
}

const asItem = (item: repo.ProfileFieldItemRow) => ({ label: { fr: item.labelFr, en: item.labelEn } });

/** An answer must name one item only: a label already used by another item of the field is refused. */
function assertDistinct(label: Localized, others: repo.ProfileFieldItemRow[]) {
  if (clashesWith(label, others.map(asItem))) {
    throw AppError.field('label.fr', 'validation.profileFields.itemDuplicate');
  }
}

/** U5: an item added at the end of a choice field's list. */
export async function addItem(
  deps: Deps,
  auth: AuthContext,
  projectId: string,
  fieldId: string,
  label: Localized,
) {
  return deps.db.transaction(async (tx) => {
    const { row, items } = await choiceFieldOf(tx, auth, projectId, fieldId);
    if (items.length >= FIELD_ITEMS_MAX) {
      throw new AppError('profileFields.tooManyItems', 'conflict', { params: { maximum: FIELD_ITEMS_MAX } });
    }
    assertDistinct(label, items);
    await repo.insertItems(tx, { companyId: auth.companyId, projectId, fieldId }, [label]);
    await auditField(tx, auth, row, 'update', ['items']);
    return presentOne(tx, row);
  });
}

/** U5: an item renamed in French and English; the answers that name it keep naming it. */
export async function renameItem(
  deps: Deps,
  auth: AuthContext,
  projectId: string,
  fieldId: string,
  itemId: string,
  label: Localized,
) {
  return deps.db.transaction(async (tx) => {
    const { row, items } = await choiceFieldOf(tx, auth, projectId, fieldId);
    if (!items.some((item) => item.id === itemId)) throw AppError.notFound();
    assertDistinct(
      label,
      items.filter((item) => item.id !== itemId),
    );
    await repo.updateItemLabel(tx, fieldId, itemId, label);
    await auditField(tx, auth, row, 'update', ['items']);
    return presentOne(tx, row);
  });
}

/**
 * U5: an item deleted, and taken out of the participants' answers in the same transaction. An active field keeps
 * one item at least (`profileFields.lastItem`): turn it off first.
 */
export async function deleteItem(
  deps: Deps,
  auth: AuthContext,
  projectId: string,
  fieldId: string,
  itemId: string,
) {
  return deps.db.transaction(async (tx) => {
    const { row, items } = await choiceFieldOf(tx, auth, projectId, fieldId);
    if (!items.some((item) => item.id === itemId)) throw AppError.notFound();
    if (row.isActive && items.length === 1) throw new AppError('profileFields.lastItem', 'conflict');
    await repo.deleteItem(tx, { companyId: auth.companyId, projectId, fieldId }, itemId);
    await auditField(tx, auth, row, 'update', ['items']);
    return presentOne(tx, row);
  });
}

/** P11: the new order names every item of the field exactly once; an empty list is refused. */
export async function reorderItems(
  deps: Deps,
  auth: AuthContext,
  projectId: string,
  fieldId: string,
  order: ProfileFieldItemOrder,
) {
  return deps.db.transaction(async (tx) => {
    const { row, items } = await choiceFieldOf(tx, auth, projectId, fieldId);
    if (order.ids.length === 0) throw new AppError('profileFields.itemOrderEmpty', 'validation');
    const known = new Set(items.map((item) => item.id));
    const named = new Set(order.ids);
    const exact =
      named.size === order.ids.length && named.size === known.size && order.ids.every((id) => known.has(id));
    if (!exact) throw new AppError('profileFields.itemOrderMismatch', 'validation');
    await repo.placeItems(tx, fieldId, order.ids);
    return presentOne(tx, row);
  });
}
