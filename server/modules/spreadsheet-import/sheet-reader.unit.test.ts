import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { lineOf, readSheet, type SheetRow } from './read';
import { readHeader, readSheetRows, takeRows, warmSheetReader } from './sheet-reader';

async function collect(rows: AsyncIterable<string[]>, limit = Number.POSITIVE_INFINITY) {
  const out: { cells: string[]; line: number }[] = [];
  for await (const row of rows) {
    out.push({ cells: [...row], line: lineOf(row, -1) });
    if (out.length >= limit) break;
  }
  return out;
}

/** A French CSV of `n` people (over the size read in the worker), a title above its headers, a blank line inside. */
function frenchCsv(n: number) {
  const lines = ['Salon B2B, Montréal;;;', 'Prénom;Nom;Courriel;Groupes'];
  for (let i = 0; i < n; i++) {
    lines.push(`Hélène${i};Bélanger;helene.${i}@exemple.test;"Santé; Montréal"`);
    if (i === 10) lines.push(';;;');
  }
  return new TextEncoder().encode(lines.join('\r\n'));
}

describe('readSheetRows: a large spreadsheet read in a worker thread', () => {
  it('gives the rows and line numbers readSheet gives, for a CSV and a workbook', async () => {
    expect(await warmSheetReader()).toBe(true);
    const csv = frenchCsv(3000);
    expect(csv.length).toBeGreaterThan(64 * 1024);
    const before = Buffer.from(csv);
    const expected = await collect(readSheet(csv));
    expect(expected).toHaveLength(3001);
    expect(await collect(readSheetRows(csv))).toEqual(expected);
    // The caller's bytes are left as they were (the save may read the file again).
    expect(Buffer.from(csv).equals(before)).toBe(true);

    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Inscrits');
    sheet.addRow(['Courriel', 'Prénom', 'Nom']);
    for (let i = 0; i < 4000; i++) sheet.addRow([`p${i}@exemple.test`, `Prénom ${i}`, `Nom ${i}`]);
    const xlsx = new Uint8Array(await workbook.xlsx.writeBuffer());
    expect(xlsx.length).toBeGreaterThan(64 * 1024);
    const rows = await collect(readSheetRows(xlsx));
    expect(rows).toEqual(await collect(readSheet(xlsx)));
    expect(rows.at(-1)).toEqual({ cells: ['p3999@exemple.test', 'Prénom 3999', 'Nom 3999'], line: 4001 });
  });

  it('reads the next file whole after a reading stopped early, and reports a file it cannot read', async () => {
    const csv = frenchCsv(3000);
    expect(await collect(readSheetRows(csv), 5)).toHaveLength(5);
    expect(await collect(readSheetRows(csv))).toHaveLength(3001);
    // Looks like a workbook (a zip), is not one.
    const broken = new Uint8Array(100 * 1024).fill(7);
    broken.set([0x50, 0x4b, 0x03, 0x04]);
    await expect(collect(readSheetRows(broken))).rejects.toThrow();
    expect(await collect(readSheetRows(csv))).toHaveLength(3001);
  });

  it('keeps a reading paused after its header row for the dry run that follows, once', async () => {
    const csv = frenchCsv(3000);
    const expected = await collect(readSheet(csv));
    expect([...((await readHeader('imports/essai.csv', csv)) ?? [])]).toEqual(expected[0].cells);
    let read = 0;
    const rest = takeRows('imports/essai.csv', (n) => {
      read = n;
    });
    expect(rest).not.toBeNull();
    expect(await collect(rest as AsyncGenerator<string[]>)).toEqual(expected.slice(1));
    expect(read).toBe(csv.length);
    // Taken once: a second dry run reads the file again.
    expect(takeRows('imports/essai.csv', () => {})).toBeNull();
    expect(await readHeader('imports/vide.csv', new TextEncoder().encode('\n;;\n'))).toBeUndefined();
  });

  it('gives the phone cells of a large file already normalised, the invalid ones as null', async () => {
    const lines = ['Courriel;Téléphone;Cellulaire;Téléphone professionnel'];
    for (let i = 0; i < 3000; i++) lines.push(`p${i}@exemple.test;514 555-${String(1000 + i)};x;`);
    lines.push('bad@exemple.test;12;;+33 6 12 34 56 78');
    const found: (Record<number, string | null> | undefined)[] = [];
    for await (const row of readSheetRows(new TextEncoder().encode(lines.join('\n'))))
      found.push((row as SheetRow).phones);
    expect(found).toHaveLength(3002);
    // The header row has none; « Cellulaire » is not a column the mapping gives a phone.
    expect(found[0]).toBeUndefined();
    expect(found[1]).toEqual({ 1: '+15145551000' });
    expect(found.at(-1)).toEqual({ 1: null, 3: '+33612345678' });
  });
});
