import { MEMBER_IMPORT_MAX_BYTES, MEMBER_IMPORT_MAX_EMAILS } from '../../../contracts/activity-members';
import type { UploadedFile } from '../../../contracts/files';
import { emailAddress } from '../../../contracts/http';
import { AppError } from '../../http/errors';
import { HEADER_SYNONYMS } from '../participant-import/headers';
import { normaliseHeader } from '../spreadsheet-import/headers';
import { detectKind } from '../spreadsheet-import/read';
import { readSheetRows } from '../spreadsheet-import/sheet-reader';

/** The headings that name the column of e-mails (the participant import's words: courriel, e-mail, email…). */
const EMAIL_HEADINGS = new Set(HEADER_SYNONYMS.email);

export interface EmailList {
  /** The addresses, in lower case, each once, in the file's order. */
  emails: string[];
  /** The filled cells that are not addresses, as written, each once. */
  invalid: string[];
}

/**
 * The e-mails of an import file, read by the participant import's readers (an .xlsx, or a CSV in UTF-8 or
 * Windows-1252, comma, semicolon or tab; a title above the headers is fine; a large file is read in a worker
 * thread): the column titled e-mail or courriel, else the first column. Refusals are field errors under `file`.
 */
export async function readImportFile(file: UploadedFile | undefined): Promise<EmailList> {
  if (!file) throw AppError.field('file', 'validation.empty');
  if (file.truncated || file.bytes.length > MEMBER_IMPORT_MAX_BYTES) {
    throw AppError.field('file', 'validation.activityMembers.fileTooLarge', {
      maximum: MEMBER_IMPORT_MAX_BYTES / 1024 / 1024,
    });
  }
  // Text holds no NUL byte: an image or another binary file is not a list of e-mails.
  if (detectKind(file.bytes) === 'csv' && file.bytes.includes(0)) {
    throw AppError.field('file', 'validation.activityMembers.unreadable');
  }
  let rows: string[][];
  try {
    rows = [];
    for await (const row of readSheetRows(file.bytes)) rows.push(row);
  } catch {
    throw AppError.field('file', 'validation.activityMembers.unreadable');
  }
  const list = emailsOf(rows);
  if (!list.emails.length) {
    throw AppError.field('file', 'validation.activityMembers.noEmail');
  }
  if (list.emails.length > MEMBER_IMPORT_MAX_EMAILS) {
    throw AppError.field('file', 'validation.activityMembers.tooManyEmails', {
      maximum: MEMBER_IMPORT_MAX_EMAILS,
    });
  }
  return list;
}

/**
 * The addresses of rows as `readSheet` gives them (its first row is the one it takes for the headers). Without a
 * column titled as an e-mail, the first column is read, and the first row too when it holds an address.
 */
export function emailsOf(rows: string[][]): EmailList {
  const [header = [], ...rest] = rows;
  const titled = header.findIndex((cell) => EMAIL_HEADINGS.has(normaliseHeader(cell)));
  const column = Math.max(titled, 0);
  const data = titled < 0 && (header[0] ?? '').includes('@') ? rows : rest;
  const emails: string[] = [];
  const invalid: string[] = [];
  const seen = new Set<string>();
  for (const row of data) {
    const cell = (row[column] ?? '').trim();
    if (!cell) continue;
    const parsed = emailAddress.safeParse(cell);
    const value = parsed.success ? parsed.data : cell;
    if (seen.has(value)) continue;
    seen.add(value);
    (parsed.success ? emails : invalid).push(value);
  }
  return { emails, invalid };
}
