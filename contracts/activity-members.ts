import { z } from 'zod';
import { uploadedFile } from './files';
import { defineEndpoint, encodeMessage, listQuery, listResponse, uuidParam } from './http';

/**
 * V7 and V4 participation: the inscriptions of an activity (the participants of its project registered to it, each
 * with a status), the participant manager's "in" and "out" lists, and the maximum of members enforced on the server.
 * See docs/activities/members.md.
 */

/** An inscription's status; the participation tab's buttons, in this order. */
export const MEMBER_STATUSES = ['registered', 'confirmed', 'attended', 'absent'] as const;
export type MemberStatus = (typeof MEMBER_STATUSES)[number];
export const memberStatus = z.enum(MEMBER_STATUSES, { error: 'validation.activityMembers.status' });

/** The status filter: one status, or `all` (the spec's negative value, which shows every row). */
export const memberStatusFilter = z.enum([...MEMBER_STATUSES, 'all'], {
  error: 'validation.activityMembers.status',
});
export type MemberStatusFilter = z.infer<typeof memberStatusFilter>;

/** One request moves at most this many participants by their ids (a whole "all that match" has no such limit). */
export const MEMBER_IDS_MAX = 10_000;
/** An import file is at most this large (bytes), and names at most this many addresses. */
export const MEMBER_IMPORT_MAX_BYTES = 10 * 1024 * 1024;
export const MEMBER_IMPORT_MAX_EMAILS = 50_000;
/** What the import's file input offers; the server decides by the content (a workbook, else text). */
export const MEMBER_IMPORT_ACCEPT =
  '.xlsx,.csv,.txt,text/csv,text/plain,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const localizedName = z.object({ fr: z.string(), en: z.string() });

/** A participant of the project as both lists show it. */
export const memberCandidate = z.object({
  participantId: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  organisation: z.string().nullable(),
  role: localizedName,
});
export type MemberCandidate = z.input<typeof memberCandidate>;

/** An inscription: the participant and its status. */
export const activityMember = memberCandidate.extend({ status: memberStatus });
export type ActivityMember = z.input<typeof activityMember>;

/** How full the activity is: its members and its maximum (null: no limit). */
export const capacity = z.object({
  members: z.number().int(),
  maxMembers: z.number().int().nullable(),
});
export type Capacity = z.input<typeof capacity>;

export const memberSortable = ['name', 'email', 'organisation', 'role', 'status'] as const;
export const candidateSortable = ['name', 'email', 'organisation', 'role'] as const;

export const memberListQuery = listQuery(memberSortable).extend({
  status: memberStatusFilter.default('all'),
});
export type MemberListQuery = z.input<typeof memberListQuery>;
export type MemberListValues = z.output<typeof memberListQuery>;

export const candidateListQuery = listQuery(candidateSortable);
export type CandidateListQuery = z.input<typeof candidateListQuery>;

const participantIds = z
  .array(z.uuid({ error: 'validation.id' }))
  .min(1, { error: 'validation.activityMembers.noneSelected' })
  .max(MEMBER_IDS_MAX, { error: encodeMessage('validation.tooLong', { maximum: MEMBER_IDS_MAX }) });
const search = z.string().trim().max(200).optional();

/**
 * Which participants a move takes: the ones checked (`ids`), or every row of the list as searched (`matching`,
 * one INSERT … SELECT or DELETE on the server, whatever their number).
 */
export const memberAddSelection = z.discriminatedUnion(
  'mode',
  [
    z.object({ mode: z.literal('ids'), participantIds }),
    z.object({ mode: z.literal('matching'), q: search }),
  ],
  { error: 'validation.activityMembers.selection' },
);
export type MemberAddSelection = z.input<typeof memberAddSelection>;

/** The same for the "in" list, whose rows are also filtered by status. */
export const memberRemoveSelection = z.discriminatedUnion(
  'mode',
  [
    z.object({ mode: z.literal('ids'), participantIds }),
    z.object({ mode: z.literal('matching'), q: search, status: memberStatusFilter.default('all') }),
  ],
  { error: 'validation.activityMembers.selection' },
);
export type MemberRemoveSelection = z.input<typeof memberRemoveSelection>;

export const memberAddResult = z.object({
  added: z.number().int(),
  /** Participants asked for who were members already (left as they were). */
  already: z.number().int(),
  capacity,
});
export type MemberAddResult = z.input<typeof memberAddResult>;

export const memberImportResult = memberAddResult.extend({
  /** Cells of the file that are not e-mail addresses, as written. */
  invalid: z.array(z.string()),
  /** Addresses of the file that are not among the project's participants. */
  notFound: z.array(z.string()),
});
export type MemberImportResult = z.input<typeof memberImportResult>;

// ---------- endpoints ----------

const tag = 'activity members';
const activityParams = z.object({ projectId: uuidParam, activityId: uuidParam });
const base = '/api/projects/:projectId/activities/:activityId';

export const listActivityMembers = defineEndpoint({
  method: 'GET',
  path: `${base}/members`,
  access: 'user',
  tag,
  summary:
    'V4/V7 the "in" list: the activity’s members (search by name, e-mail or organisation, accents ignored; status filter, all by default), paged, with the capacity',
  params: activityParams,
  query: memberListQuery,
  response: listResponse(activityMember).extend({ capacity }),
});

export const listActivityCandidates = defineEndpoint({
  method: 'GET',
  path: `${base}/candidates`,
  access: 'user',
  tag,
  summary: 'V7 the "out" list: the project’s participants not in the activity, searched and paged',
  params: activityParams,
  query: candidateListQuery,
  response: listResponse(memberCandidate),
});

export const addActivityMembers = defineEndpoint({
  method: 'POST',
  path: `${base}/members`,
  access: 'user',
  tag,
  summary:
    'V7 move participants in: by ids, or every one the "out" list finds for a search; over the activity’s maximum, nothing is added (409 activityMembers.full, with the seats left)',
  params: activityParams,
  body: memberAddSelection,
  response: memberAddResult,
});

export const removeActivityMembers = defineEndpoint({
  method: 'POST',
  path: `${base}/members/remove`,
  access: 'user',
  tag,
  summary: 'V7 move participants out: by ids, or every member the "in" list finds for a search and status',
  params: activityParams,
  body: memberRemoveSelection,
  response: z.object({ removed: z.number().int(), capacity }),
});

export const updateActivityMemberStatus = defineEndpoint({
  method: 'PUT',
  path: `${base}/members/:participantId/status`,
  access: 'user',
  tag,
  summary: 'V4 set one inscription’s status (registered, confirmed, attended, absent)',
  params: activityParams.extend({ participantId: uuidParam }),
  body: z.object({ status: memberStatus }),
  response: activityMember,
});

/** Multipart field `file`: an .xlsx or a CSV of e-mails (the first column, or a column titled e-mail or courriel). */
export const importActivityMembers = defineEndpoint({
  method: 'POST',
  path: `${base}/members/import`,
  access: 'user',
  tag,
  summary:
    'V7 add the participants whose e-mails an Excel or CSV file lists (multipart); answers the invalid addresses and those not found in the project',
  multipart: true,
  params: activityParams,
  // Optional so that the activity is looked up first (another company's answers 404, whatever the body).
  body: z.object({ file: uploadedFile.optional() }).nullish(),
  response: memberImportResult,
});
