import { crc32, deflateSync } from 'node:zlib';
import QRCode from 'qrcode';

/**
 * C4: a participant's QR code as a PNG. The `qrcode` package places the modules (error correction M: a code
 * printed or shown on a cracked phone screen still reads); the PNG is written here, black and white at one bit per
 * pixel, because the package's own PNG writer (pngjs) costs about 4 ms a code where this takes a tenth of that: a
 * campaign of 10,000 messages makes 10,000 codes.
 */

/** Pixels per module: the image is sharp at its displayed size without being scaled up by the mail client. */
const SCALE = 4;
/** The quiet zone the standard asks for around the code, in modules. */
const MARGIN = 4;

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const END = chunk('IEND', Buffer.alloc(0));

/** A square 1-bit greyscale PNG of these dark modules (`size` × `size`, row by row), with its quiet zone. */
export function modulesToPng(size: number, dark: (row: number, col: number) => boolean): Buffer {
  const side = (size + 2 * MARGIN) * SCALE;
  const rowBytes = Math.ceil(side / 8);
  const raw = Buffer.alloc((rowBytes + 1) * side, 0);
  for (let y = 0; y < side; y++) {
    const offset = y * (rowBytes + 1);
    // Filter byte 0 (none), then the pixels: 1 is white, 0 black.
    raw.fill(0xff, offset + 1, offset + 1 + rowBytes);
    const row = Math.floor(y / SCALE) - MARGIN;
    if (row < 0 || row >= size) continue;
    for (let col = 0; col < size; col++) {
      if (!dark(row, col)) continue;
      for (let dx = 0; dx < SCALE; dx++) {
        const x = (col + MARGIN) * SCALE + dx;
        raw[offset + 1 + (x >> 3)] &= ~(0x80 >> (x & 7));
      }
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // greyscale
  return Buffer.concat([SIGNATURE, chunk('IHDR', header), chunk('IDAT', deflateSync(raw)), END]);
}

/** The PNG of the QR code of this text (an address). */
export function qrPng(text: string): Buffer {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  return modulesToPng(modules.size, (row, col) => modules.get(row, col) === 1);
}
