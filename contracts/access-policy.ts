import type { Access, Method } from './http';

/**
 * A4: THE rules of who may do what, without zod (the web's first page imports it: the menu asks `decide`). The server's
 * policies (server/policies/) ask the same function for every call.
 */
export const COMPANY_ROLES = ['administrator', 'organiser', 'readonly'] as const;
export type CompanyRole = (typeof COMPANY_ROLES)[number];
export const PROJECT_ROLES = ['organiser', 'readonly'] as const;
export type ProjectRole = (typeof PROJECT_ROLES)[number];

/** The locale key naming a role (locales/<lang>/access.json). */
export const roleLabelKey = (role: CompanyRole) => `access.roles.${role}`;

export const ACCESS_USER_SORTABLE = ['name', 'email', 'role'] as const;

/** The signed-in user's access, as the session loads it and as `GET /api/session` sends it to the web. */
export interface UserAccess {
  isSuperAdmin: boolean;
  role: CompanyRole;
  /** False: the user works only in the projects listed (administrators always work in every project). */
  allProjects: boolean;
  projects: { projectId: string; role: ProjectRole }[];
}

/** What an endpoint requires, once `user` is resolved by its method. */
export type Right = Exclude<Access, 'user'>;

/** THE rule for every endpoint: its declared access, where `user` means `read` for a GET and `write` otherwise. */
export function requiredRight(endpoint: { method: Method | string; access: Access }): Right {
  if (endpoint.access !== 'user') return endpoint.access;
  return endpoint.method === 'GET' || endpoint.method === 'HEAD' ? 'read' : 'write';
}

/** A sentence for the OpenAPI description of a route: who may call it. */
export const RIGHT_DESCRIPTIONS: Record<Right, string> = {
  public: 'Anyone, without a session.',
  signedIn: 'Any signed-in user, whatever their role.',
  read: 'Any signed-in user with access to the company (and to the project of the path, if any): read-only users too.',
  write:
    'An administrator or an organiser (of the project of the path, if any); refused to read-only users (403).',
  admin: 'A company administrator only (403 to organisers and read-only users).',
  superAdmin: 'A super-admin only.',
};

/**
 * The user's role in a project: the company role when they work in every project (administrators always do), their
 * role in that project otherwise, or null when they have no access to it (the project is then "not found" to them,
 * as a project of another company is). Super-admins are administrators wherever they are.
 */
export function roleInProject(access: UserAccess, projectId: string): CompanyRole | null {
  if (access.isSuperAdmin) return 'administrator';
  if (access.role === 'administrator' || access.allProjects) return access.role;
  return access.projects.find((p) => p.projectId === projectId)?.role ?? null;
}

/** The answer of the policy: allowed, refused (403), or hidden (404: a project the user has no access to). */
export type Decision = 'allowed' | 'forbidden' | 'hidden';

/** May this user exercise `right`, on the project `projectId` when the route names one? */
export function decide(access: UserAccess | null, right: Right, projectId?: string | null): Decision {
  if (right === 'public') return 'allowed';
  if (!access) return 'forbidden';
  if (access.isSuperAdmin) return 'allowed';
  if (right === 'superAdmin') return 'forbidden';
  if (right === 'signedIn') return 'allowed';
  if (right === 'admin') return access.role === 'administrator' ? 'allowed' : 'forbidden';
  const role = projectId ? roleInProject(access, projectId) : access.role;
  if (role === null) return 'hidden';
  if (right === 'read') return 'allowed';
  return role === 'readonly' ? 'forbidden' : 'allowed';
}

/** The rights a role holds, for the table of docs/access/README.md and the access page. */
export function rightsOfRole(role: CompanyRole): Record<Right, boolean> {
  const access: UserAccess = { isSuperAdmin: false, role, allProjects: true, projects: [] };
  const rights: Right[] = ['public', 'signedIn', 'read', 'write', 'admin', 'superAdmin'];
  return Object.fromEntries(rights.map((r) => [r, decide(access, r) === 'allowed'])) as Record<
    Right,
    boolean
  >;
}
