import { crc32, deflateSync } from 'node:zlib';
import QRCode from 'qrcode';

/**
 * C4: a participant's QR code as a PNG. The `qrcode` package places the modules (error correction M: a code
 * shown on a cracked phone screen still reads); the PNG is written here, black and white at one bit per pixel,
 * because the package's own PNG writer (pngjs) costs about 4 ms a code where this takes a few hundredths of that:
 * a campaign of 10,000 messages makes 10,000 codes.
 */

/**
 * The mask pattern, fixed. A reader takes any of the eight (the code says which); choosing the "best" one by the
 * standard's penalty rules makes `qrcode` build the symbol eight times (0.4 ms a code, 4 s for 10,000), and for
 * addresses ending in a random token the masks differ little. Codes of many addresses are read back in the tests.
 */
const MASK = 2;

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
  const stride = Math.ceil(side / 8) + 1;
  // Every line starts with filter byte 0 (none); pixels: 1 white, 0 black. White all over, then each module row
  // drawn once and copied to the SCALE lines it covers.
  const raw = Buffer.alloc(stride * side, 0xff);
  for (let y = 0; y < side; y++) raw[y * stride] = 0;
  for (let row = 0; row < size; row++) {
    const first = (row + MARGIN) * SCALE * stride;
    for (let col = 0; col < size; col++) {
      if (!dark(row, col)) continue;
      for (let x = (col + MARGIN) * SCALE, end = x + SCALE; x < end; x++) {
        raw[first + 1 + (x >> 3)] &= ~(0x80 >> (x & 7));
      }
    }
    for (let copy = 1; copy < SCALE; copy++) raw.copy(raw, first + copy * stride, first, first + stride);
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
  // One segment in byte mode: what an address needs, without the package's search for the best mix of modes.
  const { modules } = QRCode.create([{ data: Buffer.from(text, 'utf8'), mode: 'byte' }], {
    errorCorrectionLevel: 'M',
    maskPattern: MASK,
  });
  return modulesToPng(modules.size, (row, col) => modules.get(row, col) === 1);
}
