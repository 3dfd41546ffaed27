import { z } from 'zod';
import { defineEndpoint, ok, uuidParam } from './http';
import { localized, plainText } from './texts';

/** J4: a role's name, in each language: plain text (tags stripped), 2 to 100 characters. */
export const ROLE_NAME_MAX = 100;
const roleNameOne = plainText(ROLE_NAME_MAX).pipe(z.string().min(2, { error: 'validation.required' }));
export const roleName = localized(roleNameOne);

export const roleInput = z.object({ name: roleName });
export type RoleInput = z.input<typeof roleInput>;
export type RoleValues = z.output<typeof roleInput>;

/** A participant role of a project, with how many participants have it. */
export const role = z.object({
  id: z.uuid(),
  name: z.object({ fr: z.string(), en: z.string() }),
  position: z.number().int(),
  participantCount: z.number().int(),
});
export type Role = z.input<typeof role>;

/** The roles of a project in their order, with the project's default role and default persona role. */
export const roleList = z.object({
  items: z.array(role),
  defaultRoleId: z.uuid().nullable(),
  defaultPersonaRoleId: z.uuid().nullable(),
});
export type RoleList = z.input<typeof roleList>;

/** P11 (flat list): every role of the project exactly once, in the new order. */
export const roleOrder = z.object({ ids: z.array(z.uuid({ error: 'validation.id' })).max(1000) });

/** The project's default role and default persona role; null clears one. */
export const roleDefaults = z.object({
  defaultRoleId: z.uuid({ error: 'validation.id' }).nullable(),
  defaultPersonaRoleId: z.uuid({ error: 'validation.id' }).nullable(),
});
export type RoleDefaults = z.input<typeof roleDefaults>;

/**
 * Deleting a role: a role that participants have is refused unless `moveTo` names another role of the same
 * project, which then receives them (in the same transaction).
 */
export const roleDeletion = z.object({ moveTo: z.uuid({ error: 'validation.id' }).nullable() });
export type RoleDeletion = z.input<typeof roleDeletion>;

// ---------- endpoints ----------

const tag = 'roles';
const projectParams = z.object({ projectId: uuidParam });
const roleParams = projectParams.extend({ roleId: uuidParam });

export const listRoles = defineEndpoint({
  method: 'GET',
  path: '/api/projects/:projectId/roles',
  access: 'user',
  tag,
  summary: 'J4 the participant roles of a project, in order, with the default role and default persona role',
  params: projectParams,
  response: roleList,
});

export const createRole = defineEndpoint({
  method: 'POST',
  path: '/api/projects/:projectId/roles',
  access: 'user',
  tag,
  summary: 'J4 create a role (name in French and in English), placed last',
  params: projectParams,
  body: roleInput,
  response: role,
});

export const updateRole = defineEndpoint({
  method: 'PUT',
  path: '/api/projects/:projectId/roles/:roleId',
  access: 'user',
  tag,
  summary: 'J4 rename a role',
  params: roleParams,
  body: roleInput,
  response: role,
});

export const deleteRole = defineEndpoint({
  method: 'DELETE',
  path: '/api/projects/:projectId/roles/:roleId',
  access: 'user',
  tag,
  summary:
    'J4 delete a role; one that participants have is refused (409 roles.inUse with their count) unless moveTo names another role of the project, which receives them',
  params: roleParams,
  body: roleDeletion,
  response: ok,
});

export const reorderRoles = defineEndpoint({
  method: 'PUT',
  path: '/api/projects/:projectId/role-order',
  access: 'user',
  tag,
  summary: 'P11/J4 save the order of the roles (every role of the project exactly once)',
  params: projectParams,
  body: roleOrder,
  response: roleList,
});

export const setRoleDefaults = defineEndpoint({
  method: 'PUT',
  path: '/api/projects/:projectId/role-defaults',
  access: 'user',
  tag,
  summary: 'J4 the default role and the default persona role of the project (roles of this project, or null)',
  params: projectParams,
  body: roleDefaults,
  response: roleList,
});
