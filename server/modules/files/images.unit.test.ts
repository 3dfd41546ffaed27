import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { checkCropFits, clampRect, rotatedSize } from './images';

describe('rotatedSize: the turned image’s size, known before any pixel is read', () => {
  it('is the size libvips gives, for quarter turns and any other angle', async () => {
    for (const [width, height] of [
      [800, 400],
      [333, 777],
      [1600, 1000],
    ]) {
      for (const angle of [90, -90, 180, 270, 5, -5, 22.5, 45, 89, 135, -175, 0.01, 33.33]) {
        const { info } = await sharp({ create: { width, height, channels: 3, background: '#fff' } })
          .rotate(angle, { background: '#fff' })
          .raw()
          .toBuffer({ resolveWithObject: true });
        expect(rotatedSize({ width, height }, angle), `${width} × ${height} by ${angle}°`).toEqual({
          width: info.width,
          height: info.height,
        });
      }
    }
  });
});

describe('checkCropFits: a crop that would come out blown up or stretched is refused', () => {
  const fixed = { width: 400, height: 200, freeHeight: false };
  const free = { width: 400, height: 0, freeHeight: true };
  const code = (run: () => void) => {
    try {
      run();
      return 'ok';
    } catch (error) {
      return (error as { options?: { fieldCode?: string } }).options?.fieldCode;
    }
  };

  it('takes the target size, larger areas of its shape, and a pixel or 1 % of rounding', () => {
    for (const area of [
      { width: 400, height: 200 },
      { width: 399, height: 199 },
      { width: 1000, height: 500 },
      { width: 1000, height: 505 },
    ]) {
      expect(
        code(() => checkCropFits(area, fixed, 200)),
        JSON.stringify(area),
      ).toBe('ok');
    }
    expect(code(() => checkCropFits({ width: 398, height: 199 }, fixed, 200))).toBe(
      'images.errors.cropTooSmall',
    );
    expect(code(() => checkCropFits({ width: 400, height: 198 }, fixed, 200))).toBe(
      'images.errors.cropTooSmall',
    );
    expect(code(() => checkCropFits({ width: 1000, height: 520 }, fixed, 200))).toBe(
      'images.errors.cropRatio',
    );
  });

  it('with free height, wants the target width and 300 pixels once scaled to it', () => {
    expect(code(() => checkCropFits({ width: 400, height: 300 }, free, 300))).toBe('ok');
    expect(code(() => checkCropFits({ width: 800, height: 2000 }, free, 300))).toBe('ok');
    expect(code(() => checkCropFits({ width: 800, height: 599 }, free, 300))).toBe('ok');
    expect(code(() => checkCropFits({ width: 800, height: 500 }, free, 300))).toBe(
      'images.errors.cropTooSmall',
    );
    expect(code(() => checkCropFits({ width: 390, height: 900 }, free, 300))).toBe(
      'images.errors.cropTooSmall',
    );
  });
});

describe('clampRect', () => {
  it('cuts an overflow of a pixel or two, refuses a rectangle reaching further out', () => {
    expect(clampRect({ x: -1, y: 0, width: 401, height: 200 }, { width: 400, height: 300 })).toEqual({
      left: 0,
      top: 0,
      width: 400,
      height: 200,
    });
    expect(clampRect({ x: 300, y: 300, width: 400, height: 400 }, { width: 400, height: 400 })).toBeNull();
  });
});
