import { z } from 'zod';
import { uploadedFile } from './files';
import { defineEndpoint, timestamp, uuidParam } from './http';

/**
 * U3: import of participants from a spreadsheet (.xlsx) or a CSV file. The upload answers an import id, the detected
 * columns and an automatic mapping; the mapping may be adjusted; a dry run tells row by row what saving would do;
 * saving is all-or-nothing and idempotent (a second save, or the same file again, creates nothing new).
 */

/** An upload larger than this is refused (bytes). */
export const IMPORT_MAX_BYTES = 20 * 1024 * 1024;
/** Rows of the dry run answered per page. */
export const IMPORT_PAGE_SIZE = 100;
/** The web app asks for the progress this often while the import works (§4). */
export const IMPORT_POLL_MS = 200;
/** What the file input offers; the server decides by the content. */
export const IMPORT_ACCEPT =
  '.xlsx,.csv,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The standard targets a column may feed; an organiser's own field is `profile.<fieldId>`. */
export const IMPORT_TARGETS = [
  'email',
  'firstName',
  'lastName',
  'organisation',
  'jobTitle',
  'phone',
  'phonePro',
  'role',
  'groups',
  'language',
] as const;
export type ImportTarget = (typeof IMPORT_TARGETS)[number];

/** A standard target or `profile.<fieldId>`; checked by the server against the project's fields. */
const target = z.string().max(60);

export const IMPORT_STATUSES = ['uploaded', 'analysing', 'ready', 'saving', 'done', 'failed'] as const;
export const IMPORT_ACTIONS = ['create', 'update', 'unchanged', 'skip'] as const;
export type ImportAction = (typeof IMPORT_ACTIONS)[number];

export const importRow = z.object({
  /** The line of the file (the header is line 1). */
  line: z.number().int(),
  action: z.enum(IMPORT_ACTIONS),
  /**
   * Why the row is skipped, in the caller's language; for a row that is saved, its warnings (Q1: an unknown choice
   * label left out, a question archived or not asked to the participant, not written).
   */
  reasons: z.array(z.string()),
  email: z.string(),
  name: z.string(),
});
export type ImportRow = z.input<typeof importRow>;

export const importSummary = z.object({
  create: z.number().int(),
  update: z.number().int(),
  unchanged: z.number().int(),
  skip: z.number().int(),
});

const localizedName = z.object({ fr: z.string(), en: z.string() });

export const participantImport = z.object({
  id: z.uuid(),
  fileName: z.string(),
  status: z.enum(IMPORT_STATUSES),
  progress: z.number().int().min(0).max(100),
  /** The header row of the file, as written. */
  columns: z.array(z.string()),
  /** What each column feeds (same order as `columns`); null: the column is ignored. */
  mapping: z.array(z.string().nullable()),
  /**
   * What a column may feed: the standard targets, the project's active own fields and its questions
   * (`question.<id>`, `group: 'questionnaire'`, archived ones too: their cells are reported, not written).
   */
  targets: z.array(
    z.object({ key: z.string(), label: localizedName, group: z.enum(['questionnaire']).optional() }),
  ),
  summary: importSummary,
  rows: z.array(importRow),
  page: z.number().int(),
  total: z.number().int(),
  /** Why the import failed (translated), when it did. */
  error: z.string().nullable(),
  sendInscription: z.boolean(),
  updatedAt: timestamp,
});
export type ParticipantImport = z.input<typeof participantImport>;

const projectParams = z.object({ projectId: uuidParam });
const importParams = z.object({ projectId: uuidParam, importId: uuidParam });
const tag = 'participants';

export const importQuery = z.object({
  page: z.coerce.number({ error: 'validation.invalid' }).int().min(1).max(100_000).default(1),
  /** Only the rows that will not be saved as they are (skipped ones, and those with warnings). */
  problems: z
    .enum(['true', 'false'], { error: 'validation.invalid' })
    .transform((v) => v === 'true')
    .optional(),
});

export const uploadParticipantImport = defineEndpoint({
  method: 'POST',
  path: '/api/projects/:projectId/participant-imports',
  access: 'user',
  tag,
  summary: 'U3 upload a participant file (.xlsx or .csv, multipart `file`): columns and automatic mapping',
  multipart: true,
  params: projectParams,
  body: z.object({ file: uploadedFile.optional() }).nullish(),
  response: participantImport,
});

export const getParticipantImport = defineEndpoint({
  method: 'GET',
  path: '/api/projects/:projectId/participant-imports/:importId',
  access: 'user',
  tag,
  summary: 'U3 an import: status, progress, summary and one page of rows of the dry run',
  params: importParams,
  query: importQuery,
  response: participantImport,
});

export const setParticipantImportMapping = defineEndpoint({
  method: 'PUT',
  path: '/api/projects/:projectId/participant-imports/:importId/mapping',
  access: 'user',
  tag,
  summary: 'U3 adjust what each column of the file feeds',
  params: importParams,
  body: z.object({ mapping: z.array(target.nullable()).max(200) }),
  response: participantImport,
});

export const startParticipantImportDryRun = defineEndpoint({
  method: 'POST',
  path: '/api/projects/:projectId/participant-imports/:importId/dry-run',
  access: 'user',
  tag,
  summary: 'U3 start the analysis (dry run) of the file; poll the import for its progress',
  params: importParams,
  response: participantImport,
});

export const saveParticipantImport = defineEndpoint({
  method: 'POST',
  path: '/api/projects/:projectId/participant-imports/:importId/save',
  access: 'user',
  tag,
  summary: 'U3 save the import, all or nothing (may take several minutes; poll the import)',
  params: importParams,
  body: z.object({ sendInscription: z.boolean({ error: 'validation.required' }) }),
  response: participantImport,
});

/** The error report: a CSV of line, e-mail and reasons (caller's language). */
export const downloadParticipantImportErrors = defineEndpoint({
  method: 'GET',
  path: '/api/projects/:projectId/participant-imports/:importId/errors.csv',
  access: 'user',
  tag,
  summary: 'U3 the error report of the dry run (CSV)',
  params: importParams,
  response: z.any().meta({ type: 'string', format: 'binary' }),
});

/** What the import page tells the organiser of the server's settings: how long an import's data is kept. */
export const importSettings = z.object({
  /** An import's file, dry run and rows are deleted this many days after its last step (IMPORT_RETENTION_DAYS). */
  retentionDays: z.number().int(),
});

export const getParticipantImportSettings = defineEndpoint({
  method: 'GET',
  path: '/api/projects/:projectId/participant-imports/settings',
  access: 'user',
  tag,
  summary: 'U3 the settings the import page shows: how many days an import is kept after its last step',
  params: projectParams,
  response: importSettings,
});

/** A template spreadsheet: headers in the caller's language, one example row, active own fields included. */
export const downloadParticipantImportTemplate = defineEndpoint({
  method: 'GET',
  path: '/api/projects/:projectId/participant-imports/template.xlsx',
  access: 'user',
  tag,
  summary: 'U3 the template spreadsheet of the import',
  params: projectParams,
  response: z.any().meta({ type: 'string', format: 'binary' }),
});
