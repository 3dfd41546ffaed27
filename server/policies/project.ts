import { type CompanyRole, decide, roleInProject } from '../../contracts/access';
import { AppError } from '../http/errors';
import type { AuthContext } from '../modules/session/auth-context';

/**
 * A4 policy of a project and everything in it (participants, activities, pairings…): who may read it, who may change
 * it. A project the user has no access to is "not found" (404), exactly as a project of another company: its
 * existence is not told. A read-only user who tries a change hears 403 `access.readOnly`.
 */
export const projectRole = (auth: AuthContext, projectId: string): CompanyRole | null =>
  roleInProject(auth.access, projectId);

export const mayReadProject = (auth: AuthContext, projectId: string) =>
  decide(auth.access, 'read', projectId) === 'allowed';

export const mayWriteProject = (auth: AuthContext, projectId: string) =>
  decide(auth.access, 'write', projectId) === 'allowed';

/** Throws the refusal the caller hears when they may not read the project (404). */
export function assertProjectReadable(auth: AuthContext, projectId: string) {
  if (!mayReadProject(auth, projectId)) throw AppError.notFound();
}

/** The projects a restricted user may open (null: every project of the company), for the lists of projects. */
export function reachableProjectIds(auth: AuthContext): string[] | null {
  const { access } = auth;
  if (access.isSuperAdmin || access.role === 'administrator' || access.allProjects) return null;
  return access.projects.map((p) => p.projectId);
}
