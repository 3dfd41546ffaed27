/**
 * Windows-1252, the encoding of a CSV that Excel set up for French saves: Latin-1 but for the bytes 0x80–0x9F, which
 * are printable characters (€ ’ “ ” – — … œ Œ…) instead of control codes. Decoded by hand: Node 20.18.3 and later
 * (and 22.13 to 24.x) give those bytes as control codes through `TextDecoder('windows-1252')` (nodejs/node#56542,
 * #60888), which would turn every « l’entreprise » into « l\u0092entreprise ».
 */

/** The characters of the bytes 0x80–0x9F (the five bytes Windows-1252 leaves undefined keep their control code). */
export const WINDOWS_1252_HIGH = [...'€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008DŽ\u008F\u0090‘’“”•–—˜™š›œ\u009DžŸ'];

export function decodeWindows1252(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
    .toString('latin1')
    .replace(/[\u0080-\u009f]/g, (char) => WINDOWS_1252_HIGH[char.charCodeAt(0) - 0x80]);
}
