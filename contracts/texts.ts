import { z } from 'zod';
import { encodeMessage } from './http';

/**
 * Bilingual texts: one shape, `{ fr, en }`, for every entity field kept in French and English.
 * The server stores it in the `texts` table (one row per kind and owner); see server/modules/texts.
 */
export const LANGUAGES = ['fr', 'en'] as const;

/** E3: the editor's maximum length; 0 means the same. */
export const EDITOR_MAX_LENGTH = 500_000;
export const editorMaxLength = (max: number | undefined) => (!max ? EDITOR_MAX_LENGTH : max);

/** Tags are removed from a plain text (E10: translatable plain fields strip HTML tags). */
export function stripTags(text: string): string {
  return text
    .replace(/<[^>]*>?/g, '')
    .replace(/\s+\n/g, '\n')
    .trim();
}

const tooLong = (max: number) => encodeMessage('validation.tooLong', { maximum: max });

/** A plain text in one language: tags stripped, trimmed, at most `max` characters; may be empty. */
export const plainText = (max = 200) =>
  z
    .string()
    .transform(stripTags)
    .pipe(z.string().max(max, { error: tooLong(max) }));

/**
 * A rich text in one language: HTML as the editor writes it. The length counted is the text a reader sees
 * (what the editor's counter shows), not the markup. The server sanitises it before saving.
 */
export const richText = (max = EDITOR_MAX_LENGTH) =>
  z
    .string()
    .max(max * 20 + 10_000, { error: tooLong(max) })
    .refine((html) => visibleLength(html) <= editorMaxLength(max), { error: tooLong(editorMaxLength(max)) });

/** The characters a reader sees in a rich text: tags removed, entities counted once. */
export function visibleLength(html: string): number {
  return html.replace(/<[^>]*>/g, '').replace(/&(#\d+|#x[0-9a-f]+|\w+);/gi, '_').length;
}

/** Both languages of a text. */
export const localized = <T extends z.ZodType<string, string>>(one: T) => z.object({ fr: one, en: one });
export type Localized = { fr: string; en: string };

/** Which languages of a text are empty (a rich text is empty when no visible character is left). */
export function missingLanguages(text: Localized): ('fr' | 'en')[] {
  return LANGUAGES.filter((lang) => stripTags(text[lang]).replace(/&nbsp;|\s/g, '') === '');
}
