import { z } from 'zod';
import { defineEndpoint, encodeMessage, language, uuidParam } from './http';

/**
 * Bilingual texts: one shape, `{ fr, en }`, for every entity field kept in French and English.
 * The server stores it in the `texts` table (one row per kind and owner); see server/modules/texts.
 */
export const LANGUAGES = ['fr', 'en'] as const;

/** E3: the editor's maximum length; 0 means the same. */
export const EDITOR_MAX_LENGTH = 500_000;
export const editorMaxLength = (max: number | undefined) => (!max ? EDITOR_MAX_LENGTH : max);

/**
 * Tags are removed from a plain text (E10: translatable plain fields strip HTML tags). Only what is shaped like a
 * tag goes (`<b>`, `</p>`, `<!-- -->`, `<img …>`): a lone `<` as in « Prix < 100 $ » or « J<3 » stays, and so do
 * blank lines between paragraphs.
 */
export function stripTags(text: string): string {
  return text
    .replace(/<!--[\s\S]*?(-->|$)/g, '')
    .replace(/<\/?[a-z][^>]*(>|$)/gi, '')
    .replace(/[ \t]+\n/g, '\n')
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

/**
 * Whether a text says nothing: no visible character left once tags are removed, and (for a rich text) no image,
 * video or merge tag either.
 */
export function isEmptyText(text: string): boolean {
  if (/<(img|iframe)\b|data-merge-tag=/i.test(text)) return false;
  return stripTags(text).replace(/&nbsp;|&#160;|\s/g, '') === '';
}

/** The text in the reader's language, else in the other one when that one is empty. */
export function inLanguage(text: Localized, language: 'fr' | 'en'): string {
  const other = language === 'fr' ? 'en' : 'fr';
  return isEmptyText(text[language]) ? text[other] : text[language];
}

/** Which languages of a text are empty (a rich text is empty when no visible character is left). */
export function missingLanguages(text: Localized): ('fr' | 'en')[] {
  return LANGUAGES.filter((lang) => isEmptyText(text[lang]));
}

// ---------- endpoints (E1, E2, the missing-translations report, E6 embed) ----------

/**
 * What the markup of one language may weigh at most before its visible length is even counted: the visible limit
 * (500000) plus room for tags. The request body limit of the server applies too.
 */
export const TEXT_MARKUP_MAX = 2_000_000;

/** A kind of text: how it is written and edited (declared on the server, server/modules/texts/kinds.ts). */
export const textKindInfo = z.object({
  kind: z.string(),
  format: z.enum(['plain', 'rich']),
  /** E3: 0–5, chooses the editor's toolbar. */
  editorType: z.number().int(),
  /** Visible characters at most (0 never: the server sends the effective limit). */
  maxLength: z.number().int(),
  /** E5: merge-tag groups offered in the editor. */
  tagGroups: z.array(z.number().int()),
  /** A read-only text is shown but does not open an editor. */
  readOnly: z.boolean(),
});

/** One text of one owner, both languages, with its kind's rules and the languages still empty. */
export const textEntry = textKindInfo.extend({
  ownerId: z.uuid(),
  text: z.object({ fr: z.string(), en: z.string() }),
  missing: z.array(language),
});
export type TextEntry = z.input<typeof textEntry>;

/** A kind the server does not know is simply not found. */
const textKind = z.string().min(1).max(100);
const textParams = z.object({ kind: textKind, ownerId: uuidParam });
const oneLanguageValue = z.string().max(TEXT_MARKUP_MAX, { error: tooLong(EDITOR_MAX_LENGTH) });

export const getTextEntry = defineEndpoint({
  method: 'GET',
  path: '/api/texts/:kind/:ownerId',
  access: 'user',
  tag: 'texts',
  summary: 'E1/E2 a text of one owner in both languages, with the rules of its kind',
  params: textParams,
  response: textEntry,
});

export const saveTextLanguage = defineEndpoint({
  method: 'PATCH',
  path: '/api/texts/:kind/:ownerId',
  access: 'user',
  tag: 'texts',
  summary: 'E1 save one language of a text (inline editor); the other language is kept',
  params: textParams,
  body: z.object({ language, text: oneLanguageValue }),
  response: textEntry,
});

export const saveTextBoth = defineEndpoint({
  method: 'PUT',
  path: '/api/texts/:kind/:ownerId',
  access: 'user',
  tag: 'texts',
  summary: 'E2 save both languages of a text at once (modal editor)',
  params: textParams,
  body: z.object({ fr: oneLanguageValue, en: oneLanguageValue }),
  response: textEntry,
});

export const listProjectTexts = defineEndpoint({
  method: 'GET',
  path: '/api/projects/:projectId/texts',
  access: 'user',
  tag: 'texts',
  summary: 'E2 the texts of a project shown in its settings (each kind registered for the project)',
  params: z.object({ projectId: uuidParam }),
  response: z.object({ items: z.array(textEntry) }),
});

/** One text of a project written in one language only. */
export const missingTranslation = z.object({
  kind: z.string(),
  ownerId: z.uuid(),
  missing: z.array(language),
});
export type MissingTranslation = z.input<typeof missingTranslation>;

export const listMissingTranslations = defineEndpoint({
  method: 'GET',
  path: '/api/projects/:projectId/texts/missing',
  access: 'user',
  tag: 'texts',
  summary: 'The texts of a project written in one language but not the other',
  params: z.object({ projectId: uuidParam }),
  response: z.object({ items: z.array(missingTranslation) }),
});

/** E6: a YouTube or Vimeo address turned into the HTML of an embedded player (16:9 of the parent's width). */
export const createVideoEmbed = defineEndpoint({
  method: 'POST',
  path: '/api/editor/embeds',
  access: 'user',
  tag: 'texts',
  summary: 'E6 the embed HTML of a YouTube or Vimeo link; any other address is refused',
  body: z.object({ url: z.string().trim().min(1, { error: 'validation.required' }).max(2000) }),
  response: z.object({ html: z.string() }),
});
