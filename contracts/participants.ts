import { z } from 'zod';
import {
  defineEndpoint,
  encodeMessage,
  language,
  listQuery,
  listResponse,
  optionalText,
  requiredText,
  timestamp,
  uuidParam,
} from './http';
import { participantSortable, participantStatus } from './participant-list';
import { optionalPhoneNumber } from './phone';
import { versionIn, versionOut } from './projects';

export {
  PARTICIPANT_STATUSES,
  type ParticipantStatus,
  participantSortable,
  participantStatus,
} from './participant-list';

/**
 * U1/U2: a participant is a person's registration in one project (role, groups, profile values); the person
 * (names, e-mail, phones…) is known by e-mail within the company and shared by their projects.
 */

/** §5: saving or adding a participant requires a role ('empty role' message, under the role field). */
export const ROLE_REQUIRED = 'validation.participants.roleRequired';

/** A value of an organiser's own profile field (U5), at most this long. */
export const PROFILE_VALUE_MAX = 2000;

const localizedName = z.object({ fr: z.string(), en: z.string() });
const namedRef = z.object({ id: z.uuid(), name: localizedName });

/** One row of the list. */
export const participantListItem = z.object({
  id: z.uuid(),
  personId: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  organisation: z.string().nullable(),
  role: namedRef,
  groups: z.array(namedRef),
  status: participantStatus,
  createdAt: timestamp,
});
export type ParticipantListItem = z.input<typeof participantListItem>;

/** One participant with everything the edition panel shows. */
export const participant = participantListItem.extend({
  jobTitle: z.string().nullable(),
  phone: z.string().nullable(),
  phonePro: z.string().nullable(),
  language,
  profile: z.record(z.string(), z.string()),
  inscriptionSentAt: timestamp.nullable(),
  /** The person's picture (served at /files/<id>), CV (PDF, downloaded) and video link. */
  pictureFileId: z.uuid().nullable(),
  cv: z.object({ id: z.uuid(), url: z.string(), name: z.string().nullable() }).nullable(),
  videoUrl: z.string().nullable(),
  updatedAt: timestamp,
  ...versionOut,
});
export type Participant = z.input<typeof participant>;

/** The longest video link accepted. */
export const VIDEO_URL_MAX = 500;

/** A video link: an http(s) address (YouTube or Vimeo preferred); empty = none. */
export const videoUrl = z
  .string()
  .trim()
  .max(VIDEO_URL_MAX, { error: encodeMessage('validation.tooLong', { maximum: VIDEO_URL_MAX }) })
  .refine(
    (value) => {
      if (value === '') return true;
      try {
        const url = new URL(value);
        return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.includes('.');
      } catch {
        return false;
      }
    },
    { error: 'validation.participants.videoUrl' },
  )
  .transform((value) => (value === '' ? null : value))
  .nullable();

/** The participant form (add modal and edition panel), shared by the server and the web form. */
export const participantInput = z.object({
  ...versionIn,
  roleId: z.uuid({ error: ROLE_REQUIRED }),
  firstName: requiredText(100),
  lastName: requiredText(100),
  // Trimmed and lower-cased, then checked; documented as an e-mail address (the OpenAPI document reads the input).
  email: z
    .string({ error: 'validation.email' })
    .trim()
    .toLowerCase()
    .max(254, { error: 'validation.email' })
    .meta({ format: 'email' })
    .pipe(z.email({ error: 'validation.email' })),
  organisation: optionalText(200),
  jobTitle: optionalText(200),
  phone: optionalPhoneNumber,
  phonePro: optionalPhoneNumber,
  language: language.default('fr'),
  status: participantStatus.default('registered'),
  /**
   * The picture (an image of purpose `participant.picture`) and CV (a document of purpose `participant.cv`) of the
   * company; null removes them, left out keeps them as they are.
   */
  pictureFileId: z.uuid({ error: 'validation.invalid' }).nullable().optional(),
  cvFileId: z.uuid({ error: 'validation.invalid' }).nullable().optional(),
  videoUrl: videoUrl.optional(),
  /** The participant's groups (of the project): exactly these once saved; left out keeps them as they are. */
  groupIds: z
    .array(z.uuid({ error: 'validation.participants.groupRequired' }))
    .max(500, { error: encodeMessage('validation.tooLong', { maximum: 500 }) })
    .optional(),
  /** Values of the project's own profile fields, by field id; checked on the server against their configuration. */
  profile: z
    .record(
      z.uuid({ error: 'validation.id' }),
      z.string().max(PROFILE_VALUE_MAX, {
        error: encodeMessage('validation.tooLong', { maximum: PROFILE_VALUE_MAX }),
      }),
    )
    .default({}),
});
export type ParticipantInput = z.input<typeof participantInput>;
export type ParticipantValues = z.output<typeof participantInput>;

