import ExcelJS from 'exceljs';
import { REQUEST_IMPORT_MAX_BYTES, REQUEST_IMPORT_MAX_ROWS } from '../../../contracts/b2b';
import type { UploadedFile } from '../../../contracts/files';
import { decodeMessage, emailAddress, encodeMessage, type Language } from '../../../contracts/http';
import type { Deps } from '../../deps';
import { AppError } from '../../http/errors';
import { translator } from '../../i18n';
import type { AuthContext } from '../session/auth-context';
import { artefactReasons } from '../spreadsheet-import/artefacts';
import { normaliseHeader } from '../spreadsheet-import/headers';
import { detectKind, lineOf } from '../spreadsheet-import/read';
import { readSheetRows } from '../spreadsheet-import/sheet-reader';
import * as repo from './repository';
import * as requests from './request-repository';
import { inSession } from './request-service';
import { loadSession } from './session-service';

/**
 * Requests from a file (Excel or CSV, read by the participant import's readers: UTF-8 or Windows-1252, comma,
 * semicolon or tab, a title above the headers): requester e-mail, requested e-mail, weight (1–5; empty: 3). The
 * columns are found by their titles in French or English (the export's), else taken as the first three. A dry run
 * gives a reason per refused line; the save writes every accepted line in one transaction (same pair again: its
 * weight is updated).
 */

type Column = 'requester' | 'requested' | 'weight' | 'requesterName' | 'requestedName';

/** The export's headers, per language; the import knows both. */
export const REQUEST_HEADERS: Record<Language, Record<Column, string>> = {
  fr: {
    requester: 'Courriel du demandeur',
    requested: 'Courriel de la personne demandée',
    weight: 'Poids',
    requesterName: 'Demandeur',
    requestedName: 'Personne demandée',
  },
  en: {
    requester: 'Requester e-mail',
    requested: 'Requested e-mail',
    weight: 'Weight',
    requesterName: 'Requester',
    requestedName: 'Requested person',
  },
};

const WORDS: Record<Column, Set<string>> = {
  requester: new Set([
    'requester email',
    'requester e mail',
    'courriel du demandeur',
    'demandeur courriel',
    'from',
  ]),
  requested: new Set([
    'requested email',
    'requested e mail',
    'courriel de la personne demandee',
    'courriel du demande',
    'demande courriel',
    'to',
  ]),
  weight: new Set(['weight', 'poids', 'priority', 'priorite']),
  requesterName: new Set(['requester', 'demandeur']),
  requestedName: new Set(['requested person', 'requested', 'personne demandee', 'demande']),
};

export function columnsOf(header: readonly string[]): Map<Column, number> {
  const found = new Map<Column, number>();
  header.forEach((cell, i) => {
    const word = normaliseHeader(cell);
    for (const column of Object.keys(WORDS) as Column[]) {
      if (!found.has(column) && WORDS[column].has(word)) found.set(column, i);
    }
  });
  if (!found.has('requester') || !found.has('requested')) {
    return new Map<Column, number>([
      ['requester', 0],
      ['requested', 1],
      ['weight', 2],
    ]);
  }
  return found;
}

async function readFile(file: UploadedFile | undefined): Promise<string[][]> {
  if (!file) throw AppError.field('file', 'validation.empty');
  if (file.truncated || file.bytes.length > REQUEST_IMPORT_MAX_BYTES) {
    throw AppError.field('file', 'validation.activityMembers.fileTooLarge', {
      maximum: REQUEST_IMPORT_MAX_BYTES / 1024 / 1024,
    });
  }
  if (detectKind(file.bytes) === 'csv' && file.bytes.includes(0)) {
    throw AppError.field('file', 'validation.activityMembers.unreadable');
  }
  const rows: string[][] = [];
  try {
    for await (const row of readSheetRows(file.bytes)) rows.push(row);
  } catch {
    throw AppError.field('file', 'validation.activityMembers.unreadable');
  }
  if (rows.length < 2) throw AppError.field('file', 'validation.b2b.noRequest');
  if (rows.length - 1 > REQUEST_IMPORT_MAX_ROWS) {
    throw AppError.field('file', 'validation.b2b.tooManyRows', { maximum: REQUEST_IMPORT_MAX_ROWS });
  }
  return rows;
}

