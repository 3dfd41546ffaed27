import type { Language } from '../../../contracts/http';
import {
  isEmptyText,
  type Localized,
  missingLanguages,
  stripTags,
  visibleLength,
} from '../../../contracts/texts';
import type { Deps } from '../../deps';
import { AppError } from '../../http/errors';
import type { AuthContext } from '../session/auth-context';
import { effectiveMaxLength, findTextKind, projectScope, projectSettingKinds, type TextKind } from './kinds';
import * as repo from './repository';
import { sanitizeRichText } from './sanitize';

/** The kind and the scope of an owner the caller may see, or 404. */
async function resolve(deps: Deps, auth: AuthContext, kindName: string, ownerId: string) {
  const kind = findTextKind(kindName);
  if (!kind) throw AppError.notFound();
  const scope = await kind.scope(deps, auth, ownerId);
  if (!scope) throw AppError.notFound();
  return { kind, scope };
}

function present(kind: TextKind, ownerId: string, text: Localized) {
  return {
    kind: kind.kind,
    format: kind.format,
    editorType: kind.editorType,
    maxLength: effectiveMaxLength(kind),
    tagGroups: kind.tagGroups,
    readOnly: kind.readOnly ?? false,
    ownerId,
    text,
    missing: missingLanguages(text),
  };
}

/**
 * One language as it is stored: a plain text without tags, a rich text sanitised; then at most the kind's visible
 * length (field error under the language). A text that says nothing is stored empty.
 */
export function cleanText(kind: TextKind, value: string, field: string): string {
  const clean = kind.format === 'plain' ? stripTags(value) : sanitizeRichText(value);
  const maximum = effectiveMaxLength(kind);
  const length = kind.format === 'plain' ? clean.length : visibleLength(clean);
  if (length > maximum) throw AppError.field(field, 'validation.tooLong', { maximum });
  return isEmptyText(clean) ? '' : clean;
}

function assertWritable(kind: TextKind) {
  if (kind.readOnly) throw new AppError('texts.readOnly', 'forbidden');
}

export async function getText(deps: Deps, auth: AuthContext, kindName: string, ownerId: string) {
  const { kind } = await resolve(deps, auth, kindName, ownerId);
  return present(kind, ownerId, await repo.getText(deps.db, kind.kind, ownerId));
}

/** E1: the inline editor saves the language it shows; the other one is kept. */
export async function saveTextLanguage(
  deps: Deps,
  auth: AuthContext,
  kindName: string,
  ownerId: string,
  language: Language,
  value: string,
) {
  const { kind, scope } = await resolve(deps, auth, kindName, ownerId);
  assertWritable(kind);
  const clean = cleanText(kind, value, 'text');
  await repo.saveText(deps.db, scope, kind.kind, ownerId, { [language]: clean });
  return present(kind, ownerId, await repo.getText(deps.db, kind.kind, ownerId));
}

/** E2: the modal editor saves both languages together, or neither. */
export async function saveTextBoth(
  deps: Deps,
  auth: AuthContext,
  kindName: string,
  ownerId: string,
  text: Localized,
) {
  const { kind, scope } = await resolve(deps, auth, kindName, ownerId);
  assertWritable(kind);
  const values = { fr: cleanText(kind, text.fr, 'fr'), en: cleanText(kind, text.en, 'en') };
  await repo.saveText(deps.db, scope, kind.kind, ownerId, values);
  return present(kind, ownerId, values);
}

/** The project's settings texts, in the order their kinds were declared. */
export async function listProjectTexts(deps: Deps, auth: AuthContext, projectId: string) {
  if (!(await projectScope(deps, auth, projectId))) throw AppError.notFound();
  const items = [];
  for (const kind of projectSettingKinds()) {
    items.push(present(kind, projectId, await repo.getText(deps.db, kind.kind, projectId)));
  }
  return { items };
}

/** The texts of a project written in one language and not the other (a text never written is not listed). */
export async function listMissingTranslations(deps: Deps, auth: AuthContext, projectId: string) {
  const scope = await projectScope(deps, auth, projectId);
  if (!scope) throw AppError.notFound();
  const rows = await repo.listProjectTextRows(deps.db, auth.companyId, projectId);
  const items = rows
    .filter((row) => findTextKind(row.kind))
    .map((row) => ({ kind: row.kind, ownerId: row.ownerId, missing: missingLanguages(row) }))
    .filter((row) => row.missing.length === 1);
  return { items };
}
