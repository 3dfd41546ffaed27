import { z } from 'zod';
import { uploadedFile } from './files';
import { defineEndpoint, listQuery, listResponse, ok, uuidParam } from './http';
import { plainText } from './texts';

/**
 * U4: groups of participants, in categories (the accordion of the groups page). A group belongs to exactly one
 * category of its project; a participant may belong to several groups. Names are short plain texts in French and
 * in English.
 */

export const GROUP_NAME_MAX = 100;
/** An import file of e-mails may name at most this many addresses. */
export const GROUP_IMPORT_MAX_EMAILS = 10_000;
/** An import file is at most this large (bytes). */
export const GROUP_IMPORT_MAX_BYTES = 2 * 1024 * 1024;
/** What the import's file input offers; the server decides by the content. */
export const GROUP_IMPORT_ACCEPT = '.csv,.txt,text/csv,text/plain';

/** P8: a name in one language: tags stripped, at least 2 characters, at most 100. */
const oneName = plainText(GROUP_NAME_MAX).pipe(z.string().min(2, { error: 'validation.required' }));
/** The name of a category or of a group, in both languages (both required). */
export const groupName = z.object({ fr: oneName, en: oneName });
export type GroupName = z.input<typeof groupName>;

const texts = z.object({ fr: z.string(), en: z.string() });

export const group = z.object({
  id: z.uuid(),
  categoryId: z.uuid(),
  name: texts,
  memberCount: z.number().int(),
});
export type Group = z.input<typeof group>;

export const groupCategory = z.object({
  id: z.uuid(),
  name: texts,
  groups: z.array(group),
});
export type GroupCategory = z.input<typeof groupCategory>;

/** The whole page: categories in order, each with its groups in order. */
export const groupTree = z.object({ categories: z.array(groupCategory) });
export type GroupTree = z.input<typeof groupTree>;

export const categoryInput = z.object({ name: groupName });
export type CategoryInput = z.input<typeof categoryInput>;

export const groupInput = z.object({ categoryId: z.uuid({ error: 'validation.required' }), name: groupName });
export type GroupInput = z.input<typeof groupInput>;

/**
 * P11: the order of the whole page, as the sortable list sends it. Every category and group of the project exactly
 * once; groups always inside a category (`items`, the entries outside any category, must be empty).
 */
export const groupOrder = z.object({
  items: z.array(z.uuid()).max(2000),
  categories: z.array(z.object({ id: z.uuid(), items: z.array(z.uuid()).max(2000) })).max(500),
});
export type GroupOrder = z.input<typeof groupOrder>;

/** A member of a group: a participant of the project, with their person's name and e-mail and their role. */
export const groupMember = z.object({
  participantId: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  role: texts,
});
export type GroupMember = z.input<typeof groupMember>;
export const groupMemberSortable = ['name', 'email', 'role'] as const;

export const memberAddResult = z.object({
  added: z.number().int(),
  already: z.number().int(),
});

export const memberImportResult = memberAddResult.extend({
  /** The addresses of the file that are not among the project's participants (or are not addresses at all). */
  notFound: z.array(z.string()),
});
export type MemberImportResult = z.input<typeof memberImportResult>;

// ---------- endpoints ----------

const tag = 'groups';
const projectParams = z.object({ projectId: uuidParam });
const categoryParams = projectParams.extend({ categoryId: uuidParam });
const groupParams = projectParams.extend({ groupId: uuidParam });

export const listGroups = defineEndpoint({
  method: 'GET',
  path: '/api/projects/:projectId/groups',
  access: 'user',
  tag,
  summary: 'U4 the categories of the project, in order, with their groups and member counts',
  params: projectParams,
  response: groupTree,
});

export const createGroupCategory = defineEndpoint({
  method: 'POST',
  path: '/api/projects/:projectId/group-categories',
  access: 'user',
  tag,
  summary: 'U4 add a category at the end',
  params: projectParams,
  body: categoryInput,
  response: groupCategory,
});

