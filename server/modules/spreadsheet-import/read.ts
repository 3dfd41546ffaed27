import { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import ExcelJS from 'exceljs';
import { normalisePhone } from '../../../contracts/phone';
import { ACTIVITY_HEADER_WORDS } from '../activity-import/headers';
import { HEADER_SYNONYMS, matchHeaders } from '../participant-import/headers';
import { normaliseHeader } from './headers';
import { decodeWindows1252 } from './windows-1252';

export type FileKind = 'csv' | 'xlsx';

/**
 * How a kind of import lays its sheet out (a name, so that the reading thread is told it in a message): which header
 * words it knows and where its data rows start.
 */
export type SheetLayout = 'participants' | 'activities';

interface LayoutRules {
  /** Every header word the automatic mapping knows, in French and English (compared normalised). */
  words: Set<string>;
  /** The first row of data: the header row is above it. */
  isData: (row: string[]) => boolean;
}

const LAYOUTS: Record<SheetLayout, LayoutRules> = {
  // The participants start at the first row holding an address (a cell with an @).
  participants: {
    words: new Set(Object.values(HEADER_SYNONYMS).flat()),
    isData: (row) => row.some((cell) => cell.includes('@')),
  },
  // The activities start at the first row holding a date written out (a start; a workbook's date cell is a number).
  activities: {
    words: ACTIVITY_HEADER_WORDS,
    isData: (row) => row.some((cell) => /^\d{4}-\d{2}-\d{2}/.test(cell)),
  },
};

/** .xlsx files are zip archives (PK\x03\x04); anything else is read as text (CSV, comma or semicolon). */
export function detectKind(bytes: Uint8Array): FileKind {
  return bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04 ? 'xlsx' : 'csv';
}

/**
 * French spreadsheets write CSV with semicolons: the separator is the most frequent one over the first lines (a title
 * line above the headers may hold commas of its own), counted outside quoted cells (« "Café Ñandú, S.A." » in a
 * semicolon file holds a comma that separates nothing).
 */
function delimiterOf(bytes: Uint8Array): string {
  const lines = Buffer.from(bytes.subarray(0, 16384))
    .toString('utf8')
    .replace(/"(?:[^"]|"")*"/g, '')
    .split(/\r?\n/)
    .filter((line) => line.trim())
    .slice(0, 10)
    .join('\n');
  const count = (c: string) => lines.split(c).length - 1;
  if (count('\t') > count(',') && count('\t') > count(';')) return '\t';
  return count(';') > count(',') ? ';' : ',';
}

/** A cell of exceljs as text: rich text, hyperlinks, formulas and dates included. */
function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    const v = value as Record<string, unknown>;
    if (Array.isArray(v.richText)) return v.richText.map((r: { text: string }) => r.text).join('');
    if (typeof v.text === 'string') return v.text;
    if ('result' in v) return cellText(v.result);
    if (typeof v.hyperlink === 'string') return v.hyperlink.replace(/^mailto:/, '');
    return '';
  }
  return String(value);
}

/** Counts the bytes the parser has taken, for the progress bar. */
function counted(bytes: Uint8Array, onBytes: (read: number) => void) {
  let read = 0;
  const chunk = 64 * 1024;
  return Readable.from(
    (function* () {
      for (let at = 0; at < bytes.length; at += chunk) {
        const part = Buffer.from(bytes.subarray(at, at + chunk));
        read += part.length;
        onBytes(read);
        yield part;
      }
    })(),
  );
}

/**
 * A CSV as UTF-8 bytes. Excel set up for French on Windows saves « CSV (séparateur : point-virgule) » in
 * Windows-1252, not UTF-8: a file that is not valid UTF-8 is read as Windows-1252 (which gives every byte a
 * character), so « Prénom », « Montréal » and « l’entreprise » come out right instead of « Pr�nom ».
 */
export function csvAsUtf8(bytes: Uint8Array): Uint8Array {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return bytes;
  } catch {
    return Buffer.from(decodeWindows1252(bytes), 'utf8');
  }
}

/**
 * The rows of the file, streamed (the first is the header row), each as an array of trimmed texts. Only the first
 * worksheet of a workbook is read. `onBytes` hears how much of the file has been read.
 */
const XLSX_ATTEMPTS = 3;

/** The first worksheet's rows, streamed (the file is never held whole as a workbook model). */
async function* xlsxRows(bytes: Uint8Array, onBytes: (read: number) => void): AsyncGenerator<string[]> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(counted(bytes, onBytes), {
    worksheets: 'emit',
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    entries: 'emit',
  });
  for await (const sheet of reader) {
    for await (const row of sheet as AsyncIterable<ExcelJS.Row>) {
      const values = row.values as unknown[];
      const cells: string[] = [];
      for (let i = 1; i < values.length; i++) cells.push(cellText(values[i]).trim());
      // Rows skipped by the file (entirely empty) keep their line numbers.
      yield Object.assign(cells, { line: row.number });
    }
    return;
  }
}