/** U2: the add modal's form: the role is asked (it starts with the project's default role); the e-mail may go at once. */
export const createParticipantForm = participantInput.extend({
  sendInscription: z.boolean().default(false),
});

/**
 * U2: adding a participant. Without a role (left out or empty) the participant gets the project's default role
 * (`validation.participants.roleRequired` when the project has none); without a language, the project's default
 * language.
 */
export const createParticipantInput = createParticipantForm.extend({
  roleId: z.union([z.uuid(), z.literal('')], { error: ROLE_REQUIRED }).optional(),
  language: language.optional(),
});
export type CreateParticipantInput = z.input<typeof createParticipantInput>;
export type CreateParticipantValues = z.output<typeof createParticipantInput>;

export const participantListQuery = listQuery(participantSortable).extend({
  roleId: uuidParam.optional(),
  groupId: uuidParam.optional(),
  status: participantStatus.optional(),
});

/** The export takes the list's filters and sort, and every row (no page). */
export const participantExportQuery = participantListQuery.omit({ page: true, pageSize: true });
export type ParticipantExportQuery = z.input<typeof participantExportQuery>;

/** One e-mail of the outbox sent to a participant in this project (info window, E-mails tab). */
export const participantEmail = z.object({
  id: z.uuid(),
  kind: z.string(),
  subject: z.string(),
  status: z.string(),
  createdAt: timestamp,
  sentAt: timestamp.nullable(),
});
export type ParticipantEmail = z.input<typeof participantEmail>;

/** A standard field as the form and the info window see it (names and e-mail are always active). */
export const participantStandardField = z.object({
  key: z.string(),
  isActive: z.boolean(),
  isMandatory: z.boolean(),
  /** Shown in the participant's info window (§5 'shown on view'). */
  isShownOnView: z.boolean(),
});

/**
 * What the form needs: the project's roles (and the default one a new participant starts with), groups, default
 * language, standard fields with their switches and active own profile fields.
 */
export const participantFormOptions = z.object({
  roles: z.array(namedRef),
  /** The role the add modal starts with (`projects.default_role_id`), null when the project has none. */
  defaultRoleId: z.uuid().nullable(),
  /** The language the add modal starts with (`projects.default_language`). */
  defaultLanguage: language,
  groups: z.array(namedRef),
  profileFields: z.array(
    z.object({
      id: z.uuid(),
      title: localizedName,
      inputType: z.string(),
      isMandatory: z.boolean(),
      isEditable: z.boolean(),
      /** Shown in the participant's info window (§5 'shown on view'). */
      isShownOnView: z.boolean(),
    }),
  ),
  /** The standard fields, each with its switches: the form shows the active ones, the info window those shown on view. */
  standardFields: z.array(participantStandardField),
  /** The standard fields the project makes mandatory beyond names and e-mail (organisation, phone…). */
  requiredFields: z.array(z.string()),
});
export type ParticipantFormOptions = z.input<typeof participantFormOptions>;

const projectParams = z.object({ projectId: uuidParam });
const oneParams = z.object({ projectId: uuidParam, participantId: uuidParam });
const idList = z
  .array(uuidParam)
  .min(1, { error: 'validation.participants.noneSelected' })
  .max(1000, { error: encodeMessage('validation.tooLong', { maximum: 1000 }) });