export const updateGroupCategory = defineEndpoint({
  method: 'PUT',
  path: '/api/projects/:projectId/group-categories/:categoryId',
  access: 'user',
  tag,
  summary: 'U4 rename a category',
  params: categoryParams,
  body: categoryInput,
  response: groupCategory,
});

export const deleteGroupCategory = defineEndpoint({
  method: 'DELETE',
  path: '/api/projects/:projectId/group-categories/:categoryId',
  access: 'user',
  tag,
  summary: 'U4 delete an empty category; one that still has groups is refused (409) with the reason',
  params: categoryParams,
  response: ok,
});

export const createGroup = defineEndpoint({
  method: 'POST',
  path: '/api/projects/:projectId/groups',
  access: 'user',
  tag,
  summary: 'U4 add a group at the end of a category',
  params: projectParams,
  body: groupInput,
  response: group,
});

export const updateGroup = defineEndpoint({
  method: 'PUT',
  path: '/api/projects/:projectId/groups/:groupId',
  access: 'user',
  tag,
  summary: 'U4 rename a group, or move it to another category (at its end)',
  params: groupParams,
  body: groupInput,
  response: group,
});

export const deleteGroup = defineEndpoint({
  method: 'DELETE',
  path: '/api/projects/:projectId/groups/:groupId',
  access: 'user',
  tag,
  summary: 'U4 delete a group; its members leave it (the participants stay)',
  params: groupParams,
  response: ok,
});

export const reorderGroups = defineEndpoint({
  method: 'PUT',
  path: '/api/projects/:projectId/group-order',
  access: 'user',
  tag,
  summary: 'P11/U4 save the order of the categories and of their groups (a group may change category)',
  params: projectParams,
  body: groupOrder,
  response: groupTree,
});

export const listGroupMembers = defineEndpoint({
  method: 'GET',
  path: '/api/projects/:projectId/groups/:groupId/members',
  access: 'user',
  tag,
  summary: 'U4 the members of a group (search by name or e-mail, paged)',
  params: groupParams,
  query: listQuery(groupMemberSortable),
  response: listResponse(groupMember),
});

export const listGroupCandidates = defineEndpoint({
  method: 'GET',
  path: '/api/projects/:projectId/groups/:groupId/candidates',
  access: 'user',
  tag,
  summary: 'U4 participants of the project not yet in the group, found by name or e-mail (20 at most)',
  params: groupParams,
  query: z.object({ q: z.string().trim().max(200).optional() }),
  response: z.array(groupMember),
});

export const addGroupMembers = defineEndpoint({
  method: 'POST',
  path: '/api/projects/:projectId/groups/:groupId/members',
  access: 'user',
  tag,
  summary: 'U4 add participants of the project to a group',
  params: groupParams,
  body: z.object({
    participantIds: z
      .array(z.uuid({ error: 'validation.id' }))
      .min(1, { error: 'validation.required' })
      .max(500),
  }),
  response: memberAddResult,
});

export const removeGroupMember = defineEndpoint({
  method: 'DELETE',
  path: '/api/projects/:projectId/groups/:groupId/members/:participantId',
  access: 'user',
  tag,
  summary: 'U4 take a participant out of a group (the participant stays in the project)',
  params: groupParams.extend({ participantId: uuidParam }),
  response: ok,
});

/** Multipart field: `file`, a .csv or .txt of e-mails (one a line, or a column named email or courriel). */
export const importGroupMembers = defineEndpoint({
  method: 'POST',
  path: '/api/projects/:projectId/groups/:groupId/members/import',
  access: 'user',
  tag,
  summary: 'U4 add to a group the participants whose e-mails a file lists (multipart)',
  multipart: true,
  params: groupParams,
  // Optional in the schema so that the group is looked up first (another company's answers 404, whatever the
  // body); a missing file is then a field error under `file`.
  body: z.object({ file: uploadedFile.optional() }).nullish(),
  response: memberImportResult,
});
