import { FREE_HEIGHT_DEFAULT, IMAGE_TYPE_AS_UPLOADED, IMAGE_TYPE_FREE_RATIO } from '../../../contracts/files';

/** E8: toolbar steps (spec 000 §9): zoom by 1 %, move by 10 screen pixels, turn by 5 degrees. */
export const ZOOM_STEP = 0.01;
export const MOVE_STEP = 10;
export const ROTATE_STEP = 5;
/** A failed save's message stays this long. */
export const MESSAGE_MS = 5000;

export interface CropTargetInput {
  /** 0 with a height of 0: free (E9). */
  width: number;
  /** Missing or 0: free height. With image type 12, the minimum height. */
  height?: number | null;
  imageType?: number;
}

/** What the cropper works towards, once the spec's defaults are applied. */
export interface CropSpec {
  width: number;
  /** The exact height, or with free height the minimum one (300, or the one given with image type 12). */
  height: number;
  freeHeight: boolean;
  /**
   * E9: width and height 0: no size at all. The box takes any ratio and size, the crop is kept as it is, and no image
   * is too small.
   */
  free: boolean;
  /** Image type 14: sent as chosen, without the cropper. */
  asUploaded: boolean;
  /** Width ÷ height, or NaN (cropperjs: no fixed ratio) with free height. */
  aspectRatio: number;
}

export function cropSpec(target: CropTargetInput): CropSpec {
  const asUploaded = target.imageType === IMAGE_TYPE_AS_UPLOADED;
  if (!target.width && !target.height) {
    return { width: 0, height: 0, freeHeight: true, free: true, asUploaded, aspectRatio: Number.NaN };
  }
  // Image type 12 (E9): a free ratio at the given width, the given height as the minimum.
  const freeHeight = !target.height || target.imageType === IMAGE_TYPE_FREE_RATIO;
  const height = target.height ? Number(target.height) : FREE_HEIGHT_DEFAULT;
  return {
    width: target.width,
    height,
    freeHeight,
    free: false,
    asUploaded,
    aspectRatio: freeHeight ? Number.NaN : target.width / height,
  };
}

/** What the server is sent for this target: its width and height (0 = free height, except type 12's minimum). */
export function uploadSize(spec: CropSpec, imageType?: number): { width: number; height: number } {
  if (spec.free) return { width: 0, height: 0 };
  if (spec.freeHeight && imageType !== IMAGE_TYPE_FREE_RATIO) return { width: spec.width, height: 0 };
  return { width: spec.width, height: spec.height };
}

/** A rectangle in the pixels of the (turned) image, as cropperjs `getData()` gives it. */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * E8: the crop box is never smaller than the target, in pixels of the image, so the saved image is never blown up.
 * Spec 000 §4: "When the crop box is resized its width is forced to the configured width; if its height is at or
 * below the configured height, both are forced to the configured values. The crop box is never smaller than the
 * target width and height, and the aspect ratio is fixed unless the image has no set height."
 *
 * How we read it. "Forced to the configured width" is a floor, not a fixed size: the box may be wider (a large
 * photo zoomed out to fit a small logo), never narrower. So:
 * - fixed ratio: a box narrower than the target width, or whose height is at or below the target height, becomes
 *   exactly the target size; a larger box keeps its width and takes the height the ratio gives. (With the ratio
 *   fixed, a box is below the target width exactly when it is below the target height.)
 * - free height: the width is brought up to the target width, and the height up to the minimum height (300)
 *   *at that width*: the server scales the box down to the target width, so a box w pixels wide must be at least
 *   300 × w ÷ target width pixels high, or the saved image would be shorter than 300 or stretched. A wide, short
 *   box therefore keeps its width and grows taller; it no longer jumps back to the target size. A box narrower
 *   than the target width gets the target width (a narrow and short one thus becomes exactly the target size).
 *   Inside `bounds`, a box too wide for its minimum height to fit narrows until it does.
 * The box then moves back inside the image (`bounds`) if it grew past an edge.
 */
export function constrainBox(box: Box, spec: CropSpec, bounds?: { width: number; height: number }): Box {
  let { width, height } = box;
  if (spec.free) {
    // No size to keep: only inside the image.
    if (bounds) {
      width = Math.min(width, bounds.width);
      height = Math.min(height, bounds.height);
    }
  } else if (spec.freeHeight) {
    const widest = bounds
      ? Math.min(bounds.width, (bounds.height * spec.width) / spec.height)
      : Number.POSITIVE_INFINITY;
    width = Math.max(spec.width, Math.min(width, widest));
    const minHeight = (spec.height * width) / spec.width;
    height = Math.max(minHeight, bounds ? Math.min(height, bounds.height) : height);
  } else if (width < spec.width || height <= spec.height) {
    width = spec.width;
    height = spec.height;
  } else {
    height = width / spec.aspectRatio;
  }
  let { x, y } = box;
  if (bounds) {
    x = Math.max(0, Math.min(x, bounds.width - width));
    y = Math.max(0, Math.min(y, bounds.height - height));
  }
  return { x, y, width, height };
}

/** Whether two boxes are the same to a tenth of a pixel (cropperjs rounds its numbers). */
export function sameBox(a: Box, b: Box): boolean {
  const close = (p: number, q: number) => Math.abs(p - q) < 0.1;
  return close(a.x, b.x) && close(a.y, b.y) && close(a.width, b.width) && close(a.height, b.height);
}

/**
 * The largest zoom (screen pixels per image pixel) at which a crop box of the target size still fits in the crop
 * area: zooming further would force a box smaller than the target.
 */
export function maxZoomRatio(spec: CropSpec, area: { width: number; height: number }): number {
  if (spec.free) return Number.POSITIVE_INFINITY;
  return Math.min(area.width / spec.width, area.height / spec.height);
}

/** An image too small for the target is refused before it is sent (the server refuses it too). */
export function isTooSmall(image: { width: number; height: number }, spec: CropSpec): boolean {
  if (spec.free) return false;
  return image.width < spec.width || image.height < spec.height;
}
