import { z } from 'zod';
import { uploadedFile } from './files';
import { defineEndpoint, uuidParam } from './http';
import { IMPORT_ACTIONS, importQuery, importSettings, spreadsheetImport } from './spreadsheet-import';

/**
 * U3: import of participants from a spreadsheet (.xlsx) or a CSV file. The upload answers an import id, the detected
 * columns and an automatic mapping; the mapping may be adjusted; a dry run tells row by row what saving would do;
 * saving is all-or-nothing and idempotent (a second save, or the same file again, creates nothing new).
 * The engine's shapes (status, mapping, summary, limits) are in spreadsheet-import.ts.
 */

/** server/app.ts reads the upload limit here; it is the engine's (spreadsheet-import.ts). */
export { IMPORT_MAX_BYTES } from './spreadsheet-import';

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

export const participantImport = spreadsheetImport.extend({ rows: z.array(importRow) });
export type ParticipantImport = z.input<typeof participantImport>;

const projectParams = z.object({ projectId: uuidParam });
const importParams = z.object({ projectId: uuidParam, importId: uuidParam });
const tag = 'participants';

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
