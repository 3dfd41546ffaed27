import { PassThrough, type Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import ExcelJS from 'exceljs';
import type { Language } from '../../../contracts/http';
import {
  PARTICIPANT_STATUSES,
  type ParticipantExportQuery,
  type ParticipantStatus,
} from '../../../contracts/participants';
import { choiceLabels, isChoiceType } from '../../../contracts/profile-fields';
import type { Deps } from '../../deps';
import { AppError } from '../../http/errors';
import { translator } from '../../i18n';
import { toLocalTime } from '../activities/local-time';
import { itemsOfField, listProjectItemRows } from '../profile-fields/repository';
import { groupedBy, questionColumns } from '../questions/export-columns';
import type { AuthContext } from '../session/auth-context';
import * as repo from './repository';

dayjs.extend(utc);
dayjs.extend(timezone);

export type ExportFormat = 'xlsx' | 'csv';

type Query = Omit<ParticipantExportQuery, 'dir'> & { dir: 'asc' | 'desc' };

export interface ExportDownload {
  filename: string;
  contentType: string;
  stream: Readable;
}

export const CONTENT_TYPES: Record<ExportFormat, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
};

/** A file-name part: letters and digits of the name without accents, words joined by dashes. */
export function slug(text: string) {
  return (
    text
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'project'
  );
}

/** The day in the project's time zone, as YYYY-MM-DD. */
function dayIn(timeZone: string, now: Date) {
  return wallClock(now, timeZone).slice(0, 10);
}

/** The instant as the project's clocks show it, `YYYY-MM-DD HH:mm` (UTC if the zone is unknown). */
export function wallClock(instant: Date, timeZone: string): string {
  // The zone's offsets read once an hour of time (local-time.ts): dayjs' tz asked Intl for every row of an export.
  const local = toLocalTime(instant, timeZone);
  if (!local.includes('NaN')) return local.replace('T', ' ');
  return dayjs(instant).utc().format('YYYY-MM-DD HH:mm');
}

/**
 * A spreadsheet cell has no time zone: Excel shows a date's UTC fields. The cell gets the project's wall-clock time
 * (what the list on screen shows), so 07:21 in Montréal reads 07:21 in the workbook, not 12:21.
 */
const excelTime = (instant: Date, timeZone: string) =>
  new Date(`${wallClock(instant, timeZone).replace(' ', 'T')}:00Z`);

/**
 * CSV opened in a spreadsheet: a value starting with = + - @ (or a tab or return) would be read as a formula, so it
 * is prefixed with an apostrophe; a phone number in international format (+1 514…) is left as it is.
 */
export function csvSafe(value: string) {
  if (/^[=+\-@\t\r]/.test(value) && !/^\+[\d ]+$/.test(value)) return `'${value}`;
  return value;
}

/**
 * Where the rows come from when not from the participants list (the T1 report): its batches (same rows as
 * repo.exportParticipants), the file name's first word and the sheet's name.
 */
export interface ExportSource {
  batches: (language: Language) => AsyncIterable<repo.ParticipantRow[]>;
  prefix: string;
  sheetName: string;
}

/**
 * U1: the participants of the list (same filters and sort, every row) as an Excel workbook or a CSV file, in the
 * caller's language; columns: person, role, groups, status, created, then the active own profile fields (a choice
 * field's answer as its items' labels, `; ` between them, never their ids). Streamed:
 * rows are read in batches and written as they come. The project is checked before anything is sent (404).
 */
