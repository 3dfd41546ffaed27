import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { checkCropFits, clampRect, cropFree, cropToTarget, rotatedSize, type SourceImage } from './images';

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

/** A plain image as an upload reads it. */
async function source(width: number, height: number): Promise<SourceImage> {
  const bytes = await sharp({ create: { width, height, channels: 3, background: '#3366aa' } })
    .jpeg()
    .toBuffer();
  return { bytes, width, height, hasAlpha: false };
}

const fieldCodeOf = async (work: Promise<unknown>) =>
  work.then(
    () => 'ok',
    (error: { options?: { fieldCode?: string } }) => error.options?.fieldCode,
  );

describe('E9: image type 12, a free ratio at a fixed width with a minimum height', () => {
  // What the upload service gives cropToTarget for type 12 with 650 × 320: free height, 320 at least.
  const type12 = { width: 650, height: 320, freeHeight: true };

  it('keeps the crop’s ratio at the target width, never lower than the minimum height', async () => {
    const tall = await cropToTarget(
      await source(1300, 1600),
      type12,
      { x: 0, y: 0, width: 1300, height: 1600 },
      4000,
    );
    expect([tall.width, tall.height]).toEqual([650, 800]);
    const wide = await cropToTarget(await source(1300, 640), type12, undefined, 4000);
    expect([wide.width, wide.height]).toEqual([650, 320]);
  });

  it('refuses an image or a crop under the required size', async () => {
    expect(await fieldCodeOf(cropToTarget(await source(600, 900), type12, undefined, 4000))).toBe(
      'images.errors.tooSmall',
    );
    expect(await fieldCodeOf(cropToTarget(await source(700, 300), type12, undefined, 4000))).toBe(
      'images.errors.tooSmall',
    );
    const crop = { x: 0, y: 0, width: 1300, height: 500 };
    expect(await fieldCodeOf(cropToTarget(await source(1300, 1000), type12, crop, 4000))).toBe(
      'images.errors.cropTooSmall',
    );
  });
});

describe('E9: width and height 0, free', () => {
  it('keeps the crop at its own size and ratio, however small', async () => {
    const small = await cropFree(await source(120, 90), { x: 10, y: 5, width: 37, height: 61 }, 4000);
    expect([small.width, small.height]).toEqual([37, 61]);
    const whole = await cropFree(await source(64, 48), undefined, 4000);
    expect([whole.width, whole.height]).toEqual([64, 48]);
  });

  it('only scales down what is larger than the largest side', async () => {
    const large = await cropFree(await source(900, 300), undefined, 450);
    expect([large.width, large.height]).toEqual([450, 150]);
  });

  it('refuses a rectangle reaching outside the image', async () => {
    expect(
      await fieldCodeOf(cropFree(await source(100, 100), { x: 50, y: 50, width: 200, height: 200 }, 4000)),
    ).toBe('images.errors.invalidCrop');
  });
});
