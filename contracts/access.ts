import { z } from 'zod';
import { type Access, defineEndpoint, listQuery, listResponse, type Method, uuidParam } from './http';

/**
 * A4 access control. A user has a role in their company; a company administrator sees and manages everything of
 * the company (users, access, company settings); an organiser reads and changes the company's projects; a read-only
 * user only reads them. A user who is not an administrator may be restricted to chosen projects (`allProjects`
 * false), with a role per project. This file is the ONE place that decides who may do what: the server's policies
 * (server/policies/) and the web's menu both ask `decide`.
 */
export const COMPANY_ROLES = ['administrator', 'organiser', 'readonly'] as const;
export const companyRole = z.enum(COMPANY_ROLES, { error: 'validation.role' });
export type CompanyRole = z.infer<typeof companyRole>;

export const PROJECT_ROLES = ['organiser', 'readonly'] as const;
export const projectRole = z.enum(PROJECT_ROLES, { error: 'validation.role' });
export type ProjectRole = z.infer<typeof projectRole>;

/** The locale key naming a role (locales/<lang>/access.json). */
export const roleLabelKey = (role: CompanyRole) => `access.roles.${role}`;

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

/** The signed-in user's access, as the session loads it and as `GET /api/session` sends it to the web. */
export const userAccess = z.object({
  isSuperAdmin: z.boolean(),
  role: companyRole,
  /** False: the user works only in the projects listed (administrators always work in every project). */
  allProjects: z.boolean(),
  projects: z.array(z.object({ projectId: z.uuid(), role: projectRole })),
});
export type UserAccess = z.infer<typeof userAccess>;

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

// ---------- the access page (Administration › Contrôle d'accès) ----------

export const accessUser = z.object({
  id: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  isSuperAdmin: z.boolean(),
  role: companyRole,
  allProjects: z.boolean(),
  projects: z.array(
    z.object({ projectId: z.uuid(), nameFr: z.string(), nameEn: z.string(), role: projectRole }),
  ),
});
export type AccessUser = z.input<typeof accessUser>;

export const accessUserSortable = ['name', 'email', 'role'] as const;

export const listAccessUsers = defineEndpoint({
  method: 'GET',
  path: '/api/access/users',
  access: 'admin',
  tag: 'access',
  summary: 'A4 the users of the company with their role and project scope',
  query: listQuery(accessUserSortable),
  response: listResponse(accessUser),
});

export const listAccessProjects = defineEndpoint({
  method: 'GET',
  path: '/api/access/projects',
  access: 'admin',
  tag: 'access',
  summary: 'A4 the projects of the company a user may be given access to',
  response: z.object({ items: z.array(z.object({ id: z.uuid(), nameFr: z.string(), nameEn: z.string() })) }),
});

export const accessInput = z.object({
  role: companyRole,
  /** Ignored for an administrator, who always works in every project. */
  allProjects: z.boolean(),
  projects: z.array(z.object({ projectId: z.uuid({ error: 'validation.id' }), role: projectRole })).max(1000),
});
export type AccessInput = z.input<typeof accessInput>;

export const updateUserAccess = defineEndpoint({
  method: 'PUT',
  path: '/api/access/users/:userId',
  access: 'admin',
  tag: 'access',
  summary:
    'A4 set a user’s role and project scope (grants the projects listed, revokes the others); the last administrator of the company stays one (409 access.lastAdministrator)',
  params: z.object({ userId: uuidParam }),
  body: accessInput,
  response: accessUser,
});

export const revokeProjectAccess = defineEndpoint({
  method: 'DELETE',
  path: '/api/access/users/:userId/projects/:projectId',
  access: 'admin',
  tag: 'access',
  summary: 'A4 revoke a restricted user’s access to one project (effective at their next call)',
  params: z.object({ userId: uuidParam, projectId: uuidParam }),
  response: accessUser,
});
