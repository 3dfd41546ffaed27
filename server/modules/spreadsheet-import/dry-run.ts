import type { Executor } from '../../db/client';
import type { Deps } from '../../deps';
import type { CheckedRows } from './kind';
import { kindOf } from './kinds';
import { detectKind, lineOf } from './read';
import { readSheetRows, takeRows } from './sheet-reader';
import {
  checkedKey,
  emptySummary,
  type ImportState,
  type RunContext,
  type StoredRow,
  writeStoredRows,
} from './state';

/**
 * The dry run: the file read and checked a batch at a time (`analyse`, also the save's second check), the valid rows
 * of each batch kept in the storage for the save.
 */

/** The valid rows of one batch as the dry run keeps them (`checkedKey`, their kind's `keep`), and their stamps. */
export interface CheckedBatch {
  stamps: [string, string][];
  valid: unknown[];
}

/** Rows looked up and written per statement. */
const BATCH = 1000;
/** About what a row of a workbook weighs in its zip (10 short cells): the dry run's progress of a workbook. */
const XLSX_BYTES_PER_ROW = 50;

/**
 * Reads the file and checks its rows a batch at a time, as they are read, against its kind's rules (participants:
 * role required, e-mail valid, phones normalised, profile rules of the project, groups and duplicates). Only the
 * rows the dry-run page shows are kept (line, action, reasons, what names the row); `onBatch` hears each checked
 * batch: the dry run keeps it for the save, a save that checks again writes its valid rows in its transaction.
 */
export async function analyse(
  db: Executor,
  bytes: Uint8Array,
  state: ImportState,
  onProgress: (percent: number) => Promise<void>,
  // biome-ignore lint/suspicious/noExplicitAny: the valid rows are the kind's own
  onBatch: (checked: CheckedRows<any>) => Promise<void>,
) {
  const kind = kindOf(state);
  const ctx = await kind.checkContext(db, state);
  const stored: StoredRow[] = [];
  let batch: string[][] = [];
  let read = 0;
  let done = 0;
  // Progress: by rows when their number is known (the save, after a dry run); else by bytes read for a CSV file,
  // which is read as it is checked; a workbook is unzipped before its first row comes out, so its dry run counts
  // its rows against an estimate from its size (about 50 bytes a row), never beyond 95 %.
  const expected =
    state.lineCount ?? (detectKind(bytes) === 'xlsx' ? bytes.length / XLSX_BYTES_PER_ROW : undefined);
  const progress = () =>
    expected === undefined
      ? (read / bytes.length) * 99
      : Math.min(state.lineCount ? 99 : 95, (done / Math.max(1, expected)) * 100);
  const flush = async () => {
    const checked = await kind.checkBatch(db, state, ctx, batch);
    done += batch.length;
    batch = [];
    for (const row of checked.stored) stored.push(row);
    await onBatch(checked);
    // A failed progress note (storage) must not end the process: the next note, or the end, says where it stands.
    await onProgress(progress()).catch(() => undefined);
  };
  const onBytes = (n: number) => {
    read = n;
  };
  // The reading the upload paused after the header row, else a new one (header first).
  const resumed = takeRows(state.fileKey, onBytes);
  let header = !resumed;
  let index = resumed ? 1 : 0;
  for await (const row of resumed ?? readSheetRows(bytes, onBytes, kind.layout)) {
    index++;
    if (header) {
      header = false;
      continue;
    }
    // Without a line number from the reader, the line is the row's place in the file.
    batch.push(Object.assign(row, { line: lineOf(row, index) }));
    if (batch.length >= BATCH) await flush();
  }
  if (batch.length) await flush();
  const summary = emptySummary();
  for (const row of stored) summary[row.action]++;
  return { stored, summary, lineCount: done, fingerprint: ctx.fingerprint };
}

/**
 * The dry run's work (see `runImport`): checks the file and keeps the valid rows of each batch for the save
 * (`checkedKey`), noted in `state.keeping` as they are stored (an interrupted run leaves them, see `loadState`).
 * False when a newer run took over meanwhile (nothing written); else the state holds the outcome.
 */
export async function dryRun(deps: Deps, state: ImportState, run: RunContext) {
  // What this dry run keeps, noted in its state (an interrupted one leaves them, see `loadState`).
  const keeping = { runId: run.runId, batches: 0 };
  state.keeping = keeping;
  const kind = kindOf(state);
  /** The checked batch being stored (a dry run stores each while it checks the next). */
  let storing: Promise<void> = Promise.resolve();
  try {
    const { stored, summary, lineCount, fingerprint } = await analyse(
      deps.db,
      run.bytes,
      state,
      run.onProgress,
      async ({ valid, stamps }) => {
        const batch: CheckedBatch = { stamps, valid: valid.map((row) => kind.keep(row)) };
        // Each batch is stored while the next one is read and checked (one at a time: a slow storage holds the
        // reading back rather than letting the batches pile up in memory); a failure is met below, not unhandled.
        await storing;
        storing = deps.storage.put(
          checkedKey(state.id, keeping.runId, keeping.batches++),
          Buffer.from(JSON.stringify(batch)),
          'application/json',
        );
        storing.catch(() => undefined);
      },
    );
    await storing;
    if (await run.superseded()) return false;
    await writeStoredRows(deps, state.id, stored);
    Object.assign(state, {
      summary,
      lineCount,
      status: 'ready',
      progress: 100,
      error: null,
      checked: { ...keeping, fingerprint },
      keeping: undefined,
    });
    return true;
  } finally {
    // What it kept is dropped by the run (failed or superseded) once none is still being stored.
    await storing.catch(() => undefined);
  }
}
