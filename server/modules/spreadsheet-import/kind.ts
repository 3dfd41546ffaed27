import type { ImportAction } from '../../../contracts/spreadsheet-import';
import type { Executor } from '../../db/client';
import type { Deps } from '../../deps';
import type { AuthContext } from '../session/auth-context';
import type { SheetLayout } from './read';
import type { ImportState, StoredRow } from './state';

/**
 * What differs from one kind of import to another (participants U3, activities V1). The engine — upload, reading,
 * mapping, dry run, all-or-nothing save, idempotent re-run, progress, retention, artefact and encoding checks — is
 * one piece of code (this folder); a kind gives its targets, the checks of a batch of rows and the writing of a batch.
 */

export type ImportKindName = 'participants' | 'activities';

/** What a column of a file can feed, titled in both languages (`group`: listed under that heading, Q1's questions). */
export type Targets = { key: string; label: { fr: string; en: string }; group?: 'questionnaire' }[];

/** A checked batch: the rows the page shows, the valid rows to write, and the stamps the save compares. */
export interface CheckedRows<Valid> {
  stored: StoredRow[];
  valid: Valid[];
  /**
   * Per natural key of a row (a participant's e-mail, an activity's title and start): a hash of what the database
   * held of it when the row was checked. The save compares them (`stamps`) to reuse the dry run's checks.
   */
  stamps: [string, string][];
}

/** The least a valid row says: its line and what saving it does. */
export interface ValidRowBase {
  line: number;
  action: ImportAction;
}

/** Each kind has its own context and rows; the engine only hands them from one of the kind's steps to another. */
// biome-ignore lint/suspicious/noExplicitAny: see above
type Own = any;

export interface ImportKind<
  Ctx extends { fingerprint: string } = Own,
  Valid extends ValidRowBase = Own,
  Kept = Own,
> {
  name: ImportKindName;
  /** How the sheet is laid out (header words, first data row), for the reading thread. */
  layout: SheetLayout;
  /** What a column can feed in this project. */
  targets(db: Executor, companyId: string, projectId: string): Promise<Targets>;
  /** The automatic mapping of the header row (a target the project does not offer is left unmapped). */
  autoMapping(
    db: Executor,
    companyId: string,
    projectId: string,
    columns: string[],
  ): Promise<(string | null)[]>;
  /** Refuses a mapping the dry run cannot work with (a field error under `mapping`). */
  checkMapping(mapping: (string | null)[]): void;
  /** What the checks of every row need, with the fingerprint of all they depend on besides the rows. */
  checkContext(db: Executor, state: ImportState): Promise<Ctx>;
  /** Checks one batch of rows against what the database holds. */
  checkBatch(db: Executor, state: ImportState, ctx: Ctx, batch: string[][]): Promise<CheckedRows<Valid>>;
  /** The stamps of these natural keys now (a key the database does not know: ''). */
  stamps(db: Executor, state: ImportState, keys: string[]): Promise<Map<string, string>>;
  /** A valid row as the dry run keeps it in the storage (JSON), and back. */
  keep(row: Valid): Kept;
  restore(kept: Kept): Valid;
  /**
   * Writes the valid rows of a batch in the save's transaction. `meanwhile`: a save that checked the rows in its own
   * transaction ('merge') takes what was made since as what to update; one that reuses the dry run ('refuse')
   * writes plainly and lets a unique index refuse (the file is then checked again).
   */
  write(
    deps: Deps,
    tx: Executor,
    state: ImportState,
    valid: Valid[],
    meanwhile: 'merge' | 'refuse',
    onProgress: (percent: number) => Promise<void>,
  ): Promise<void>;
  /** After a save succeeded (e-mails to deliver…). */
  afterSave(deps: Deps, state: ImportState): Promise<void>;
  /** The template workbook, headers in the caller's language. */
  template(deps: Deps, auth: AuthContext, projectId: string): Promise<Buffer>;
  /** The error report's columns between the line and the reasons: their headers (locale keys) and cells. */
  report: { headers: string[]; cells: (row: StoredRow) => string[] };
  /** A row of the dry run as the API answers it (reasons already translated). */
  presentRow(row: Omit<StoredRow, 'reasons'> & { reasons: string[] }): Record<string, unknown>;
}
