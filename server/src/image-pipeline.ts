/**
 * What the server keeps of an accepted image: the image itself, decoded and written again in its
 * own format — upright (its EXIF orientation applied) and without metadata (EXIF, GPS, XMP, IPTC,
 * comments) — and smaller WebP copies for each way it is drawn (a picture, a post image), named as
 * `@chirp/contracts`' `image-variants.ts` says so that clients find them from the URL alone.
 *
 * Bytes that do not decode as the image their signature says are refused: a file that only starts
 * like a JPEG is not kept, nor served to anyone.
 */
import { randomUUID } from 'node:crypto';
import sharp, { type Sharp } from 'sharp';
import { IMAGE_VARIANT_SIZES, imageVariantName, storedImageName, storedImageOf } from '@chirp/contracts';

/** A checked image's kind: what its bytes are, and so its name's ending and its Content-Type. */
export interface ImageKind {
  extension: string;
  contentType: string;
}

/** One file the store keeps: its name, its bytes and its Content-Type. */
export interface StoredFile {
  name: string;
  bytes: Buffer;
  contentType: string;
}

export interface ProcessedImage {
  /** The image first (its name is its URL's last part), then its copies. */
  files: StoredFile[];
  width: number;
  height: number;
}

/** Thrown for bytes that do not decode as an image. */
export class UndecodableImage extends Error {}

// An upload is at most a few MB, but a small PNG can say it is 50,000 px square: decoding stops
// beyond this many pixels (about 7,000 × 7,000) instead of taking the memory it asks for.
const MAX_INPUT_PIXELS = 50_000_000;
// The files are written once and read many times: a slower, smaller encoding is worth it.
const WEBP = { quality: 80, effort: 5 } as const;

// Images are processed once each: libvips' operation cache would only hold memory.
sharp.cache(false);

const isAnimatable = (kind: ImageKind) => kind.extension === 'gif' || kind.extension === 'webp';

/** The image of `bytes`, upright (its EXIF orientation applied), all frames of an animation. */
const uprightImage = (bytes: Buffer, kind: ImageKind) =>
  sharp(bytes, { animated: isAnimatable(kind), limitInputPixels: MAX_INPUT_PIXELS }).autoOrient();

/** The result of encoding, which decodes every pixel: a file cut short or made up fails here, before anything is kept. */
async function decoding<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    throw new UndecodableImage(error instanceof Error ? error.message : String(error));
  }
}

/** The image, upright, in the format it came in; sharp writes no metadata unless asked to. */
function inOwnFormat(image: Sharp, kind: ImageKind): Sharp {
  switch (kind.extension) {
    case 'jpg':
      return image.jpeg({ quality: 85, mozjpeg: true });
    case 'png':
      return image.png({ compressionLevel: 9 });
    case 'gif':
      return image.gif();
    default:
      return image.webp(WEBP);
  }
}

/** The image's copies as a picture (centred squares) and as a post image (widths), never larger than it. */
function variantsOf(upright: Sharp, width: number, height: number) {
  const squares = IMAGE_VARIANT_SIZES.avatar.map((size) => {
    const side = Math.min(size, width, height);
    return { size, image: upright.clone().resize(side, side, { fit: 'cover', position: 'centre' }) };
  });
  const widths = IMAGE_VARIANT_SIZES.post.map((size) => ({ size, image: upright.clone().resize({ width: Math.min(size, width) }) }));
  return [...squares, ...widths];
}

/**
 * Decodes `bytes` (of the kind their signature says), and answers the files to keep: the image
 * without metadata, upright, and its WebP copies. Throws UndecodableImage when they do not decode.
 */
export async function processImage(bytes: Buffer, kind: ImageKind): Promise<ProcessedImage> {
  const upright = uprightImage(bytes, kind);
  const original = await decoding(inOwnFormat(upright.clone(), kind).toBuffer({ resolveWithObject: true }));
  const { width } = original.info;
  // An animation's frames are stacked: its height is one frame's.
  const height = original.info.pageHeight ?? original.info.height;
  const id = randomUUID();
  const variants = await Promise.all(
    variantsOf(upright, width, height).map(async ({ size, image }) => ({
      name: imageVariantName(id, size),
      bytes: await image.webp(WEBP).toBuffer(),
      contentType: 'image/webp',
    })),
  );
  return { files: [{ name: storedImageName(id, width, height, kind.extension), bytes: original.data, contentType: kind.contentType }, ...variants], width, height };
}

/**
 * The same image written again without its metadata (upright, same format and size), for a small
 * image kept inline in a row rather than in the store. Throws UndecodableImage.
 */
export const withoutMetadata = (bytes: Buffer, kind: ImageKind): Promise<Buffer> => decoding(inOwnFormat(uprightImage(bytes, kind), kind).toBuffer());

/** Every file kept for the image named `name`: itself, and its copies when it has them. */
export function filesOfImage(name: string): string[] {
  const stored = storedImageOf(name);
  if (!stored) return [name];
  const sizes = [...IMAGE_VARIANT_SIZES.avatar, ...IMAGE_VARIANT_SIZES.post];
  return [name, ...sizes.map((size) => imageVariantName(stored.id, size))];
}
