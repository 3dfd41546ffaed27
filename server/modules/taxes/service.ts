import { findOption, TAXES_OPTION } from '../../../contracts/project-options';
import type { TaxValues } from '../../../contracts/taxes';
import type { Executor } from '../../db/client';
import type { Deps } from '../../deps';
import { AppError } from '../../http/errors';
import { assertProject } from '../activities/category-service';
import { listOptionValues } from '../projects/repository';
import type { AuthContext } from '../session/auth-context';
import * as repo from './repository';

// ---------- the configuration ----------

const DEFAULT_SETTINGS = { currency: 'CAD', sellerName: null, sellerAddress: null };

export async function getSalesSettings(deps: Deps, auth: AuthContext, projectId: string) {
  await assertProject(deps.db, auth, projectId);
  const row = await repo.findSalesSettings(deps.db, auth.companyId, projectId);
  return row ? { ...row, saved: true } : { ...DEFAULT_SETTINGS, saved: false };
}

export async function saveSalesSettings(
  deps: Deps,
  auth: AuthContext,
  projectId: string,
  input: { currency: string; sellerName: string; sellerAddress: string },
) {
  await assertProject(deps.db, auth, projectId);
  await repo.upsertSalesSettings(deps.db, { companyId: auth.companyId, projectId, ...input });
  return getSalesSettings(deps, auth, projectId);
}

// ---------- taxes ----------

const present = (row: repo.TaxRow) => ({
  id: row.id,
  name: { fr: row.nameFr, en: row.nameEn },
  rateMilli: row.rateMilli,
  registrationNumber: row.registrationNumber,
  position: row.position,
});

async function getTax(db: Executor, auth: AuthContext, projectId: string, taxId: string) {
  const row = await repo.findTax(db, auth.companyId, projectId, taxId);
  if (!row) throw AppError.notFound();
  return row;
}

/** Option 54 (taxes) must be on to add or change a tax; listing and deleting stay possible. */
async function assertTaxesOn(db: Executor, projectId: string) {
  const saved = await listOptionValues(db, projectId);
  const on = saved.get(TAXES_OPTION) ?? findOption(TAXES_OPTION)?.default ?? false;
  if (!on) throw new AppError('taxes.optionOff', 'conflict');
}

const columnsOf = (input: TaxValues) => ({
  nameFr: input.name.fr,
  nameEn: input.name.en,
  rateMilli: input.rateMilli,
  registrationNumber: input.registrationNumber,
});

export async function listTaxes(deps: Deps, auth: AuthContext, projectId: string) {
  await assertProject(deps.db, auth, projectId);
  return { items: (await repo.listTaxes(deps.db, auth.companyId, projectId)).map(present) };
}

export async function createTax(deps: Deps, auth: AuthContext, projectId: string, input: TaxValues) {
  return deps.db.transaction(async (tx) => {
    await assertProject(tx, auth, projectId);
    await assertTaxesOn(tx, projectId);
    const id = await repo.insertTax(tx, {
      companyId: auth.companyId,
      projectId,
      ...columnsOf(input),
      position: await repo.nextPosition(tx, projectId),
    });
    return present(await getTax(tx, auth, projectId, id));
  });
}

export async function updateTax(
  deps: Deps,
  auth: AuthContext,
  projectId: string,
  taxId: string,
  input: TaxValues,
) {
  return deps.db.transaction(async (tx) => {
    await getTax(tx, auth, projectId, taxId);
    await assertTaxesOn(tx, projectId);
    await repo.updateTax(tx, projectId, taxId, columnsOf(input));
    return present(await getTax(tx, auth, projectId, taxId));
  });
}

export async function deleteTax(deps: Deps, auth: AuthContext, projectId: string, taxId: string) {
  await deps.db.transaction(async (tx) => {
    await getTax(tx, auth, projectId, taxId);
    await repo.deleteTax(tx, projectId, taxId);
  });
  return { ok: true as const };
}

/** The new order must name every tax of the project exactly once; anything else is refused. */
export async function reorderTaxes(deps: Deps, auth: AuthContext, projectId: string, ids: string[]) {
  return deps.db.transaction(async (tx) => {
    await assertProject(tx, auth, projectId);
    const current = new Set((await repo.listTaxes(tx, auth.companyId, projectId)).map((r) => r.id));
    const valid =
      ids.length === current.size && new Set(ids).size === ids.length && ids.every((id) => current.has(id));
    if (!valid) throw new AppError('taxes.orderMismatch', 'validation');
    await repo.placeTaxes(tx, projectId, ids);
    return { items: (await repo.listTaxes(tx, auth.companyId, projectId)).map(present) };
  });
}
