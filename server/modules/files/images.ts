import sharp, { type Sharp } from 'sharp';
import {
  type CropRect,
  FREE_HEIGHT_DEFAULT,
  IMAGE_MAX_PIXELS,
  type UploadedFile,
} from '../../../contracts/files';
import { AppError } from '../../http/errors';

/** Formats we read. SVG (scripts, external references), PDF and the rest are refused. */
const READABLE = new Set(['jpeg', 'png', 'webp', 'gif']);
const WHITE = { r: 255, g: 255, b: 255, alpha: 1 };

export interface EncodedImage {
  bytes: Buffer;
  contentType: 'image/jpeg' | 'image/png';
  width: number;
  height: number;
}

/** The target of a crop: exact width; exact height, or free height (`height` 0) with a minimum. */
export interface CropTarget {
  width: number;
  height: number;
}

/** Decoded pixels, upright (EXIF orientation applied), ready for the next step of the pipeline. */
interface Pixels {
  data: Buffer;
  info: { width: number; height: number; channels: 1 | 2 | 3 | 4 };
  hasAlpha: boolean;
}

const notAnImage = () => AppError.field('file', 'images.errors.notAnImage');
const options = { limitInputPixels: IMAGE_MAX_PIXELS, failOn: 'warning' } as const;
const fromPixels = (pixels: Pixels): Sharp => sharp(pixels.data, { raw: pixels.info });

/**
 * Reads an upload into upright pixels, or refuses it with a field error on `file`: cut by the size limit, not an
 * image (whatever its name or declared type), a format we do not read (SVG…), too many pixels, or a broken file.
 */
export async function decodeUpload(file: UploadedFile, maxMegabytes: number): Promise<Pixels> {
  if (file.truncated) throw AppError.field('file', 'images.errors.tooLarge', { maximum: maxMegabytes });
  if (file.bytes.byteLength === 0) throw notAnImage();
  let format: string | undefined;
  let width = 0;
  let height = 0;
  try {
    const meta = await sharp(file.bytes, { limitInputPixels: false }).metadata();
    format = meta.format;
    width = meta.width ?? 0;
    height = meta.height ?? 0;
  } catch {
    throw notAnImage();
  }
  if (!format || !READABLE.has(format)) {
    throw AppError.field('file', 'images.errors.unsupportedFormat', { format: String(format ?? '?') });
  }
  if (width * height > IMAGE_MAX_PIXELS) {
    throw AppError.field('file', 'images.errors.tooManyPixels', { maximum: IMAGE_MAX_PIXELS / 1_000_000 });
  }
  try {
    // failOn 'warning': a truncated or damaged file fails here rather than giving a half-grey image.
    const { data, info } = await sharp(file.bytes, options)
      .autoOrient()
      .raw()
      .toBuffer({ resolveWithObject: true });
    return { data, info: info as Pixels['info'], hasAlpha: info.channels === 2 || info.channels === 4 };
  } catch {
    throw notAnImage();
  }
}

/** Re-encodes: JPEG for photos, PNG when the picture has transparency. Sharp drops every metadata (EXIF, GPS…). */
async function encode(pipeline: Sharp, hasAlpha: boolean): Promise<EncodedImage> {
  const output = hasAlpha
    ? pipeline.png({ compressionLevel: 9, adaptiveFiltering: true })
    : pipeline.flatten({ background: WHITE }).jpeg({ quality: 85, mozjpeg: true });
  const { data, info } = await output.toBuffer({ resolveWithObject: true });
  return {
    bytes: data,
    contentType: hasAlpha ? 'image/png' : 'image/jpeg',
    width: info.width,
    height: info.height,
  };
}

/** The image as uploaded (type 14 and editor images), only scaled down to fit the given box. */
export async function fitInside(pixels: Pixels, maxWidth: number, maxHeight?: number): Promise<EncodedImage> {
  return encode(
    fromPixels(pixels).resize({
      width: maxWidth,
      height: maxHeight,
      fit: 'inside',
      withoutEnlargement: true,
    }),
    pixels.hasAlpha,
  );
}

/** Free height: the height the crop's ratio gives at the target width, never under the minimum. */
export function freeHeightOf(crop: { width: number; height: number }, target: CropTarget, maxSide: number) {
  const minimum = target.height || FREE_HEIGHT_DEFAULT;
  return Math.min(maxSide, Math.max(minimum, Math.round((crop.height * target.width) / crop.width)));
}

/**
 * E8: rotates the upright image (white corners), takes the crop rectangle, and resizes it to exactly the target
 * size. Without a rectangle, the centre of the image is taken at the target's ratio. An image smaller than the
 * target is refused: it would only be blown up.
 */
export async function cropToTarget(
  pixels: Pixels,
  target: CropTarget & { freeHeight: boolean },
  crop: CropRect | undefined,
  maxSide: number,
): Promise<EncodedImage> {
  const minHeight = target.freeHeight ? target.height || FREE_HEIGHT_DEFAULT : target.height;
  if (pixels.info.width < target.width || pixels.info.height < minHeight) {
    throw AppError.field('file', 'images.errors.tooSmall', { width: target.width, height: minHeight });
  }
  if (!crop) {
    if (target.freeHeight) {
      const height = freeHeightOf(pixels.info, target, maxSide);
      return encode(
        fromPixels(pixels).resize({ width: target.width, height, fit: 'cover' }),
        pixels.hasAlpha,
      );
    }
    return encode(
      fromPixels(pixels).resize({ width: target.width, height: target.height, fit: 'cover' }),
      pixels.hasAlpha,
    );
  }

  let rotated = pixels;
  const angle = normaliseAngle(crop.rotate ?? 0);
  if (angle !== 0) {
    // Like cropperjs, the canvas grows to the bounding box of the turned image; the corners are white.
    const { data, info } = await fromPixels(pixels)
      .rotate(angle, { background: WHITE })
      .raw()
      .toBuffer({ resolveWithObject: true });
    rotated = { data, info: info as Pixels['info'], hasAlpha: pixels.hasAlpha };
  }
  const area = clampRect(crop, rotated.info);
  if (!area) throw AppError.field('crop', 'images.errors.invalidCrop');
  const height = target.freeHeight ? freeHeightOf(area, target, maxSide) : target.height;
  return encode(
    fromPixels(rotated).extract(area).resize({ width: target.width, height, fit: 'fill' }),
    pixels.hasAlpha,
  );
}

/** An angle in (-360, 360), 0 for a full turn. */
function normaliseAngle(degrees: number) {
  const angle = Math.round(degrees * 100) / 100;
  return angle % 360 === 0 ? 0 : angle % 360;
}

/**
 * The rectangle in whole pixels of the image. The cropper keeps its box inside the image, but its rounding and a
 * turned image's bounding box may differ from ours by a pixel or two: such an overflow is cut. A rectangle that
 * reaches further out is refused (null), as it would come out stretched.
 */
export function clampRect(
  crop: { x: number; y: number; width: number; height: number },
  image: { width: number; height: number },
) {
  const left = Math.max(0, Math.round(crop.x));
  const top = Math.max(0, Math.round(crop.y));
  const right = Math.min(image.width, Math.round(crop.x + crop.width));
  const bottom = Math.min(image.height, Math.round(crop.y + crop.height));
  const width = right - left;
  const height = bottom - top;
  const tolerance = (side: number) => 2 + side * 0.01;
  if (width < 1 || height < 1) return null;
  if (crop.width - width > tolerance(crop.width) || crop.height - height > tolerance(crop.height))
    return null;
  return { left, top, width, height };
}
