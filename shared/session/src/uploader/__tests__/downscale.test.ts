// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { MAX_IMAGE_BYTES, MAX_IMAGE_SIDE } from '@chirp/contracts';
import { encodingAttempts, fitsLimits, fitWithin } from '../downscale';

describe('fitWithin', () => {
  it.each([
    [{ width: 4000, height: 3000 }, { width: 1600, height: 1200 }],
    [{ width: 3000, height: 4000 }, { width: 1200, height: 1600 }],
    [{ width: 1601, height: 10 }, { width: 1600, height: 10 }],
    [{ width: 20000, height: 5 }, { width: 1600, height: 1 }],
    [{ width: 1600, height: 900 }, { width: 1600, height: 900 }],
    [{ width: 300, height: 200 }, { width: 300, height: 200 }],
  ])('fits %j into %j', (size, expected) => {
    expect(fitWithin(size, MAX_IMAGE_SIDE)).toEqual(expected);
  });
});

describe('fitsLimits', () => {
  it('keeps an image within both limits, and goes by bytes when the size is unknown', () => {
    expect(fitsLimits({ width: 1600, height: 1600 }, MAX_IMAGE_BYTES)).toBe(true);
    expect(fitsLimits({ width: 1601, height: 10 }, 1000)).toBe(false);
    expect(fitsLimits({ width: 100, height: 100 }, MAX_IMAGE_BYTES + 1)).toBe(false);
    expect(fitsLimits(null, 5000)).toBe(true);
    expect(fitsLimits(null, MAX_IMAGE_BYTES + 1)).toBe(false);
  });
});

describe('encodingAttempts', () => {
  const attempts = [...encodingAttempts({ width: 6000, height: 4000 })];

  it('starts at the fitted size, at falling quality', () => {
    expect(attempts.slice(0, 3)).toEqual([
      { width: 1600, height: 1067, quality: 0.9 },
      { width: 1600, height: 1067, quality: 0.8 },
      { width: 1600, height: 1067, quality: 0.7 },
    ]);
  });

  it('then shrinks, keeping the ratio, and stops', () => {
    const sides = attempts.map((attempt) => Math.max(attempt.width, attempt.height));
    expect(sides).toEqual([...sides].sort((a, b) => b - a));
    expect(sides[3]).toBe(1200);
    expect(Math.min(...sides)).toBeGreaterThanOrEqual(200);
    expect(attempts.length).toBeLessThan(15);
    for (const attempt of attempts) expect(attempt.width / attempt.height).toBeCloseTo(1.5, 1);
  });

  it('never enlarges a small image', () => {
    const small = [...encodingAttempts({ width: 400, height: 300 })];
    expect(small[0]).toEqual({ width: 400, height: 300, quality: 0.9 });
  });
});
