import iconv from 'iconv-lite';

/**
 * Windows-1252, the encoding of a CSV that Excel set up for French saves: Latin-1 but for the bytes 0x80–0x9F, which
 * are printable characters (€ ’ “ ” – — … œ Œ…) instead of control codes. Decoded by iconv-lite: Node 20.18.3 and
 * later (and 22.13 to 24.x) give those bytes as control codes through `TextDecoder('windows-1252')`
 * (nodejs/node#56542, #60888), which would turn every « l’entreprise » into « l\u0092entreprise ». The five bytes
 * Windows-1252 leaves undefined come out as U+FFFD, which the dry run then refuses (artefacts.ts).
 */
export function decodeWindows1252(bytes: Uint8Array): string {
  return iconv.decode(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), 'windows-1252');
}