export async function exportParticipants(
  deps: Deps,
  auth: AuthContext,
  projectId: string,
  query: Query,
  format: ExportFormat,
  source?: ExportSource,
): Promise<ExportDownload> {
  const project = await repo.findProject(deps.db, auth.companyId, projectId);
  if (!project) throw AppError.notFound();
  const language: Language = auth.locale;
  const t = translator(language);
  const fields = await repo.listOwnProfileFields(deps.db, projectId);
  const items = fields.some((f) => isChoiceType(f.inputType))
    ? await listProjectItemRows(deps.db, auth.companyId, projectId)
    : [];
  const columns = fields.map((f) => {
    if (!isChoiceType(f.inputType)) return (value: string | undefined) => value ?? '';
    const own = itemsOfField(items, f.id);
    return (value: string | undefined) => choiceLabels(value, own, language).join('; ');
  });
  const name = (r: { nameFr: string; nameEn: string }) => (language === 'en' ? r.nameEn : r.nameFr);
  // Q1: then a column per active question of the questionnaire.
  const questions = await questionColumns(deps.db, projectId, language);
  const headers = [
    t('participants.fields.lastName'),
    t('participants.fields.firstName'),
    t('participants.fields.email'),
    t('participants.fields.organisation'),
    t('participants.fields.jobTitle'),
    t('participants.fields.phone'),
    t('participants.fields.phonePro'),
    t('participants.fields.language'),
    t('participants.fields.role'),
    t('participants.fields.groups'),
    t('participants.fields.status'),
    t('participants.fields.createdAt'),
    ...fields.map((f) => (language === 'en' ? f.titleEn : f.titleFr)),
    ...questions.headers,
  ];
  const status = (s: string) =>
    t(
      `participants.status.${(PARTICIPANT_STATUSES as readonly string[]).includes(s) ? (s as ParticipantStatus) : 'registered'}`,
    );

  async function* rows() {
    const batches =
      source?.batches(language) ??
      repo.exportParticipants(deps.db, auth.companyId, projectId, { ...query, language });
    for await (const batch of batches) {
      const groups = groupedBy(
        await repo.listGroupsOf(
          deps.db,
          batch.map((r) => r.id),
        ),
        (g) => g.participantId,
      );
      const answers = await questions.answersOf(batch.map((r) => r.id));
      for (const row of batch) {
        yield {
          texts: [
            row.lastName,
            row.firstName,
            row.email,
            row.organisation ?? '',
            row.jobTitle ?? '',
            row.phone ?? '',
            row.phonePro ?? '',
            t(`languages.${row.language === 'en' ? 'en' : 'fr'}`),
            name({ nameFr: row.roleNameFr, nameEn: row.roleNameEn }),
            // Separated as the import reads them back.
            (groups.get(row.id) ?? []).map(name).join('; '),
            status(row.status),
          ],
          createdAt: row.createdAt,
          profile: [...fields.map((f, index) => columns[index](row.profile[f.id])), ...answers(row.id)],
        };
      }
      // A turn of the event loop between batches: the compressed bytes of this one leave before the next is read
      // (PGlite answers without one, so the whole file would otherwise wait for the last row).
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  const filename = `${source?.prefix ?? 'participants'}-${slug(language === 'en' ? project.nameEn : project.nameFr)}-${dayIn(project.timeZone, deps.now())}.${format}`;
  const out = new PassThrough();
  const pump =
    format === 'xlsx'
      ? writeXlsx(out, source?.sheetName ?? t('participants.title'), headers, rows(), project.timeZone)
      : writeCsv(out, headers, rows(), project.timeZone, language);
  pump.catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))));
  return { filename, contentType: CONTENT_TYPES[format], stream: out };
}

/** The place of the « added on » column (a date cell in Excel). */
const CREATED_COLUMN = 11;

type ExportRow = { texts: string[]; createdAt: Date; profile: string[] };

async function writeXlsx(
  out: PassThrough,
  sheetName: string,
  headers: string[],
  rows: AsyncIterable<ExportRow>,
  timeZone: string,
) {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  // The header row stays in view while scrolling, with filters on every column, as an organiser sets them up.
  const sheet = workbook.addWorksheet(sheetName.slice(0, 31), {
    views: [{ state: 'frozen', ySplit: 1 }],
  });
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: headers.length } };
  sheet.columns = headers.map((header, index) => ({
    header,
    width: index === CREATED_COLUMN ? 18 : 22,
    ...(index === CREATED_COLUMN ? { style: { numFmt: 'yyyy-mm-dd hh:mm' } } : {}),
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  for await (const row of rows) {
    sheet.addRow([...row.texts, excelTime(row.createdAt, timeZone), ...row.profile]).commit();
  }
  sheet.commit();
  await workbook.commit();
}

/**
 * French spreadsheets (Excel set up for French, as in Québec) read CSV with semicolons, English ones with commas:
 * the file is written for the caller's language. Times are the project's wall-clock time.
 */
async function writeCsv(
  out: PassThrough,
  headers: string[],
  rows: AsyncIterable<ExportRow>,
  timeZone: string,
  language: Language,
) {
  const csv = stringify({ bom: true, delimiter: language === 'fr' ? ';' : ',' });
  csv.pipe(out);
  const write = async (record: string[]) => {
    if (!csv.write(record)) await new Promise((resolve) => csv.once('drain', resolve));
  };
  await write(headers);
  for await (const row of rows) {
    await write([...row.texts, wallClock(row.createdAt, timeZone), ...row.profile].map(csvSafe));
  }
  csv.end();
}
