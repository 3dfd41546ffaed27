import { describe, expect, it } from 'vitest';
import {
  constrainBox,
  cropSpec,
  isTooSmall,
  MESSAGE_MS,
  MOVE_STEP,
  maxZoomRatio,
  ROTATE_STEP,
  sameBox,
  uploadSize,
  ZOOM_STEP,
} from './crop-rules';

describe('cropSpec (E8)', () => {
  it('keeps a fixed ratio when the height is given', () => {
    expect(cropSpec({ width: 400, height: 200 })).toEqual({
      width: 400,
      height: 200,
      freeHeight: false,
      free: false,
      asUploaded: false,
      aspectRatio: 2,
    });
  });

  it('makes a missing or 0 height a free height of 300 with no fixed ratio', () => {
    for (const height of [0, undefined, null]) {
      const spec = cropSpec({ width: 650, height });
      expect(spec).toMatchObject({ width: 650, height: 300, freeHeight: true });
      expect(spec.aspectRatio).toBeNaN();
    }
  });

  it('marks image type 14 as sent as uploaded, and no other type', () => {
    expect(cropSpec({ width: 400, height: 200, imageType: 14 }).asUploaded).toBe(true);
    expect(cropSpec({ width: 400, height: 200, imageType: 12 }).asUploaded).toBe(false);
  });

  it('uses the steps of the spec: zoom 0.01, move 10, rotate 5°, message 5 s', () => {
    expect([ZOOM_STEP, MOVE_STEP, ROTATE_STEP, MESSAGE_MS]).toEqual([0.01, 10, 5, 5000]);
  });
});

describe('constrainBox: never smaller than the target (E8)', () => {
  const fixed = cropSpec({ width: 400, height: 200 });
  const free = cropSpec({ width: 400, height: 0 });

  it('leaves a large enough box as it is', () => {
    const box = { x: 10, y: 20, width: 800, height: 400 };
    expect(constrainBox(box, fixed)).toEqual(box);
    expect(constrainBox({ x: 0, y: 0, width: 500, height: 900 }, free)).toEqual({
      x: 0,
      y: 0,
      width: 500,
      height: 900,
    });
  });

  it('forces a box narrower than the target to the target size', () => {
    expect(constrainBox({ x: 5, y: 5, width: 300, height: 150 }, fixed)).toEqual({
      x: 5,
      y: 5,
      width: 400,
      height: 200,
    });
  });

  it('forces both sizes when the height is at or below the target height', () => {
    expect(constrainBox({ x: 0, y: 0, width: 420, height: 200 }, fixed)).toMatchObject({
      width: 400,
      height: 200,
    });
    expect(constrainBox({ x: 0, y: 0, width: 420, height: 150 }, fixed)).toMatchObject({
      width: 400,
      height: 200,
    });
  });

  it('keeps the ratio of a fixed-ratio box', () => {
    expect(constrainBox({ x: 0, y: 0, width: 600, height: 301 }, fixed)).toMatchObject({
      width: 600,
      height: 300,
    });
  });

  it('with free height, brings the width up to the target and the height to at least 300 at that width', () => {
    expect(constrainBox({ x: 0, y: 0, width: 350, height: 700 }, free)).toMatchObject({
      width: 400,
      height: 700,
    });
    // Narrow and short: exactly the target size.
    expect(constrainBox({ x: 0, y: 0, width: 350, height: 200 }, free)).toMatchObject({
      width: 400,
      height: 300,
    });
    expect(constrainBox({ x: 0, y: 0, width: 800, height: 601 }, free)).toMatchObject({
      width: 800,
      height: 601,
    });
  });

  it('with free height, keeps the width of a wide, short box and raises its height (no jump to the target size)', () => {
    // 800 × 500 would be 400 × 250 at the target width: it grows to 800 × 600 (400 × 300 once saved).
    expect(constrainBox({ x: 0, y: 0, width: 800, height: 500 }, free)).toMatchObject({
      width: 800,
      height: 600,
    });
    expect(constrainBox({ x: 10, y: 0, width: 900, height: 100 }, free)).toEqual({
      x: 10,
      y: 0,
      width: 900,
      height: 675,
    });
    // At the target width, a box at or below 300 high is exactly the target size, as with a fixed ratio.
    expect(constrainBox({ x: 0, y: 0, width: 400, height: 280 }, free)).toMatchObject({
      width: 400,
      height: 300,
    });
  });

  it('with free height, narrows a box whose minimum height would not fit in the image', () => {
    // 1000 × 350: a box 1000 wide would need 750 pixels of height; 466.7 wide needs exactly the 350 there are.
    const box = constrainBox({ x: 0, y: 0, width: 1000, height: 350 }, free, { width: 1000, height: 350 });
    expect(box.width).toBeCloseTo(466.67, 1);
    expect(box.height).toBeCloseTo(350, 5);
    expect(box.height).toBeCloseTo((300 * box.width) / 400, 5);
    // Never narrower than the target width, even in an image too small for it (refused on its own).
    expect(
      constrainBox({ x: 0, y: 0, width: 500, height: 250 }, free, { width: 500, height: 250 }),
    ).toMatchObject({ width: 400, height: 300 });
  });

  it('moves a grown box back inside the image', () => {
    const bounds = { width: 1000, height: 500 };
    expect(constrainBox({ x: 900, y: 400, width: 100, height: 50 }, fixed, bounds)).toEqual({
      x: 600,
      y: 300,
      width: 400,
      height: 200,
    });
  });

  it('is stable: a constrained box needs no further change', () => {
    for (const spec of [fixed, free]) {
      for (const box of [
        { x: 3, y: 4, width: 10, height: 10 },
        { x: 0, y: 0, width: 900, height: 100 },
        { x: 50, y: 60, width: 1200, height: 2000 },
      ]) {
        const once = constrainBox(box, spec);
        expect(sameBox(constrainBox(once, spec), once)).toBe(true);
      }
    }
  });
});

