/**
 * A worker thread that reads an import's spreadsheet (`readSheet`) while the main thread checks the rows it has
 * already sent: unzipping and parsing a workbook is about half of a dry run's work, and the server has more than
 * one core. One file at a time; see `sheet-reader.ts` for the other side.
 */
import { parentPort } from 'node:worker_threads';
import { lineOf, normaliseRowPhones, phoneColumns, readSheet, type SheetLayout } from './read';

/** Sent by the reader: a batch of rows with their line numbers, or the end, or what stopped the reading. */
export type SheetMessage =
  | { type: 'ready' }
  | {
      type: 'rows';
      rows: string[][];
      lines: number[];
      /** The phone cells of each row normalised, by column (`normaliseRowPhones`), or null. */
      phones: (Record<number, string | null> | null)[];
      read: number;
    }
  | { type: 'end' }
  | { type: 'error'; message: string };

/** What the main thread sends: a file to read, or leave to send one more batch. */
export type SheetRequest = { type: 'read'; bytes: Uint8Array; layout?: SheetLayout } | { type: 'more' };

/** Rows sent per message. */
const SHEET_BATCH = 500;
/** Batches sent ahead of what the main thread has taken: the rows in flight stay few, whatever the file. */
const SHEET_AHEAD = 4;

async function read(
  port: NonNullable<typeof parentPort>,
  bytes: Uint8Array,
  layout: SheetLayout,
  waitForCredit: () => Promise<void>,
) {
  let read = 0;
  let rows: string[][] = [];
  let lines: number[] = [];
  let phones: (Record<number, string | null> | null)[] = [];
  const send = async () => {
    await waitForCredit();
    port.postMessage({ type: 'rows', rows, lines, phones, read } satisfies SheetMessage);
    rows = [];
    lines = [];
    phones = [];
  };
  try {
    let index = 0;
    /** The columns the automatic mapping gives the phones, known from the header row (the first). */
    let phoneCells: number[] | null = null;
    for await (const row of readSheet(
      bytes,
      (n) => {
        read = n;
      },
      layout,
    )) {
      index++;
      const cells = [...row];
      phones.push(phoneCells ? (normaliseRowPhones(cells, phoneCells) ?? null) : null);
      // Only the participants' layout has phones to normalise.
      phoneCells ??= layout === 'participants' ? phoneColumns(cells) : [];
      rows.push(cells);
      lines.push(lineOf(row, index));
      // The header row goes alone: the upload waits for it.
      if (index === 1 || rows.length >= SHEET_BATCH) await send();
    }
    if (rows.length) await send();
    port.postMessage({ type: 'end' } satisfies SheetMessage);
  } catch (err) {
    port.postMessage({
      type: 'error',
      message: String((err as Error)?.message ?? err),
    } satisfies SheetMessage);
  }
}

const port = parentPort;
if (port) {
  let credit = 0;
  let wake: (() => void) | null = null;
  const waitForCredit = async () => {
    while (credit <= 0) await new Promise<void>((resolve) => (wake = resolve));
    credit--;
  };
  port.on('message', (message: SheetRequest) => {
    if (message.type === 'more') {
      credit++;
      wake?.();
      wake = null;
      return;
    }
    credit = SHEET_AHEAD;
    void read(port, message.bytes, message.layout ?? 'participants', waitForCredit);
  });
  port.postMessage({ type: 'ready' } satisfies SheetMessage);
}
