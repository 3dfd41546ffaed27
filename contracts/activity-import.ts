import { z } from 'zod';
import { uploadedFile } from './files';
import { defineEndpoint, uuidParam } from './http';
import { IMPORT_ACTIONS, importQuery, spreadsheetImport } from './spreadsheet-import';

/**
 * V1: import of activities from a spreadsheet (.xlsx) or a CSV file, on the participant import's engine: the same
 * steps (upload, mapping, dry run with a reason per row, all-or-nothing save, idempotent re-run, progress), the
 * same limits and retention. An activity of the file is known by its French title and its start (the natural key):
 * the same file imported again creates nothing. See docs/activities/import.md.
 */

export const activityImportRow = z.object({
  /** The line of the file (the header is line 1). */
  line: z.number().int(),
  action: z.enum(IMPORT_ACTIONS),
  /** Why the row is skipped, in the caller's language. */
  reasons: z.array(z.string()),
  /** The French title, as the file gives it. */
  title: z.string(),
  /** The start, as the file gives it. */
  start: z.string(),
});
export type ActivityImportRow = z.input<typeof activityImportRow>;

export const activityImport = spreadsheetImport.extend({ rows: z.array(activityImportRow) });
export type ActivityImport = z.input<typeof activityImport>;

const projectParams = z.object({ projectId: uuidParam });
const importParams = z.object({ projectId: uuidParam, importId: uuidParam });
const tag = 'activities';

export const uploadActivityImport = defineEndpoint({
  method: 'POST',
  path: '/api/projects/:projectId/activity-imports',
  access: 'user',
  tag,
  summary: 'V1 upload an activity file (.xlsx or .csv, multipart `file`): columns and automatic mapping',
  multipart: true,
  params: projectParams,
  body: z.object({ file: uploadedFile.optional() }).nullish(),
  response: activityImport,
});

export const getActivityImport = defineEndpoint({
  method: 'GET',
  path: '/api/projects/:projectId/activity-imports/:importId',
  access: 'user',
  tag,
  summary: 'V1 an activity import: status, progress, summary and one page of rows of the dry run',
  params: importParams,
  query: importQuery,
  response: activityImport,
});

export const setActivityImportMapping = defineEndpoint({
  method: 'PUT',
  path: '/api/projects/:projectId/activity-imports/:importId/mapping',
  access: 'user',
  tag,
  summary: 'V1 adjust what each column of the activity file feeds',
  params: importParams,
  body: z.object({ mapping: z.array(z.string().max(60).nullable()).max(200) }),
  response: activityImport,
});

export const startActivityImportDryRun = defineEndpoint({
  method: 'POST',
  path: '/api/projects/:projectId/activity-imports/:importId/dry-run',
  access: 'user',
  tag,
  summary: 'V1 start the analysis (dry run) of the activity file; poll the import for its progress',
  params: importParams,
  response: activityImport,
});

export const saveActivityImport = defineEndpoint({
  method: 'POST',
  path: '/api/projects/:projectId/activity-imports/:importId/save',
  access: 'user',
  tag,
  summary: 'V1 save the activity import, all or nothing (poll the import)',
  params: importParams,
  response: activityImport,
});

export const downloadActivityImportErrors = defineEndpoint({
  method: 'GET',
  path: '/api/projects/:projectId/activity-imports/:importId/errors.csv',
  access: 'user',
  tag,
  summary: 'V1 the error report of the activity import (CSV)',
  params: importParams,
  response: z.any().meta({ type: 'string', format: 'binary' }),
});

export const downloadActivityImportTemplate = defineEndpoint({
  method: 'GET',
  path: '/api/projects/:projectId/activity-imports/template.xlsx',
  access: 'user',
  tag,
  summary: 'V1 the template spreadsheet of the activity import',
  params: projectParams,
  response: z.any().meta({ type: 'string', format: 'binary' }),
});
