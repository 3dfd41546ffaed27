import sharp, { type Metadata, type Sharp } from 'sharp';
import {
  type CropRect,
  FREE_HEIGHT_DEFAULT,
  IMAGE_MAX_BYTES,
  IMAGE_MAX_PIXELS,
  type UploadedFile,
} from '../../../contracts/files';
import { AppError } from '../../http/errors';

/**
 * Memory on a small server (2 cores): libvips works on one image with one thread, keeps no cache of past
 * operations, and this process handles one image at a time (see `oneAtATime`). A 40-megapixel photo only ever
 * flows through one pipeline from its encoded bytes; the only full copy is the one a turn by an angle needs.
 */
sharp.concurrency(1);
sharp.cache(false);

/** Formats we read. SVG (scripts, external references), PDF and the rest are refused. */
const READABLE = new Set(['jpeg', 'png', 'webp', 'gif']);
const WHITE = { r: 255, g: 255, b: 255, alpha: 1 };
/** A crop box's ratio may differ from the target's by this much (cropperjs rounds its box to whole pixels). */
const RATIO_TOLERANCE = 0.01;
/** A crop box may fall short of the target size by this many pixels (the same rounding). */
const SIZE_TOLERANCE = 1;

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

/** An upload that passed the checks: its encoded bytes, with its size once upright (EXIF orientation applied). */
export interface SourceImage {
  bytes: Uint8Array;
  width: number;
  height: number;
  hasAlpha: boolean;
}

const notAnImage = () => AppError.field('file', 'images.errors.notAnImage');
/** failOn 'warning': a truncated or damaged file fails rather than giving a half-grey image. */
const options = { limitInputPixels: IMAGE_MAX_PIXELS, failOn: 'warning' } as const;
/** The upload, upright, at the start of a pipeline. */
const upright = (source: SourceImage): Sharp => sharp(source.bytes, options).autoOrient();

let queue: Promise<unknown> = Promise.resolve();
/** Runs one image's work after the previous one's: decoding several large photos at once would need their sum. */
function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  const result = queue.then(work, work);
  queue = result.catch(() => undefined);
  return result;
}

/**
 * Reads what an upload is from its header alone, or refuses it with a field error on `file`: cut by the size
 * limit, not an image (whatever its name or declared type), a format we do not read (SVG…), too many pixels.
 * A broken file is refused when its pixels are read (`notAnImage`).
 */
