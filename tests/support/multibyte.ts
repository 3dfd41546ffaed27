/**
 * Text made only of characters that take more than one byte in UTF-8, to check that a file's reading keeps every
 * character (exceljs decoded each unzipped chunk alone, and a character cut between two chunks came back as
 * U+FFFD). Cells of varied lengths and mixed scripts put the chunk boundaries at every offset inside a character.
 */
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import { scaleRandom } from '../../server/seed/scale';

export type Random = ReturnType<typeof scaleRandom>;
export const seededRandom = scaleRandom;

/** Characters of one script or kind each: 2 bytes (Latin, Greek, Cyrillic), 3 (Vietnamese, CJK), 4 (emoji). */
const SCRIPTS: readonly (readonly string[])[] = [
  [...'ÀÂÄÇÉÈÊËÎÏÔÖÙÛÜŸŒÆàâäçéèêëîïôöùûüÿœæĞğŞşØøÅåÑñßĆćŁłŻżŠšŽžČč'],
  [...'ĐđƠơƯưẠạẢảẤấẦầẨẩẪẫẬậẮắẰằẲẳẴẵẶặẸẹẺẻẼẽẾếỀềỂểỄễỆệỈỉỊịỌọỎỏỐốỒồỔổỖỗỘộỚớỜờỞởỠỡỢợỤụỦủỨứỪừỬửỮữỰựỲỳỴỵỶỷỸỹ'],
  [...'王小明李华张伟東京都渋谷区北京上海広州深圳김민준이서연ひらがなカタカナ'],
  [...'АБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯабвгдеёжзийклмнопрстуфхцчшщъыьэюя'],
  [...'ΑΒΓΔΕΖΗΘΙΚΛΜΝΞΟΠΡΣΤΥΦΧΨΩαβγδεζηθικλμνξοπρστυφχψωάέήίόύώ'],
  ['🎉', '👩‍💻', '🇨🇦', '😀', '🧑🏽‍🚀', '❤️', '🦉', '🍁'],
];

/**
 * What Windows-1252 can write beyond ASCII (each 2 or 3 bytes once read as UTF-8), written out here rather than
 * taken from a decoder, so that a decoder's mistake cannot hide from the tests: its bytes 0x80–0x9F that it defines,
 * then 0xA1–0xFF (Latin-1; the no-break space 0xA0 is left out, a cell's spaces being trimmed).
 */
const WINDOWS_1252_CHARS = [
  ...'€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ',
  ...Array.from({ length: 0xff - 0xa1 + 1 }, (_, i) => String.fromCharCode(0xa1 + i)),
];
const WINDOWS_1252: readonly (readonly string[])[] = [WINDOWS_1252_CHARS];

/** A text of `min` to `max` characters (an emoji counts as one), in runs of one to eight of the same script. */
export function multibyteText(r: Random, min: number, max: number, scripts = SCRIPTS): string {
  const length = r.int(min, max);
  const out: string[] = [];
  while (out.length < length) {
    const script = r.pick(scripts);
    for (let run = r.int(1, 8); run > 0 && out.length < length; run--) out.push(r.pick(script));
  }
  return out.join('');
}

/** The same, only of characters Windows-1252 can write. */
export const windows1252Text = (r: Random, min: number, max: number) =>
  multibyteText(r, min, max, WINDOWS_1252);

/** `rows` rows of `columns` texts of 1 to `max` characters. */
export function multibyteRows(
  seed: number,
  rows: number,
  columns: number,
  max: number,
  text: (r: Random, min: number, max: number) => string = multibyteText,
): string[][] {
  const r = seededRandom(seed);
  return Array.from({ length: rows }, () => Array.from({ length: columns }, () => text(r, 1, max)));
}

/** Text as a Windows-1252 file has it: one byte a character (only characters `windows1252Text` gives). */
export const encodeWindows1252 = (text: string): Uint8Array => iconv.encode(text, 'windows-1252');

/**
 * A workbook of these rows. As Excel writes it, every text is a shared string (`xl/sharedStrings.xml`); with
 * `inline`, as our export writes it, the texts are in the sheet's own XML. Written by exceljs's streaming writer:
 * its buffered one (`workbook.xlsx.writeBuffer`) hands each part to JSZip as a string, which encodes it 16,384
 * UTF-16 units at a time and so turns an emoji cut at that boundary into two U+FFFD.
 */
export async function workbookOf(rows: string[][], { inline = false } = {}): Promise<Uint8Array> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: !inline });
  const sheet = workbook.addWorksheet('Inscrits');
  for (const row of rows) sheet.addRow(row).commit();
  sheet.commit();
  await workbook.commit();
  return new Uint8Array(Buffer.concat(chunks));
}

/** A CSV of these rows, separated by semicolons; a cell holding some is quoted (the texts hold no quotes). */
export const csvOf = (rows: string[][]) =>
  rows.map((row) => row.map((cell) => (cell.includes(';') ? `"${cell}"` : cell)).join(';')).join('\r\n');

export interface Altered {
  /** How many cells differ from what was written (a missing row counts its cells). */
  count: number;
  /** The first few, to see what became of them. */
  first: { row: number; column: number; written: string; read: string | undefined }[];
}

/** The cells read that differ from those written, row by row and column by column. */
export function alteredCells(written: readonly string[][], read: readonly (readonly string[])[]): Altered {
  const altered: Altered = { count: 0, first: [] };
  written.forEach((row, i) => {
    row.forEach((cell, j) => {
      const got = read[i]?.[j];
      if (got === cell) return;
      altered.count++;
      if (altered.first.length < 5) altered.first.push({ row: i, column: j, written: cell, read: got });
    });
  });
  return altered;
}

/** Nothing altered: what `alteredCells` answers when every cell came back as written. */
export const NONE_ALTERED: Altered = { count: 0, first: [] };
