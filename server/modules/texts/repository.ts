import { and, eq, inArray } from 'drizzle-orm';
import type { Localized } from '../../../contracts/texts';
import type { Executor } from '../../db/client';
import { texts } from '../../db/schema';

/** Where a text belongs: null company and project for product-wide texts (help, release notes). */
export interface TextScope {
  companyId: string | null;
  projectId: string | null;
}

export const EMPTY_TEXT: Localized = { fr: '', en: '' };

/** The text of one owner, or both languages empty when it was never written. */
export async function getText(db: Executor, kind: string, ownerId: string): Promise<Localized> {
  const [row] = await db
    .select({ fr: texts.fr, en: texts.en })
    .from(texts)
    .where(and(eq(texts.kind, kind), eq(texts.ownerId, ownerId)));
  return row ?? { ...EMPTY_TEXT };
}

/** The texts of many owners at once, by owner id (missing ones are absent from the map). */
export async function getTexts(db: Executor, kind: string, ownerIds: string[]) {
  const out = new Map<string, Localized>();
  if (ownerIds.length === 0) return out;
  const rows = await db
    .select({ ownerId: texts.ownerId, fr: texts.fr, en: texts.en })
    .from(texts)
    .where(and(eq(texts.kind, kind), inArray(texts.ownerId, ownerIds)));
  for (const row of rows) out.set(row.ownerId, { fr: row.fr, en: row.en });
  return out;
}

/**
 * Writes one or both languages of a text (a language left undefined keeps its value). The caller has already
 * validated and sanitised the values and checked that the owner is in scope.
 */
export async function saveText(
  db: Executor,
  scope: TextScope,
  kind: string,
  ownerId: string,
  values: Partial<Localized>,
) {
  const set: Partial<Localized> & { updatedAt: Date } = { updatedAt: new Date() };
  if (values.fr !== undefined) set.fr = values.fr;
  if (values.en !== undefined) set.en = values.en;
  await db
    .insert(texts)
    .values({ ...scope, kind, ownerId, fr: values.fr ?? '', en: values.en ?? '' })
    .onConflictDoUpdate({ target: [texts.kind, texts.ownerId], set });
}

/** Removes the texts of owners that are being deleted. */
export async function deleteTexts(db: Executor, kinds: string[], ownerIds: string[]) {
  if (ownerIds.length === 0) return;
  await db.delete(texts).where(and(inArray(texts.kind, kinds), inArray(texts.ownerId, ownerIds)));
}

/** Every text of a project (whatever its kind), for the missing-translations report. */
export async function listProjectTextRows(db: Executor, companyId: string, projectId: string) {
  return db
    .select({ kind: texts.kind, ownerId: texts.ownerId, fr: texts.fr, en: texts.en })
    .from(texts)
    .where(and(eq(texts.companyId, companyId), eq(texts.projectId, projectId)))
    .orderBy(texts.kind, texts.ownerId);
}
