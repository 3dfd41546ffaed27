import type { Language, ListParams } from '../../../contracts/http';
import type { ProjectValues } from '../../../contracts/projects';
import type { Deps } from '../../deps';
import { AppError } from '../../http/errors';
import type { AuthContext } from '../session/auth-context';
import { updateUser } from '../users/repository';
import * as repo from './repository';

const present = (row: repo.ProjectRow) => ({
  ...row,
  defaultLanguage: row.defaultLanguage as Language,
});

export async function listProjects(
  deps: Deps,
  auth: AuthContext,
  params: ListParams & { status: 'all' | 'active' | 'inactive' },
) {
  const page = await repo.listProjects(deps.db, auth.companyId, { ...params, language: auth.locale });
  return { ...page, items: page.items.map(present) };
}

export async function getProject(deps: Deps, auth: AuthContext, id: string) {
  const row = await repo.findProject(deps.db, auth.companyId, id);
  if (!row) throw AppError.notFound();
  return present(row);
}

/** J1 selection: the project the user works on (the menu and later pages follow it), remembered across sessions. */
export async function selectProject(deps: Deps, auth: AuthContext, id: string) {
  await getProject(deps, auth, id);
  await updateUser(deps.db, auth.userId, { lastProjectId: id });
}

export async function createProject(deps: Deps, auth: AuthContext, input: ProjectValues) {
  const row = await repo.insertProject(deps.db, { ...input, companyId: auth.companyId });
  return present(row);
}

export async function updateProject(deps: Deps, auth: AuthContext, id: string, input: ProjectValues) {
  const row = await repo.updateProject(deps.db, auth.companyId, id, input);
  if (!row) throw AppError.notFound();
  return present(row);
}

/** Ids of another company's projects are simply not counted. */
export async function setManyActivation(deps: Deps, auth: AuthContext, ids: string[], isActive: boolean) {
  return { updated: await repo.setProjectsActive(deps.db, auth.companyId, ids, isActive) };
}

export async function setActivation(deps: Deps, auth: AuthContext, id: string, isActive: boolean) {
  const row = await repo.updateProject(deps.db, auth.companyId, id, { isActive });
  if (!row) throw AppError.notFound();
  return present(row);
}