export async function* readRows(
  bytes: Uint8Array,
  onBytes: (read: number) => void = () => {},
): AsyncGenerator<string[]> {
  if (detectKind(bytes) === 'xlsx') {
    // exceljs's streaming reader now and then fails on a file it reads well the next time (« Cannot read properties
    // of undefined (reading 'sheets') », once in about 300 readings of small workbooks, seen in CI and reproduced):
    // a failed reading is tried again, twice, going on after the rows already given.
    let given = 0;
    for (let attempt = 1; ; attempt++) {
      let seen = 0;
      try {
        for await (const row of xlsxRows(bytes, attempt === 1 ? onBytes : () => {})) {
          if (seen++ < given) continue;
          given++;
          yield row;
        }
        return;
      } catch (error) {
        if (attempt >= XLSX_ATTEMPTS) throw error;
      }
    }
  }
  const text = csvAsUtf8(bytes);
  const parser = counted(text, onBytes).pipe(
    parse({
      bom: true,
      delimiter: delimiterOf(text),
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: false,
      trim: true,
      info: true,
    }),
  );
  for await (const record of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
    yield Object.assign(record.record, { line: record.info.lines });
  }
}

/**
 * A row as the readers give it: its cells, its line in the file, and — for a large file read in a worker thread —
 * its phone cells already normalised, by column (see `normaliseRowPhones`).
 */
export type SheetRow = string[] & { line?: number; phones?: Record<number, string | null> };

/** The columns of a header row that the automatic mapping gives the standard phones (phone, work phone). */
export function phoneColumns(header: readonly string[]): number[] {
  return matchHeaders(header, []).flatMap((target, i) =>
    target === 'phone' || target === 'phonePro' ? [i] : [],
  );
}

/**
 * The filled phone cells of a row normalised (E.164, or null when not a phone: contracts/phone.ts), by column; none
 * when the row has no phone. Parsing a phone is the costliest check of a row: a worker thread does it as it reads.
 */
export function normaliseRowPhones(row: readonly string[], columns: readonly number[]) {
  const phones: Record<number, string | null> = {};
  let any = false;
  for (const i of columns) {
    const text = (row[i] ?? '').trim();
    if (!text) continue;
    phones[i] = normalisePhone(text);
    any = true;
  }
  return any ? phones : undefined;
}

/** The line number of a row read by `readRows`. */
export const lineOf = (row: string[], fallback: number) => (row as SheetRow).line ?? fallback;

/** How many filled rows are looked through for the header row. */
const HEADER_SEARCH_ROWS = 10;
const filledCells = (row: string[]) => row.filter((cell) => cell).length;

/**
 * Which of the first filled rows is the header row. The data starts at the layout's first data row (for
 * participants, the first row holding an address: a cell with an @): the header is above it. Of the rows above, the one with the most cells titled as the
 * automatic mapping knows them (« Prénom », "E-mail"…); if none is, the first with two filled cells or more, else the
 * first row (a one-column file).
 */
function headerIndex(rows: string[][], layout: LayoutRules): number {
  const data = rows.findIndex(layout.isData);
  const above = data < 0 ? rows : rows.slice(0, Math.max(data, 1));
  let best = -1;
  let bestScore = 0;
  above.forEach((row, i) => {
    const score = row.filter((cell) => layout.words.has(normaliseHeader(cell))).length;
    if (score > bestScore) [best, bestScore] = [i, score];
  });
  if (best >= 0) return best;
  const wide = above.findIndex((row) => filledCells(row) >= 2);
  return Math.max(wide, 0);
}

/**
 * The rows of a spreadsheet as an organiser writes it: the first yielded row is the header row, the others are the
 * participants (empty rows left out). A title, a date or a note may sit above the headers (see `headerIndex`);
 * rows above the header row are not participants.
 */
export async function* readSheet(
  bytes: Uint8Array,
  onBytes: (read: number) => void = () => {},
  layoutName: SheetLayout = 'participants',
): AsyncGenerator<string[]> {
  const layout = LAYOUTS[layoutName];
  const first: string[][] = [];
  let started = false;
  for await (const row of readRows(bytes, onBytes)) {
    if (!filledCells(row)) continue;
    if (started) {
      yield row;
      continue;
    }
    first.push(row);
    if (first.length >= HEADER_SEARCH_ROWS) {
      started = true;
      yield* first.slice(headerIndex(first, layout));
    }
  }
  if (!started && first.length) yield* first.slice(headerIndex(first, layout));
}
