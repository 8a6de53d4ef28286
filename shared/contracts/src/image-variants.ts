/**
 * How the server's image store names an image and its smaller copies, so that a client holding only
 * the image's URL (a user's `profilePic`, a post's `image`) can draw it from the smallest copy that
 * fits, and reserve its box before it loads.
 *
 * - The image itself: `<uuid>-<width>x<height>.<ext>`, upright, without metadata, in the format it
 *   came in (jpg, png, gif or webp); the size in the name is its size in pixels.
 * - Its copies, WebP, beside it: `<uuid>-<size>.webp` for each size of both sets:
 *   - as a picture (`avatar`): a centred square of side `min(size, width, height)`;
 *   - as a post image (`post`): `min(size, width)` wide, the height in proportion.
 *   Every copy is written, and none is larger than the image: a copy named for more pixels than the
 *   image has holds the image's own size (never upscaled), so the names never depend on it.
 *
 * A URL without the size in its name (an image kept before the copies existed, a preset avatar, a
 * `data:` URL, another host's) has no copies: it is drawn as it is.
 */

/** The copies each image gets, in pixels: a side for pictures, a width for post images. */
export const IMAGE_VARIANT_SIZES = { avatar: [48, 96, 400], post: [640, 1280] } as const;

export type ImageRole = keyof typeof IMAGE_VARIANT_SIZES;

const STORED_IMAGE = /^(.*\/)?([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})-([1-9][0-9]{0,4})x([1-9][0-9]{0,4})\.(jpg|png|gif|webp)$/;

/** The name of a stored image of this size. */
export const storedImageName = (id: string, width: number, height: number, extension: string) => `${id}-${width}x${height}.${extension}`;

/** The name of one copy of the image `id`. */
export const imageVariantName = (id: string, size: number) => `${id}-${size}.webp`;

export interface ImageSource {
  /** A `srcset` of the copies, smallest first: `url 48w, url 96w…`. */
  srcSet: string;
  /** The size the image is drawn at, for `width` and `height`: the box is kept before it loads. */
  width: number;
  height: number;
}

/** The parts of a stored image's URL; undefined for a URL that names none. */
export function storedImageOf(url: string) {
  const match = STORED_IMAGE.exec(url);
  if (!match) return undefined;
  const [, folder = '', id, width, height, extension] = match;
  return { folder, id: id!, width: Number(width), height: Number(height), extension: extension! };
}

/**
 * The copies of the image at `url` in `role`, with the size they are drawn at (a picture: a square of
 * the shorter side; a post image: the image's own); undefined when the URL has no copies.
 */
export function imageSourceOf(url: string, role: ImageRole): ImageSource | undefined {
  const stored = storedImageOf(url);
  if (!stored) return undefined;
  const { folder, id, width, height } = stored;
  const full = role === 'avatar' ? Math.min(width, height) : width;
  const candidates = new Map<number, string>();
  // Copies larger than the image hold the image's own size: one candidate per real width.
  for (const size of IMAGE_VARIANT_SIZES[role]) {
    const real = Math.min(size, full);
    if (!candidates.has(real)) candidates.set(real, `${folder}${imageVariantName(id, size)} ${real}w`);
  }
  return { srcSet: [...candidates.values()].join(', '), width: full, height: role === 'avatar' ? full : height };
}