export async function readUpload(file: UploadedFile, maxMegabytes: number): Promise<SourceImage> {
  if (file.truncated || file.bytes.byteLength > IMAGE_MAX_BYTES)
    throw AppError.field('file', 'images.errors.tooLarge', { maximum: maxMegabytes });
  if (file.bytes.byteLength === 0) throw notAnImage();
  let meta: Metadata;
  try {
    meta = await sharp(file.bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw notAnImage();
  }
  if (!meta.format || !READABLE.has(meta.format)) {
    throw AppError.field('file', 'images.errors.unsupportedFormat', { format: String(meta.format ?? '?') });
  }
  const width = meta.autoOrient?.width ?? meta.width ?? 0;
  const height = meta.autoOrient?.height ?? meta.height ?? 0;
  if (width * height > IMAGE_MAX_PIXELS) {
    throw AppError.field('file', 'images.errors.tooManyPixels', { maximum: IMAGE_MAX_PIXELS / 1_000_000 });
  }
  if (width < 1 || height < 1) throw notAnImage();
  return { bytes: file.bytes, width, height, hasAlpha: !!meta.hasAlpha };
}

/**
 * Re-encodes: JPEG for photos, PNG when the picture has transparency. Sharp drops every metadata (EXIF, GPS…).
 * This is where the pixels are read: a file that fails to decode is refused as not an image.
 */
function encode(pipeline: Sharp, hasAlpha: boolean): Promise<EncodedImage> {
  const output = hasAlpha
    ? pipeline.png({ compressionLevel: 9, adaptiveFiltering: true })
    : pipeline.flatten({ background: WHITE }).jpeg({ quality: 85, mozjpeg: true });
  return oneAtATime(async () => {
    try {
      const { data, info } = await output.toBuffer({ resolveWithObject: true });
      return {
        bytes: data,
        contentType: hasAlpha ? 'image/png' : 'image/jpeg',
        width: info.width,
        height: info.height,
      } as const;
    } catch {
      throw notAnImage();
    }
  });
}

/** The image as uploaded (type 14 and editor images), only scaled down to fit the given box. */
export function fitInside(source: SourceImage, maxWidth: number, maxHeight?: number): Promise<EncodedImage> {
  return encode(
    upright(source).resize({ width: maxWidth, height: maxHeight, fit: 'inside', withoutEnlargement: true }),
    source.hasAlpha,
  );
}

/** Free height: the height the crop's ratio gives at the target width, never under the minimum. */
export function freeHeightOf(crop: { width: number; height: number }, target: CropTarget, maxSide: number) {
  const minimum = target.height || FREE_HEIGHT_DEFAULT;
  return Math.min(maxSide, Math.max(minimum, Math.round((crop.height * target.width) / crop.width)));
}

/**
 * E8: rotates the upright image (white corners), takes the crop rectangle, and resizes it to exactly the target
 * size, in one pipeline. Without a rectangle, the centre of the image is taken at the target's ratio. An image
 * smaller than the target is refused: it would only be blown up; so is a rectangle smaller than the target or
 * (fixed ratio) of another shape, which would come out blown up or stretched.
 */
export async function cropToTarget(
  source: SourceImage,
  target: CropTarget & { freeHeight: boolean },
  crop: CropRect | undefined,
  maxSide: number,
): Promise<EncodedImage> {
  const minHeight = target.freeHeight ? target.height || FREE_HEIGHT_DEFAULT : target.height;
  if (source.width < target.width || source.height < minHeight) {
    throw AppError.field('file', 'images.errors.tooSmall', { width: target.width, height: minHeight });
  }
  if (!crop) {
    const height = target.freeHeight ? freeHeightOf(source, target, maxSide) : target.height;
    return encode(upright(source).resize({ width: target.width, height, fit: 'cover' }), source.hasAlpha);
  }

  const angle = normaliseAngle(crop.rotate ?? 0);
  const area = clampRect(crop, rotatedSize(source, angle));
  if (!area) throw AppError.field('crop', 'images.errors.invalidCrop');
  checkCropFits(area, target, minHeight);
  const height = target.freeHeight ? freeHeightOf(area, target, maxSide) : target.height;
  let pipeline = upright(source);
  // Like cropperjs, the canvas grows to the bounding box of the turned image; the corners are white.
  if (angle !== 0) pipeline = pipeline.rotate(angle, { background: WHITE });
  return encode(pipeline.extract(area).resize({ width: target.width, height, fit: 'fill' }), source.hasAlpha);
}

/**
 * E9: width and height 0 mean free: the crop rectangle (or the whole image) is kept at its own size and ratio, only
 * scaled down to fit `maxSide`. There is no size to fall short of, so nothing is refused for being small.
 */
export async function cropFree(
  source: SourceImage,
  crop: CropRect | undefined,
  maxSide: number,
): Promise<EncodedImage> {
  const fit = { width: maxSide, height: maxSide, fit: 'inside', withoutEnlargement: true } as const;
  if (!crop) return encode(upright(source).resize(fit), source.hasAlpha);
  const angle = normaliseAngle(crop.rotate ?? 0);
  const area = clampRect(crop, rotatedSize(source, angle));
  if (!area) throw AppError.field('crop', 'images.errors.invalidCrop');
  let pipeline = upright(source);
  if (angle !== 0) pipeline = pipeline.rotate(angle, { background: WHITE });
  return encode(pipeline.extract(area).resize(fit), source.hasAlpha);
}

/**
 * The crop area (whole pixels of the turned image) must give the target without blowing it up or stretching it:
 * at least the target width; with a fixed ratio at least the target height and the target's ratio; with free
 * height, at least the minimum height once scaled to the target width (so at least that height itself, as the
 * area is at least the target width). A pixel of rounding is allowed, and 1 % on the ratio.
 */
export function checkCropFits(
  area: { width: number; height: number },
  target: CropTarget & { freeHeight: boolean },
  minHeight: number,
) {
  const heightAtTarget = target.freeHeight ? (area.height * target.width) / area.width : area.height;
  if (area.width < target.width - SIZE_TOLERANCE || heightAtTarget < minHeight - SIZE_TOLERANCE) {
    throw AppError.field('crop', 'images.errors.cropTooSmall', { width: target.width, height: minHeight });
  }
  if (!target.freeHeight) {
    const ratio = area.width / area.height / (target.width / target.height);
    if (Math.abs(ratio - 1) > RATIO_TOLERANCE) {
      throw AppError.field('crop', 'images.errors.cropRatio', { width: target.width, height: target.height });
    }
  }
}

/** An angle in (-360, 360), 0 for a full turn. */
function normaliseAngle(degrees: number) {
  const angle = Math.round(degrees * 100) / 100;
  return angle % 360 === 0 ? 0 : angle % 360;
}

/**
 * The size of the image turned by `angle` degrees: the bounding box libvips gives (and cropperjs shows), its sides
 * rounded to whole pixels; a quarter turn swaps the sides exactly.
 */
export function rotatedSize(image: { width: number; height: number }, angle: number) {
  if (angle % 180 === 0) return { width: image.width, height: image.height };
  if (angle % 90 === 0) return { width: image.height, height: image.width };
  const radians = (angle * Math.PI) / 180;
  const cos = Math.abs(Math.cos(radians));
  const sin = Math.abs(Math.sin(radians));
  return {
    width: Math.round(image.width * cos + image.height * sin),
    height: Math.round(image.width * sin + image.height * cos),
  };
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
