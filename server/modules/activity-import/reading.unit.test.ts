import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { readSheet } from '../spreadsheet-import/read';
import { readDuration, readStart } from './values';

async function collect(bytes: Uint8Array) {
  const rows: string[][] = [];
  for await (const row of readSheet(bytes, () => {}, 'activities')) rows.push([...row]);
  return rows;
}

describe('an activity workbook as the import reads it (V1)', () => {
  it('finds the header below a title, and reads a date cell and a time cell as the wall time and duration Excel shows', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Activités');
    sheet.addRow(['Programme du congrès 2027']);
    sheet.addRow(['Titre FR', 'Titre EN', 'Début', 'Durée']);
    // Excel keeps a wall time (exceljs writes the date given as that time in UTC); a duration formatted as a time.
    sheet.addRow(['Ouverture', 'Opening', new Date(Date.UTC(2027, 5, 1, 9, 30)), 1.5 / 24]);
    sheet.addRow(['Journée', 'Day', new Date(Date.UTC(2027, 5, 2)), 90]);
    const rows = await collect(new Uint8Array(await workbook.xlsx.writeBuffer()));
    expect(rows[0]).toEqual(['Titre FR', 'Titre EN', 'Début', 'Durée']);
    expect(rows.slice(1).map((row) => [readStart(row[2]), readDuration(row[3])])).toEqual([
      [{ local: '2027-06-01T09:30' }, 90],
      [{ local: '2027-06-02T00:00' }, 90],
    ]);
  });
});
