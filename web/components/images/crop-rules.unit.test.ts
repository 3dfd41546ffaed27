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
  ZOOM_STEP,
} from './crop-rules';

describe('cropSpec (E8)', () => {
  it('keeps a fixed ratio when the height is given', () => {
    expect(cropSpec({ width: 400, height: 200 })).toEqual({
      width: 400,
      height: 200,
      freeHeight: false,
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
    // 800 × 500 gives 400 × 250 at the target width: under 300, so the box becomes 400 × 300.
    expect(constrainBox({ x: 0, y: 0, width: 800, height: 500 }, free)).toMatchObject({
      width: 400,
      height: 300,
    });
    expect(constrainBox({ x: 0, y: 0, width: 800, height: 601 }, free)).toMatchObject({
      width: 800,
      height: 601,
    });
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
