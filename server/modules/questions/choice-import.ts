import type { UploadedFile } from '../../../contracts/files';
import { CHOICE_IMPORT_MAX, CHOICE_IMPORT_MAX_BYTES, CHOICE_LABEL_MAX } from '../../../contracts/questions';
import { stripTags } from '../../../contracts/texts';
import type { Deps } from '../../deps';
import { AppError } from '../../http/errors';
import { recordAudit } from '../audit/record';
import type { AuthContext } from '../session/auth-context';
import { normaliseHeader } from '../spreadsheet-import/headers';
import { readRows } from '../spreadsheet-import/read';
import { addChoices } from './choices';
import * as repo from './repository';
import { getQuestionRow } from './service';

/**
 * Q1: choices imported from a pasted list or a file (CSV in UTF-8 or Windows-1252, comma, semicolon or tab; Excel's
 * first sheet): one choice a line, the French label in the first column and the English one in the second (the
 * French one when there is none). A first line of headers (« Français », "English"…) is left out, and so are empty
 * lines, labels the question already has (or that came earlier in the list) and labels over the limit. The same
 * reading serves the preview and the save, so the save adds exactly what the preview showed.
 */

const HEADER_WORDS = new Set(
  [
    'fr',
    'en',
    'francais',
    'français',
    'anglais',
    'english',
    'french',
    'libelle',
    'libellé',
    'label',
    'choix',
    'choice',
    'choices',
  ].map(normaliseHeader),
);

type Row = { line: number; label: { fr: string; en: string } };
type Skipped = { line: number; reason: 'duplicate' | 'tooLong' };

export async function readChoiceRows(bytes: Uint8Array, existing: string[]) {
  const seen = new Set(existing.map((l) => l.toLocaleLowerCase('fr')));
  const rows: Row[] = [];
  const skipped: Skipped[] = [];
  let index = 0;
  for await (const cells of readRows(bytes)) {
    index++;
    const line = (cells as { line?: number }).line ?? index;
    const fr = stripTags(cells[0] ?? '').trim();
    const en = stripTags(cells[1] ?? '').trim() || fr;
    if (!fr) continue;
    if (index === 1 && HEADER_WORDS.has(normaliseHeader(fr))) continue;
    if (fr.length > CHOICE_LABEL_MAX || en.length > CHOICE_LABEL_MAX) {
      skipped.push({ line, reason: 'tooLong' });
      continue;
    }
    const key = fr.toLocaleLowerCase('fr');
    if (seen.has(key)) {
      skipped.push({ line, reason: 'duplicate' });
      continue;
    }
    seen.add(key);
    rows.push({ line, label: { fr, en } });
    if (rows.length > CHOICE_IMPORT_MAX)
      throw AppError.field('file', 'validation.questions.tooManyChoices', { maximum: CHOICE_IMPORT_MAX });
  }
  return { rows, skipped };
}

export async function importChoices(
  deps: Deps,
  auth: AuthContext,
  projectId: string,
  questionId: string,
  input: { text?: string; file?: UploadedFile; save: 'true' | 'false' },
) {
  const found = await getQuestionRow(deps.db, auth, projectId, questionId);
  const source = input.file ? 'file' : 'text';
  const bytes = input.file ? input.file.bytes : Buffer.from(input.text ?? '', 'utf8');
  if (input.file?.truncated || bytes.length > CHOICE_IMPORT_MAX_BYTES)
    throw AppError.field(source, 'validation.questions.fileTooLarge');
  const read = async (existing: string[]) => {
    const result = await readChoiceRows(bytes, existing).catch((error) => {
      if (error instanceof AppError) throw error;
      throw AppError.field(source, 'validation.questions.unreadable');
    });
    if (result.rows.length === 0 && result.skipped.length === 0)
      throw AppError.field(source, 'validation.questions.noChoices');
    return result;
  };
  const labels = async (db: Parameters<typeof repo.listChoices>[0]) =>
    (await repo.listChoices(db, [questionId])).map((c) => c.row.labelFr);
  if (input.save !== 'true') return { ...(await read(await labels(deps.db))), saved: 0 };
  return deps.db.transaction(async (tx) => {
    await repo.lockQuestion(tx, questionId);
    const result = await read(await labels(tx));
    await addChoices(
      tx,
      found.row,
      result.rows.map((r) => ({ label: r.label, categoryId: null })),
    );
    // Issue 22: the save as one event, named by the question, with the count of choices added.
    const label = found.row.titleFr;
    await recordAudit(tx, auth, {
      entity: 'choice',
      action: 'import',
      projectId,
      label,
      count: result.rows.length,
    });
    return { ...result, saved: result.rows.length };
  });
}
