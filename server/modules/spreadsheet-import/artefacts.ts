/**
 * Signs that a cell lost characters before the import read it: the file was saved, converted or read with
 * the wrong encoding somewhere on its way, and a row saved as it is would keep the damage. A dry run refuses such a
 * row, naming the column, rather than store a name no one can read.
 *
 * Two signs, both kept narrow so that no real name is refused:
 * - U+FFFD, the replacement character: what a decoder writes for bytes it could not read. It stands for nothing in
 *   a name, a title or an answer: the sure sign.
 * - UTF-8 read as Windows-1252 (« é » become « Ã© », « ’ » become « â€™ »): « Ã » followed by what Windows-1252
 *   makes of a UTF-8 continuation byte (0x80–0xBF: the Latin-1 letters é è à ç ô É…), « Â » followed by a Latin-1
 *   sign (0xA1–0xBF: « » ° ©…), « Å » followed by “ or ’ (œ, Œ), or « â€ » followed by a continuation byte (’ “ ” – —
 *   …). No French, English, Portuguese or Vietnamese word puts one of those right after « Ã », « Â » or « â »; the
 *   no-break space is left out (« NGÃ » then a no-break space is possible Vietnamese), at the cost of missing « à »
 *   alone.
 */

import { encodeMessage } from '../../../contracts/http';
import { decodeWindows1252 } from './windows-1252';

export type Artefact = { kind: 'replacement' | 'mojibake'; text: string };

/** What Windows-1252 gives the bytes 0x80–0xBF, less the no-break space (0xA0). */
const CONTINUATION = [...decodeWindows1252(Uint8Array.from({ length: 64 }, (_, i) => 0x80 + i))]
  .filter((char) => char !== '\u00A0')
  .map((char) => `\\u{${char.codePointAt(0)?.toString(16)}}`)
  .join('');

const MOJIBAKE = new RegExp(
  `\\u{C3}[${CONTINUATION}]|\\u{C2}[\\u{A1}-\\u{BF}]|\\u{C5}[\\u{201C}\\u{2019}]|\\u{E2}\\u{20AC}[${CONTINUATION}]`,
  'u',
);

/** The first sign in `text` that characters were lost, or null. */
export function artefactOf(text: string): Artefact | null {
  if (text.includes('\uFFFD')) return { kind: 'replacement', text: '\uFFFD' };
  const found = MOJIBAKE.exec(text);
  return found ? { kind: 'mojibake', text: found[0] } : null;
}

/** The reason of a cell that lost characters before the import read it, by what it shows. */
const ARTEFACT_REASONS = {
  replacement: 'participantImport.reasons.replacementCharacter',
  mojibake: 'participantImport.reasons.misencoded',
} as const;

/**
 * The reasons to refuse a row for its damaged cells (every kind of import): one per mapped column whose cell holds
 * U+FFFD or UTF-8 read as Windows-1252, under that column's target.
 */
export function artefactReasons(row: readonly string[], column: ReadonlyMap<string, number>) {
  const reasons: { field: string; message: string }[] = [];
  for (const [target, i] of column) {
    const artefact = artefactOf(row[i] ?? '');
    if (!artefact) continue;
    const text = artefact.text.replace(/[|=]/g, ' ').slice(0, 100);
    reasons.push({ field: target, message: encodeMessage(ARTEFACT_REASONS[artefact.kind], { text }) });
  }
  return reasons;
}
