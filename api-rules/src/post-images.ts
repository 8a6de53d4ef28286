/**
 * A post's images (up to four), as both back ends answer them: the first is also the one-image API's
 * `image` and `imageAlt`, so its clients see what they saw; `images` lists them all beside.
 */
import { storedImageOf, type PostImage } from '@chirp/contracts';
import type { StoredImage, StoredPost } from './database';

/** Every image of a post, in order. */
export function imagesOf(post: Pick<StoredPost, 'image' | 'imageAlt' | 'moreImages'>): StoredImage[] {
  if (post.image === undefined) return [];
  const first: StoredImage = post.imageAlt === undefined ? { image: post.image } : { image: post.image, alt: post.imageAlt };
  return [first, ...(post.moreImages ?? [])];
}

/** How an answer names the image at `position` (1 to 4): each back end serves a large inline one itself. */
export type NameImage = (image: string, position: number) => string;

/** One image as answers show it: its size (from a stored image's URL) keeps its box before it loads. */
function toPostImage({ image, alt }: StoredImage, named: string): PostImage {
  const stored = storedImageOf(image);
  return {
    image: named,
    ...(alt === undefined ? {} : { alt }),
    ...(stored ? { width: stored.width, height: stored.height } : {}),
  };
}

/** The compact form's `images` (and the export's): absent for a post without images. */
export function imagesField(images: readonly StoredImage[], name: NameImage): { images?: PostImage[] } {
  if (images.length === 0) return {};
  return { images: images.map((entry, index) => toPostImage(entry, name(entry.image, index + 1))) };
}
