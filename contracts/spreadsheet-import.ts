import { z } from 'zod';
import { timestamp } from './http';

/**
 * The spreadsheet import engine's shapes, whatever the kind of import (participants: participant-import.ts; activities:
 * activity-import.ts): an import's status, progress, columns and mapping, its dry run's summary and pages, the limits.
 * Each kind adds its rows and declares its endpoints.
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

export const IMPORT_STATUSES = ['uploaded', 'analysing', 'ready', 'saving', 'done', 'failed'] as const;
export const IMPORT_ACTIONS = ['create', 'update', 'unchanged', 'skip'] as const;
export type ImportAction = (typeof IMPORT_ACTIONS)[number];

export const importSummary = z.object({
  create: z.number().int(),
  update: z.number().int(),
  unchanged: z.number().int(),
  skip: z.number().int(),
});

const localizedName = z.object({ fr: z.string(), en: z.string() });

/** An import of any kind, without its rows (each kind adds `rows`). */
export const spreadsheetImport = z.object({
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
  page: z.number().int(),
  total: z.number().int(),
  /** Why the import failed (translated), when it did. */
  error: z.string().nullable(),
  sendInscription: z.boolean(),
  updatedAt: timestamp,
});

/** The page of rows a dry run shows. */
export const importQuery = z.object({
  page: z.coerce.number({ error: 'validation.invalid' }).int().min(1).max(100_000).default(1),
  /** Only the rows that will not be saved as they are (skipped ones, and those with warnings). */
  problems: z
    .enum(['true', 'false'], { error: 'validation.invalid' })
    .transform((v) => v === 'true')
    .optional(),
});

/** What the import page tells the organiser of the server's settings: how long an import's data is kept. */
export const importSettings = z.object({
  /** An import's file, dry run and rows are deleted this many days after its last step (IMPORT_RETENTION_DAYS). */
  retentionDays: z.number().int(),
});
