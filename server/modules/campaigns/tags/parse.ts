import { INLINE_TAG_IDS, OFFERED_TAG_IDS } from '../../../../contracts/merge-tags';

/**
 * E5: where the merge tags of a message are. In a rich text a tag is a chip, `<span data-merge-tag="firstName"
 * class="merge-tag">Prénom</span>` (the label inside is for the writer only); in a subject, a plain line, and in any
 * text, it may also be written `{{firstName}}`. A message is parsed once per language, then filled for each
 * recipient (see ../render.ts).
 */

const CHIP = String.raw`<span\b[^>]*\bdata-merge-tag="([A-Za-z]*)"[^>]*>(?:[^<]|<(?!\/span>))*<\/span>`;
const BRACES = String.raw`\{\{\s*([A-Za-z]+)\s*\}\}`;
const ANY_TAG = new RegExp(`${CHIP}|${BRACES}`, 'g');
/** A tag alone in its paragraph: a list can take the paragraph's place instead of being squeezed into a line. */
const ALONE = new RegExp(String.raw`<p\b[^>]*>\s*(?:${CHIP}|${BRACES})\s*<\/p>`, 'g');

/** One place of a message where a tag goes; `block` when it stands alone in its paragraph. */
export interface TagSlot {
  tag: string;
  block: boolean;
}

/** The tags of a text, in order, each time it appears. */
export function tagsIn(text: string): string[] {
  return [...text.matchAll(ANY_TAG)].map((m) => m[1] ?? m[2]);
}

/**
 * The tags of a text that cannot be rendered: unknown, or of a part the product does not have (not offered); in a
 * subject also those that are not a line of text (links, lists, the QR code). Each named once, in order.
 */
export function unknownTags(text: string, options: { subject?: boolean } = {}): string[] {
  const allowed = options.subject ? INLINE_TAG_IDS : OFFERED_TAG_IDS;
  return [...new Set(tagsIn(text).filter((tag) => !allowed.has(tag)))];
}

/** Marks a slot in a text: private-use characters no message holds (removed from the text first), kept through the HTML-to-text conversion. */
export const slotMark = (index: number) => `\uE000${index}\uE001`;
const SLOT_MARK = /\uE000(\d+)\uE001/;

/**
 * The HTML with its tags replaced by slot marks (a tag alone in its paragraph takes the paragraph's place), and the
 * slots in order.
 */
export function markSlots(html: string): { marked: string; slots: TagSlot[] } {
  const slots: TagSlot[] = [];
  const clean = html.replace(/[\uE000\uE001]/g, '');
  const marked = clean
    .replace(ALONE, (_whole, chip?: string, braces?: string) => {
      slots.push({ tag: chip ?? braces ?? '', block: true });
      return slotMark(slots.length - 1);
    })
    .replace(ANY_TAG, (_whole, chip?: string, braces?: string) => {
      // A block slot's mark is already there; anything else is an inline tag.
      slots.push({ tag: chip ?? braces ?? '', block: false });
      return slotMark(slots.length - 1);
    });
  return { marked, slots };
}

/** The marked HTML to turn into plain text: a block slot keeps its paragraph's blank lines around it. */
export const blocksAsParagraphs = (marked: string, slots: readonly TagSlot[]) =>
  marked.replace(new RegExp(SLOT_MARK.source, 'g'), (mark, index: string) =>
    slots[Number(index)]?.block ? `<p>${mark}</p>` : mark,
  );

/**
 * A marked text cut at its slots: `parts` has one more element than the slots it names, `slotAt[i]` being the slot
 * between `parts[i]` and `parts[i + 1]`.
 */
export function splitAtSlots(marked: string): { parts: string[]; slotAt: number[] } {
  const pieces = marked.split(SLOT_MARK);
  const parts: string[] = [];
  const slotAt: number[] = [];
  for (let i = 0; i < pieces.length; i++) {
    if (i % 2 === 0) parts.push(pieces[i]);
    else slotAt.push(Number(pieces[i]));
  }
  return { parts, slotAt };
}
