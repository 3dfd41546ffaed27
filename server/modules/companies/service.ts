import type { CompanyValues } from '../../../contracts/companies';
import type { ListParams } from '../../../contracts/http';
import type { Deps } from '../../deps';
import { AppError } from '../../http/errors';
import type { AuthContext } from '../session/auth-context';
import { dropCompanyImports } from '../spreadsheet-import/repository';
import * as repo from './repository';

async function assertNameFree(deps: Deps, name: string, exceptId?: string) {
  const existing = await repo.findCompanyByName(deps.db, name);
  if (existing && existing.id !== exceptId) throw AppError.field('name', 'validation.companyNameTaken');
}

export async function listCompanies(
  deps: Deps,
  params: ListParams & { status: 'active' | 'archived' | 'all' },
) {
  return repo.listCompanies(deps.db, params);
}

export async function getCompany(deps: Deps, id: string) {
  const row = await repo.findCompany(deps.db, id);
  if (!row) throw AppError.notFound();
  return row;
}

export async function createCompany(deps: Deps, input: CompanyValues) {
  await assertNameFree(deps, input.name);
  const id = await repo.insertCompany(deps.db, {
    name: input.name,
    contactEmail: input.contactEmail ?? null,
  });
  return getCompany(deps, id);
}

export async function updateCompany(deps: Deps, id: string, input: CompanyValues) {
  await getCompany(deps, id);
  await assertNameFree(deps, input.name, id);
  await repo.updateCompany(deps.db, id, { name: input.name, contactEmail: input.contactEmail ?? null });
  return getCompany(deps, id);
}

/** An archived company keeps its data; its users cannot sign in until it is restored. */
export async function archiveCompany(deps: Deps, auth: AuthContext, id: string, archived: boolean) {
  await getCompany(deps, id);
  if (archived && id === auth.homeCompanyId) throw new AppError('companies.cannotArchiveOwn', 'conflict');
  await repo.updateCompany(deps.db, id, { archivedAt: archived ? deps.now() : null });
  return getCompany(deps, id);
}

/**
 * Deletes the company, its projects (and all they hold) and its users, for good. The caller types the company's
 * name to confirm. A super-admin's own company cannot be deleted. Its participant imports are made due in the same
 * transaction: the next retention purge deletes their files, then their rows.
 */
export async function deleteCompany(deps: Deps, auth: AuthContext, id: string, confirmName: string) {
  const row = await getCompany(deps, id);
  if (id === auth.homeCompanyId) throw new AppError('companies.cannotDeleteOwn', 'conflict');
  if (confirmName.trim().toLowerCase() !== row.name.toLowerCase()) {
    throw AppError.field('confirmName', 'validation.confirmNameMismatch');
  }
  await deps.db.transaction(async (tx) => {
    await dropCompanyImports(tx, id);
    await repo.deleteCompany(tx, id);
  });
  return { ok: true as const };
}

export async function listCompanySwitches(deps: Deps, params: ListParams) {
  return repo.listCompanySwitches(deps.db, params);
}

export async function listCompanyChoices(deps: Deps) {
  return repo.listActiveCompanyChoices(deps.db);
}
