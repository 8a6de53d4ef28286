import { type ImageLimits, POST_IMAGE_LIMITS } from '@chirp/contracts';

export interface ImageSize {
  width: number;
  height: number;
}

export interface EncodingAttempt extends ImageSize {
  /** JPEG quality, 0..1. */
  quality: number;
}

/** The size that fits within `maxSide` on its longest side, keeping the ratio; never enlarges. */
export function fitWithin(size: ImageSize, maxSide: number): ImageSize {
  const longest = Math.max(size.width, size.height);
  if (longest <= maxSide) return { width: size.width, height: size.height };
  const scale = maxSide / longest;
  return {
    width: Math.max(1, Math.round(size.width * scale)),
    height: Math.max(1, Math.round(size.height * scale)),
  };
}

/** Whether an image can be kept as it is. Unknown dimensions (an SVG without a size) go by bytes alone. */
export function fitsLimits(size: ImageSize | null, bytes: number, limits: ImageLimits = POST_IMAGE_LIMITS): boolean {
  const sideFits = size === null || Math.max(size.width, size.height) <= limits.maxSide;
  return sideFits && bytes <= limits.maxBytes;
}

const QUALITIES = [0.9, 0.8, 0.7];
const SHRINK = 0.75;
/** Below this a photo is no longer worth posting; the upload fails instead. */
const SMALLEST_SIDE = 200;

/**
 * The encodings to try, in order, until one is small enough: the fitted size at falling qualities,
 * then ever smaller sizes at the lowest quality.
 */
export function* encodingAttempts(size: ImageSize, limits: ImageLimits = POST_IMAGE_LIMITS): Generator<EncodingAttempt> {
  const fitted = fitWithin(size, limits.maxSide);
  for (const quality of QUALITIES) yield { ...fitted, quality };
  const quality = QUALITIES[QUALITIES.length - 1]!;
  let side = Math.max(fitted.width, fitted.height) * SHRINK;
  while (side >= Math.min(SMALLEST_SIDE, limits.maxSide / 4)) {
    yield { ...fitWithin(fitted, Math.round(side)), quality };
    side *= SHRINK;
  }
}
