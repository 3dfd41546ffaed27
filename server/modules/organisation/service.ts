import type { OrganisationValues } from '../../../contracts/organisation';
import type { Deps } from '../../deps';
import { AppError } from '../../http/errors';
import { findCompanyByName } from '../companies/repository';
import { deleteCompanyFile, findFileToReference } from '../files/repository';
import { removeStoredBytes } from '../files/service';
import type { AuthContext } from '../session/auth-context';
import * as repo from './repository';

/** A2: the company the caller works in now. */
export async function getOrganisation(deps: Deps, auth: AuthContext) {
  const row = await repo.findOrganisation(deps.db, auth.companyId);
  if (!row) throw AppError.notFound();
  return row;
}

/**
 * A2: any user of the company may edit it. The phone number arrives normalised by the contract (P9); the name
 * stays unique among companies. The logo is kept (it has its own endpoint).
 */
export async function updateOrganisation(deps: Deps, auth: AuthContext, input: OrganisationValues) {
  const current = await getOrganisation(deps, auth);
  const sameName = await findCompanyByName(deps.db, input.name);
  if (sameName && sameName.id !== current.id) throw AppError.field('name', 'validation.companyNameTaken');
  await repo.updateOrganisation(deps.db, current.id, {
    name: input.name,
    contactEmail: input.contactEmail ?? null,
    phone: input.phone ?? null,
    address: input.address ?? null,
    website: input.website ?? null,
  });
  return getOrganisation(deps, auth);
}

/**
 * E8: the logo must be an image of this company uploaded for a logo (else a field error); null removes it. The
 * logo it replaces (or removes) is deleted: its row in the same transaction, its bytes once it committed.
 */
export async function setOrganisationLogo(deps: Deps, auth: AuthContext, fileId: string | null) {
  const replaced = await deps.db.transaction(async (tx) => {
    // Touching the company first takes its row lock: a concurrent change of the logo waits for this one, and the
    // previous logo read next is the one committed last (never deleted twice, never left behind).
    await repo.updateOrganisation(tx, auth.companyId, {});
    const current = await repo.findOrganisation(tx, auth.companyId);
    if (!current) throw AppError.notFound();
    if (fileId && !(await findFileToReference(tx, current.id, fileId, 'company.logo'))) {
      throw AppError.field('fileId', 'validation.invalid');
    }
    if (current.logoFileId === fileId) return null;
    await repo.updateOrganisation(tx, current.id, { logoFileId: fileId });
    return current.logoFileId ? await deleteCompanyFile(tx, current.id, current.logoFileId) : null;
  });
  if (replaced) await removeStoredBytes(deps, [replaced.storageKey]);
  return getOrganisation(deps, auth);
}
