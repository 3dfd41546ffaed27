import { z } from 'zod';
import { ACCESS_USER_SORTABLE, COMPANY_ROLES, PROJECT_ROLES } from './access-policy';
import { defineEndpoint, listQuery, listResponse, uuidParam } from './http';

export * from './access-policy';

/**
 * A4 access control, the endpoints of the access page; the rules are in ./access-policy.ts. A user has a role in their company; a company administrator sees and manages everything of
 * the company (users, access, company settings); an organiser reads and changes the company's projects; a read-only
 * user only reads them. A user who is not an administrator may be restricted to chosen projects (`allProjects`
 * false), with a role per project. ./access-policy.ts is the ONE place that decides who may do
 * what: the server's policies (server/policies/) and the web's menu both ask its `decide`.
 */
export const companyRole = z.enum(COMPANY_ROLES, { error: 'validation.role' });

export const projectRole = z.enum(PROJECT_ROLES, { error: 'validation.role' });

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

export const listAccessUsers = defineEndpoint({
  method: 'GET',
  path: '/api/access/users',
  access: 'admin',
  tag: 'access',
  summary: 'A4 the users of the company with their role and project scope',
  query: listQuery(ACCESS_USER_SORTABLE),
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