export const listParticipants = defineEndpoint({
  method: 'GET',
  path: '/api/projects/:projectId/participants',
  access: 'user',
  tag: 'participants',
  summary: 'U1 participants of a project: search, role, group and status filters, sorting and paging',
  params: projectParams,
  query: participantListQuery,
  response: listResponse(participantListItem),
});

export const getParticipantFormOptions = defineEndpoint({
  method: 'GET',
  path: '/api/projects/:projectId/participant-form',
  access: 'user',
  tag: 'participants',
  summary: 'U1/U2 the roles, groups and own profile fields the participant form offers',
  params: projectParams,
  response: participantFormOptions,
});

export const getParticipant = defineEndpoint({
  method: 'GET',
  path: '/api/projects/:projectId/participants/:participantId',
  access: 'user',
  tag: 'participants',
  summary: 'U1 one participant',
  params: oneParams,
  response: participant,
});

export const createParticipant = defineEndpoint({
  method: 'POST',
  path: '/api/projects/:projectId/participants',
  access: 'user',
  tag: 'participants',
  summary: 'U2 add a participant (the person of the company with the same e-mail is reused)',
  params: projectParams,
  body: createParticipantInput,
  response: participant,
});

export const updateParticipant = defineEndpoint({
  method: 'PUT',
  path: '/api/projects/:projectId/participants/:participantId',
  access: 'user',
  tag: 'participants',
  summary: 'U1 edit a participant (side edition panel)',
  params: oneParams,
  body: participantInput,
  response: participant,
});

export const deleteParticipants = defineEndpoint({
  method: 'POST',
  path: '/api/projects/:projectId/participants/delete',
  access: 'user',
  tag: 'participants',
  summary: 'U1 remove participants from the project (the persons stay in the company)',
  params: projectParams,
  body: z.object({ ids: idList }),
  response: z.object({ deleted: z.number().int() }),
});

export const addParticipantsToGroup = defineEndpoint({
  method: 'POST',
  path: '/api/projects/:projectId/participants/add-to-group',
  access: 'user',
  tag: 'participants',
  summary: 'U1 put participants in a group of the project (those already in it are left as they are)',
  params: projectParams,
  body: z.object({ ids: idList, groupId: z.uuid({ error: 'validation.participants.groupRequired' }) }),
  response: z.object({ added: z.number().int() }),
});

export const sendInscriptionEmail = defineEndpoint({
  method: 'POST',
  path: '/api/projects/:projectId/participants/:participantId/inscription-email',
  access: 'user',
  tag: 'participants',
  summary: 'U2 queue the inscription e-mail of a participant (once: a second call queues nothing)',
  params: oneParams,
  response: z.object({ queued: z.boolean(), inscriptionSentAt: timestamp }),
});

export const exportParticipantsXlsx = defineEndpoint({
  method: 'GET',
  path: '/api/projects/:projectId/participants/export.xlsx',
  access: 'user',
  tag: 'participants',
  summary: 'U1 export the filtered, sorted list (every row) as an Excel workbook (streamed download)',
  params: projectParams,
  query: participantExportQuery,
  response: z.string().meta({ format: 'binary' }),
});

export const exportParticipantsCsv = defineEndpoint({
  method: 'GET',
  path: '/api/projects/:projectId/participants/export.csv',
  access: 'user',
  tag: 'participants',
  summary: 'U1 export the filtered, sorted list (every row) as CSV (UTF-8, streamed download)',
  params: projectParams,
  query: participantExportQuery,
  response: z.string(),
});

export const listParticipantEmails = defineEndpoint({
  method: 'GET',
  path: '/api/projects/:projectId/participants/:participantId/emails',
  access: 'user',
  tag: 'participants',
  summary: 'U1 the outbox e-mails sent to this participant in this project, newest first',
  params: oneParams,
  response: z.object({ items: z.array(participantEmail) }),
});
