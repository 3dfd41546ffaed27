import { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import ExcelJS from 'exceljs';

export type FileKind = 'csv' | 'xlsx';

/** .xlsx files are zip archives (PK\x03\x04); anything else is read as text (CSV, comma or semicolon). */
export function detectKind(bytes: Uint8Array): FileKind {
  return bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04 ? 'xlsx' : 'csv';
}

/** French spreadsheets write CSV with semicolons: the separator is the more frequent one in the first line. */
function delimiterOf(bytes: Uint8Array): string {
  const head = Buffer.from(bytes.subarray(0, 4096)).toString('utf8').split(/\r?\n/)[0] ?? '';
  const count = (c: string) => head.split(c).length - 1;
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
 * character), so « Prénom » and « Montréal » come out right instead of « Pr�nom ».
 */
export function csvAsUtf8(bytes: Uint8Array): Uint8Array {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return bytes;
  } catch {
    return Buffer.from(new TextDecoder('windows-1252').decode(bytes), 'utf8');
  }
}

/**
 * The rows of the file, streamed (the first is the header row), each as an array of trimmed texts. Only the first
 * worksheet of a workbook is read. `onBytes` hears how much of the file has been read.
 */
export async function* readRows(
  bytes: Uint8Array,
  onBytes: (read: number) => void = () => {},
): AsyncGenerator<string[]> {
  if (detectKind(bytes) === 'xlsx') {
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
    return;
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

/** The line number of a row read by `readRows`. */
export const lineOf = (row: string[], fallback: number) =>
  (row as string[] & { line?: number }).line ?? fallback;

/** How many filled rows are looked through for the header row. */
const HEADER_SEARCH_ROWS = 10;
const filledCells = (row: string[]) => row.filter((cell) => cell).length;

/**
 * The rows of a spreadsheet as an organiser writes it: the first yielded row is the header row, the others are the
 * participants (empty rows left out). A title, a date or a note may sit above the headers: the header row is the
 * first of the first filled rows that has two filled cells or more (a file of a single column: its first row).
 */
export async function* readSheet(
  bytes: Uint8Array,
  onBytes: (read: number) => void = () => {},
): AsyncGenerator<string[]> {
  const before: string[][] = [];
  let header: string[] | undefined;
  for await (const row of readRows(bytes, onBytes)) {
    if (!filledCells(row)) continue;
    if (header) {
      yield row;
      continue;
    }
    before.push(row);
    const found = before.findIndex((r) => filledCells(r) >= 2);
    if (found >= 0 || before.length >= HEADER_SEARCH_ROWS) {
      const at = Math.max(found, 0);
      header = before[at];
      yield header;
      for (const rest of before.slice(at + 1)) yield rest;
    }
  }
  if (!header && before.length) {
    yield before[0];
    for (const rest of before.slice(1)) yield rest;
  }
}