export async function importRequests(
  deps: Deps,
  auth: AuthContext,
  projectId: string,
  sessionId: string,
  file: UploadedFile | undefined,
  save: boolean,
) {
  const { session } = await loadSession(deps.db, auth, projectId, sessionId);
  const [header, ...data] = await readFile(file);
  const column = columnsOf(header);
  const cell = (row: string[], c: Column) =>
    column.has(c) ? (row[column.get(c) as number] ?? '').trim() : '';
  const parse = (text: string) => {
    const parsed = emailAddress.safeParse(text);
    return parsed.success ? parsed.data : null;
  };
  const emails = new Set<string>();
  for (const row of data) {
    for (const c of ['requester', 'requested'] as const) {
      const email = parse(cell(row, c));
      if (email) emails.add(email);
    }
  }
  const people = await repo.peopleByEmail(deps.db, projectId, [...emails]);
  const members = await inSession(
    deps.db,
    session,
    [...people.values()].map((p) => p.id),
  );
  const blocked = new Set(
    (await requests.blockedPairs(deps.db, sessionId)).map(([a, b]) => requests.pairKey(a, b)),
  );
  const existing = await requests.requestKeys(deps.db, sessionId);
  const t = translator(auth.locale);
  const say = (message: string) => {
    const { key, values } = decodeMessage(message);
    return t(key, { ...values, defaultValue: t('validation.invalid') });
  };

  const sep = auth.locale === 'fr' ? ' : ' : ': ';
  const seen = new Set<string>();
  const accepted: { requesterId: string; requestedId: string; weight: number; existingId?: string }[] = [];
  const refused: { line: number; reasons: string[] }[] = [];
  let unchanged = 0;
  data.forEach((row, index) => {
    const line = lineOf(row, index + 2);
    const reasons: string[] = artefactReasons(row, column).map(
      (r) => `${REQUEST_HEADERS[auth.locale][r.field as Column]}${sep}${say(r.message)}`,
    );
    const ids: string[] = [];
    for (const c of ['requester', 'requested'] as const) {
      const text = cell(row, c);
      const email = parse(text);
      const label = REQUEST_HEADERS[auth.locale][c];
      if (!text) reasons.push(`${label}${sep}${say('validation.required')}`);
      else if (!email)
        reasons.push(`${label}${sep}${say(encodeMessage('validation.b2b.badAddress', { address: text }))}`);
      else {
        const person = people.get(email);
        if (!person) reasons.push(say(encodeMessage('validation.b2b.unknownAddress', { address: email })));
        else if (!members.has(person.id))
          reasons.push(say(encodeMessage('validation.b2b.notInSessionAddress', { address: email })));
        else ids.push(person.id);
      }
    }
    const weightText = cell(row, 'weight');
    const weight = weightText === '' ? 3 : Number(weightText.replace(',', '.'));
    if (!Number.isInteger(weight) || weight < 1 || weight > 5) reasons.push(say('validation.b2b.weight'));
    if (ids.length === 2) {
      const [a, b] = ids;
      if (a === b) reasons.push(say('validation.b2b.samePerson'));
      else if (blocked.has(requests.pairKey(a, b))) reasons.push(say('validation.b2b.blockedPair'));
      else if (seen.has(`${a}>${b}`)) reasons.push(say('validation.b2b.duplicateLine'));
    }
    if (reasons.length) {
      refused.push({ line, reasons: [...new Set(reasons)] });
      return;
    }
    const [requesterId, requestedId] = ids;
    seen.add(`${requesterId}>${requestedId}`);
    const before = existing.get(`${requesterId}>${requestedId}`);
    if (before && before.weight === weight) unchanged += 1;
    else accepted.push({ requesterId, requestedId, weight, existingId: before?.id });
  });

  if (save && accepted.length) {
    await deps.db.transaction(async (tx) => {
      await loadSession(tx, auth, projectId, sessionId);
      for (const row of accepted) {
        if (row.existingId) {
          const { requesterId, requestedId, weight } = row;
          await requests.updateRequest(tx, row.existingId, { requesterId, requestedId, weight });
        }
      }
      await requests.insertRequests(
        tx,
        accepted
          .filter((row) => !row.existingId)
          .map((row) => ({
            companyId: auth.companyId,
            projectId,
            sessionId,
            requesterId: row.requesterId,
            requestedId: row.requestedId,
            weight: row.weight,
            source: 'import',
          })),
      );
    });
  }
  return {
    saved: save,
    added: accepted.filter((r) => !r.existingId).length,
    updated: accepted.filter((r) => r.existingId).length,
    unchanged,
    refused,
  };
}

/** The requests as a workbook in the import's layout (e-mails and weight first, then names for reading). */
export async function exportRequests(deps: Deps, auth: AuthContext, projectId: string, sessionId: string) {
  const { session } = await loadSession(deps.db, auth, projectId, sessionId);
  const rows = await requests.allRequests(deps.db, sessionId);
  const headers = REQUEST_HEADERS[auth.locale];
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(auth.locale === 'fr' ? 'Demandes' : 'Requests');
  sheet.columns = [
    { header: headers.requester, width: 34 },
    { header: headers.requested, width: 34 },
    { header: headers.weight, width: 8 },
    { header: headers.requesterName, width: 30 },
    { header: headers.requestedName, width: 30 },
  ];
  for (const r of rows) {
    sheet.addRow([
      r.requesterEmail,
      r.requestedEmail,
      r.weight,
      `${r.requesterFirstName} ${r.requesterLastName}`,
      `${r.requestedFirstName} ${r.requestedLastName}`,
    ]);
  }
  sheet.getRow(1).font = { bold: true };
  const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
  return { bytes, filename: `${session.name} — ${auth.locale === 'fr' ? 'demandes' : 'requests'}.xlsx` };
}
