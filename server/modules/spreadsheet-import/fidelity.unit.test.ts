import { beforeAll, describe, expect, it } from 'vitest';
import {
  alteredCells,
  csvOf,
  encodeWindows1252,
  multibyteRows,
  NONE_ALTERED,
  windows1252Text,
  workbookOf,
} from '../../../tests/support/multibyte';
import { readSheet } from './read';
import { readSheetRows, warmSheetReader } from './sheet-reader';

async function collect(rows: AsyncIterable<string[]>) {
  const out: string[][] = [];
  for await (const row of rows) out.push([...row]);
  return out;
}

// Every cell multi-byte, 1 to 300 characters: about 3 MB of text, so that the chunks a file is unzipped or read in
// end inside a character hundreds of times, at every offset.
const written = multibyteRows(9, 1200, 6, 300);
const written1252 = multibyteRows(1252, 1200, 6, 300, windows1252Text);

const files = {
  'a workbook of shared strings, as Excel writes it': { rows: written, make: () => workbookOf(written) },
  'a workbook of inline strings, as streaming writers (and our export) write it': {
    rows: written,
    make: () => workbookOf(written, { inline: true }),
  },
  'a CSV in UTF-8': { rows: written, make: async () => new TextEncoder().encode(csvOf(written)) },
  'a CSV in Windows-1252, as a French Excel saves it': {
    rows: written1252,
    make: async () => encodeWindows1252(csvOf(written1252)),
  },
};
const bytes = new Map<string, Uint8Array>();

beforeAll(async () => {
  expect(await warmSheetReader()).toBe(true);
  for (const [file, { make }] of Object.entries(files)) bytes.set(file, await make());
}, 30_000);

describe('reading an import file keeps every character', () => {
  for (const [file, { rows }] of Object.entries(files)) {
    it(`${file}, read in the calling thread (a small file) and in the worker thread (64 KB or more)`, async () => {
      const content = bytes.get(file) as Uint8Array;
      expect(content.length).toBeGreaterThan(64 * 1024);
      for (const reading of [readSheet(content), readSheetRows(content)]) {
        const read = await collect(reading);
        expect(read).toHaveLength(rows.length);
        expect(alteredCells(rows, read)).toEqual(NONE_ALTERED);
      }
    }, 30_000);
  }
});
