import ExcelJS from 'exceljs';
import type { Deps } from '../../deps';
import { translator } from '../../i18n';
import { assertProject } from '../activities/category-service';
import { toLocalTime } from '../activities/local-time';
import { vipsAmong } from '../pairings/seats-repository';
import { getPairingRow, scopeOf } from '../pairings/service';
import type { AuthContext } from '../session/auth-context';
import * as repo from './repository';

/**
 * M6 « Excel du jumelage » (the legacy /match/getexcel): one sheet per round, what staff print and carry from table
 * to table — a row per person, by table then name: table (number, name, VIP), the person's name, organisation,
 * e-mail and VIP mark; the round's time above the header once meetings were generated. Every cell a plain value
 * (numbers as numbers, names as text), so any spreadsheet reads it back unchanged, whatever the characters.
 */
export async function exportPairing(deps: Deps, auth: AuthContext, projectId: string, pairingId: string) {
  const pairing = await getPairingRow(deps.db, scopeOf(auth, projectId), pairingId);
  const project = await assertProject(deps.db, auth, projectId);
  const [rows, times] = await Promise.all([
    repo.exportRows(deps.db, pairingId),
    repo.roundTimes(deps.db, pairingId),
  ]);
  const vips = await vipsAmong(deps.db, pairingId, [...new Set(rows.map((r) => r.participantId))]);
  const t = translator(auth.locale);
  const workbook = new ExcelJS.Workbook();
  workbook.title = pairing.name;
  const rounds = [...new Set(rows.map((r) => r.round))];
  for (const round of rounds.length ? rounds : [0]) {
    const sheet = workbook.addWorksheet(t('pairingMeetings.excel.sheet', { number: round + 1 }), {
      pageSetup: { orientation: 'landscape', fitToPage: true, fitToWidth: 1, fitToHeight: 0 },
    });
    const time = times.find((r) => r.round === round);
    if (time) {
      sheet.addRow([
        t('pairingMeetings.excel.time', {
          start: toLocalTime(time.start, project.timeZone).replace('T', ' '),
          end: toLocalTime(time.end, project.timeZone).slice(11),
        }),
      ]);
    }
    const header = sheet.addRow([
      t('pairingMeetings.excel.table'),
      t('pairingMeetings.excel.tableName'),
      t('pairingMeetings.excel.tableVip'),
      t('pairingMeetings.excel.lastName'),
      t('pairingMeetings.excel.firstName'),
      t('pairingMeetings.excel.company'),
      t('pairingMeetings.excel.email'),
      t('pairingMeetings.excel.vip'),
    ]);
    header.font = { bold: true };
    // The header repeats on every printed page.
    sheet.pageSetup.printTitlesRow = `${header.number}:${header.number}`;
    const yes = t('pairingMeetings.excel.yes');
    for (const r of rows.filter((row) => row.round === round)) {
      sheet.addRow([
        r.tableNumber,
        r.tableName ?? '',
        r.tableVip ? yes : '',
        r.lastName,
        r.firstName,
        r.company ?? '',
        r.email,
        vips.has(r.participantId) ? yes : '',
      ]);
    }
    [8, 20, 10, 22, 18, 26, 32, 6].forEach((width, i) => {
      sheet.getColumn(i + 1).width = width;
    });
  }
  const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
  return { bytes, filename: `${pairing.name} — ${t('pairingMeetings.excel.file')}.xlsx` };
}
