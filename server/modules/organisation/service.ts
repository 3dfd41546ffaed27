import type { OrganisationValues } from '../../../contracts/organisation';
import type { Deps } from '../../deps';
import { AppError } from '../../http/errors';
import { findCompanyByName } from '../companies/repository';
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

/** E8: the logo must be an image of this company uploaded for a logo; null removes it. */
export async function setOrganisationLogo(deps: Deps, auth: AuthContext, fileId: string | null) {
  const current = await getOrganisation(deps, auth);
  if (fileId && !(await repo.findLogoFile(deps.db, current.id, fileId))) {
    throw AppError.field('fileId', 'validation.invalid');
  }
  await repo.updateOrganisation(deps.db, current.id, { logoFileId: fileId });
  return getOrganisation(deps, auth);
}