describe('zoom and size limits', () => {
  it('stops zooming in where a target-size box would no longer fit the crop area', () => {
    expect(maxZoomRatio(cropSpec({ width: 400, height: 200 }), { width: 800, height: 420 })).toBe(2);
    expect(maxZoomRatio(cropSpec({ width: 1200, height: 300 }), { width: 600, height: 420 })).toBe(0.5);
  });

  it('finds an image too small for the target', () => {
    const spec = cropSpec({ width: 400, height: 200 });
    expect(isTooSmall({ width: 399, height: 500 }, spec)).toBe(true);
    expect(isTooSmall({ width: 400, height: 199 }, spec)).toBe(true);
    expect(isTooSmall({ width: 400, height: 200 }, spec)).toBe(false);
    expect(isTooSmall({ width: 400, height: 250 }, cropSpec({ width: 400, height: 0 }))).toBe(true);
  });
});

describe('E9: image type 12 (free ratio, fixed width, minimum height)', () => {
  const type12 = cropSpec({ width: 650, height: 320, imageType: 12 });

  it('has no fixed ratio, the given height as its minimum, and sends that minimum', () => {
    expect(type12).toMatchObject({
      width: 650,
      height: 320,
      freeHeight: true,
      free: false,
      asUploaded: false,
    });
    expect(type12.aspectRatio).toBeNaN();
    expect(uploadSize(type12, 12)).toEqual({ width: 650, height: 320 });
    // Without type 12, a free height is sent as 0 (the server's 300).
    expect(uploadSize(cropSpec({ width: 650, height: 0 }))).toEqual({ width: 650, height: 0 });
    expect(uploadSize(cropSpec({ width: 400, height: 200 }))).toEqual({ width: 400, height: 200 });
  });

  it('keeps the box at least 650 wide and 320 high at that width, of any taller shape', () => {
    expect(constrainBox({ x: 0, y: 0, width: 650, height: 900 }, type12)).toMatchObject({
      width: 650,
      height: 900,
    });
    expect(constrainBox({ x: 0, y: 0, width: 500, height: 200 }, type12)).toMatchObject({
      width: 650,
      height: 320,
    });
    // 1300 wide is 650 once saved: it needs 640 of height for the 320 minimum.
    expect(constrainBox({ x: 0, y: 0, width: 1300, height: 400 }, type12)).toMatchObject({
      width: 1300,
      height: 640,
    });
  });

  it('finds an image under 650 × 320 too small', () => {
    expect(isTooSmall({ width: 649, height: 2000 }, type12)).toBe(true);
    expect(isTooSmall({ width: 2000, height: 319 }, type12)).toBe(true);
    expect(isTooSmall({ width: 650, height: 320 }, type12)).toBe(false);
  });
});

describe('E9: width and height 0 (free)', () => {
  const free = cropSpec({ width: 0, height: 0 });

  it('is free of any size and ratio, and sends 0 × 0', () => {
    expect(free).toMatchObject({ free: true, freeHeight: true, asUploaded: false });
    expect(free.aspectRatio).toBeNaN();
    expect(uploadSize(free)).toEqual({ width: 0, height: 0 });
    expect(cropSpec({ width: 0, height: null }).free).toBe(true);
    // A width alone is not free.
    expect(cropSpec({ width: 300, height: 0 }).free).toBe(false);
  });

  it('leaves any box as it is, only keeping it inside the image', () => {
    const box = { x: 5, y: 6, width: 17, height: 90 };
    expect(constrainBox(box, free)).toEqual(box);
    expect(constrainBox({ x: 80, y: 0, width: 50, height: 30 }, free, { width: 100, height: 100 })).toEqual({
      x: 50,
      y: 0,
      width: 50,
      height: 30,
    });
    expect(constrainBox({ x: 0, y: 0, width: 500, height: 30 }, free, { width: 100, height: 100 })).toEqual({
      x: 0,
      y: 0,
      width: 100,
      height: 30,
    });
  });

  it('never finds an image too small, and never stops the zoom', () => {
    expect(isTooSmall({ width: 1, height: 1 }, free)).toBe(false);
    expect(maxZoomRatio(free, { width: 800, height: 420 })).toBe(Number.POSITIVE_INFINITY);
  });
});
