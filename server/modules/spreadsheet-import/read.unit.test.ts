import { describe, expect, it } from 'vitest';
import { readSheet } from './read';

async function sheetOf(bytes: Uint8Array) {
  const rows: string[][] = [];
  for await (const row of readSheet(bytes)) rows.push([...row]);
  return rows;
}
const sheet = (text: string) => sheetOf(new TextEncoder().encode(text));

describe('readSheet: the header row of a spreadsheet as organisers write it', () => {
  it('takes the first row of an ordinary file', async () => {
    expect(await sheet('Prénom;Nom;Courriel\nAna;Roy;ana@x.test')).toEqual([
      ['Prénom', 'Nom', 'Courriel'],
      ['Ana', 'Roy', 'ana@x.test'],
    ]);
  });

  it('skips a title, an export date and empty lines above the headers', async () => {
    const rows = await sheet(
      'Salon B2B, Montréal, 2026;;\nExporté le;2026-05-01;\n;;\nPrénom;Nom;Courriel\nAna;Roy;ana@x.test\n;;\nBob;Côté;bob@x.test',
    );
    expect(rows).toEqual([
      ['Prénom', 'Nom', 'Courriel'],
      ['Ana', 'Roy', 'ana@x.test'],
      ['Bob', 'Côté', 'bob@x.test'],
    ]);
  });

  it('finds the semicolons of a file whose quoted cells hold commas', async () => {
    const rows = await sheet(
      'Prénom;Nom;Courriel;Organisation\nAna;Roy;ana@x.test;"Café Ñandú, S.A., Bogotá, D.C., Colombia, Sud, Américas"\nBob;Côté;bob@x.test;"Dupont, Martin, Lévesque, Roy, Tremblay et associés"',
    );
    expect(rows).toEqual([
      ['Prénom', 'Nom', 'Courriel', 'Organisation'],
      ['Ana', 'Roy', 'ana@x.test', 'Café Ñandú, S.A., Bogotá, D.C., Colombia, Sud, Américas'],
      ['Bob', 'Côté', 'bob@x.test', 'Dupont, Martin, Lévesque, Roy, Tremblay et associés'],
    ]);
  });

  it('keeps every row of a one-column list, even one with a note beside it', async () => {
    expect(await sheet('Courriel\nana@x.test\nbob@x.test,à rappeler\ncarl@x.test')).toEqual([
      ['Courriel'],
      ['ana@x.test'],
      ['bob@x.test', 'à rappeler'],
      ['carl@x.test'],
    ]);
  });

  it('keeps a first participant without an address among the participants', async () => {
    expect(await sheet('Prénom,Nom,Courriel\nAna,Roy,\nBob,Côté,bob@x.test')).toEqual([
      ['Prénom', 'Nom', 'Courriel'],
      ['Ana', 'Roy', ''],
      ['Bob', 'Côté', 'bob@x.test'],
    ]);
  });

  it('reads a file without known headers from its first wide row', async () => {
    expect(await sheet('Liste\nA,B,C\n1,2,3')).toEqual([
      ['A', 'B', 'C'],
      ['1', '2', '3'],
    ]);
  });

  it('reads a French Excel CSV (Windows-1252) with its typographic apostrophes, quotes, dashes, euro and œ', async () => {
    // The bytes as Excel writes them: 0x9C œ, 0x92 ’, 0x97 —, 0x93 “, 0x94 ”, 0x80 €, 0x85 …
    const bytes = Buffer.from(
      'Prénom;Nom;Note\nAna;C\x9cur;l\x92été \x97 \x93VIP\x94, 20 \x80\x85',
      'latin1',
    );
    expect(await sheetOf(bytes)).toEqual([
      ['Prénom', 'Nom', 'Note'],
      ['Ana', 'Cœur', 'l’été — “VIP”, 20 €…'],
    ]);
  });
});

describe('readSheet: workbooks', () => {
  it('reads 400 small workbooks in a row, each whole (exceljs’s streaming reader fails now and then: tried again)', async () => {
    // Before the retry, about one reading in 300 failed with « reading 'sheets' » and the file was called unreadable.
    const { default: ExcelJS } = await import('exceljs');
    for (let k = 0; k < 400; k++) {
      const workbook = new ExcelJS.Workbook();
      const sheet = workbook.addWorksheet('Demandes');
      sheet.addRow(['Courriel', 'Prénom', 'Poids']);
      sheet.addRow([`p${k}@example.test`, `Zoé 小龍 ${k}`, k]);
      const rows = await sheetOf(new Uint8Array(await workbook.xlsx.writeBuffer()));
      expect(rows).toEqual([
        ['Courriel', 'Prénom', 'Poids'],
        [`p${k}@example.test`, `Zoé 小龍 ${k}`, String(k)],
      ]);
    }
  }, 60_000);
});
