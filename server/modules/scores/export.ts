import { PassThrough } from 'node:stream';
import { stringify } from 'csv-stringify';
import ExcelJS from 'exceljs';
import type { ScoreExportQuery } from '../../../contracts/scores';
import type { Deps } from '../../deps';
import { AppError } from '../../http/errors';
import { translator } from '../../i18n';
import { CONTENT_TYPES, csvSafe, type ExportDownload, type ExportFormat, slug } from '../participants/export';
import { findProject } from '../participants/repository';
import type { AuthContext } from '../session/auth-context';
import type { PersonInfo } from './repository';
import { liveAverages, liveSelection, pairRows, selectionPairs, storedAverages } from './service';

/**
 * M5 export: what the screen shows, every page, as CSV (streamed, `;` in French and `,` in English as the
 * participants export) or Excel (streamed workbook writer). Excel holds 1,048,576 rows at most: a larger export is
 * refused before anything is computed or sent, with a message that suggests CSV or a narrower selection.
 */

/** Excel's rows per sheet, the header's included. */
export const EXCEL_MAX_ROWS = 1_048_576;

type Cell = string | number | null;

export async function exportScores(
  deps: Deps,
  auth: AuthContext,
  projectId: string,
  query: ScoreExportQuery,
  format: ExportFormat,
): Promise<ExportDownload> {
  const project = await findProject(deps.db, auth.companyId, projectId);
  if (!project) throw AppError.notFound();
  const t = translator(auth.locale);
  const kind = query.kind ?? 'pairs';
  const person = (p: PersonInfo): Cell[] => [p.lastName, p.firstName, p.email, p.organisation ?? ''];
  const personHeaders = (side: string) =>
    ['lastName', 'firstName', 'email', 'organisation'].map((f) =>
      t('scores.export.personColumn', { column: t(`participants.fields.${f}`), side }),
    );
  let headers: string[];
  let count: number;
  let rows: () => Iterable<Cell[]>;
  if (kind === 'pairs') {
    const selection = await liveSelection(deps, auth, projectId, query);
    const scored = selection.live.total > 0;
    count = !scored
      ? 0
      : query.q
        ? [...pairRows(projectId, selection, query.q)].length
        : selectionPairs(projectId, selection).length;
    headers = [
      ...personHeaders(t('scores.from')),
      ...personHeaders(t('scores.to')),
      t('scores.export.percent'),
      t('scores.export.points'),
    ];
    rows = function* () {
      if (!scored) return;
      for (const row of pairRows(projectId, selection, query.q))
        yield [...person(row.a), ...person(row.b), row.percent, row.score];
    };
  } else {
    const paging = { q: query.q, page: 1, pageSize: Number.MAX_SAFE_INTEGER };
    const list =
      kind === 'stored'
        ? await storedAverages(deps, auth, projectId, { ...query, ...paging })
        : await liveAverages(deps, auth, projectId, { ...query, ...paging });
    if (kind === 'stored' && (list as { stored?: { status: string } }).stored?.status !== 'ready')
      throw AppError.field('kind', 'validation.scores.storedNotReady');
    count = list.items.length + (list.overall ? 1 : 0);
    headers = [
      ...personHeaders(''),
      t('scores.export.count'),
      t('scores.export.averagePercent'),
      t('scores.export.averagePoints'),
    ].map((h) => h.trim());
    rows = function* () {
      for (const item of list.items) yield [...person(item.person), item.count, item.percent, item.score];
      if (list.overall)
        yield [t('scores.overall'), '', '', '', list.overall.pairs, list.overall.percent, list.overall.score];
    };
  }
  if (format === 'xlsx' && count + 1 > EXCEL_MAX_ROWS)
    throw AppError.field('kind', 'validation.scores.tooManyRows', { rows: count, limit: EXCEL_MAX_ROWS - 1 });

  const name = slug(auth.locale === 'en' ? project.nameEn : project.nameFr);
  const filename = `scores-${kind}-${name}.${format}`;
  const out = new PassThrough();
  const pump =
    format === 'xlsx'
      ? writeXlsx(out, t('scores.title'), headers, rows())
      : writeCsv(out, headers, rows(), auth.locale);
  pump.catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))));
  return { filename, contentType: CONTENT_TYPES[format], stream: out };
}

async function writeXlsx(out: PassThrough, sheetName: string, headers: string[], rows: Iterable<Cell[]>) {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet(sheetName.slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: headers.length } };
  sheet.columns = headers.map((header) => ({ header, width: 22 }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  let k = 0;
  for (const row of rows) {
    sheet.addRow(row).commit();
    // Lets the response drain now and then on a long export.
    if (++k % 5000 === 0) await new Promise((resolve) => setImmediate(resolve));
  }
  sheet.commit();
  await workbook.commit();
}

async function writeCsv(out: PassThrough, headers: string[], rows: Iterable<Cell[]>, language: 'fr' | 'en') {
  const csv = stringify({ bom: true, delimiter: language === 'fr' ? ';' : ',' });
  csv.pipe(out);
  const write = async (record: Cell[]) => {
    const cells = record.map((c) =>
      typeof c === 'number'
        ? language === 'fr'
          ? String(c).replace('.', ',')
          : String(c)
        : csvSafe(c ?? ''),
    );
    if (!csv.write(cells)) await new Promise((resolve) => csv.once('drain', resolve));
  };
  await write(headers);
  for (const row of rows) await write(row);
  csv.end();
}
