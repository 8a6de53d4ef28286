import { type CompactPost, imageSourceOf } from '@chirp/contracts';
import { useState } from 'react';
import { OnDemand, onDemand } from '../on-demand';
import type { LightboxImage } from './image-lightbox';
import './post-images.css';

/** An image enlarged: loaded when first opened. */
const ImageLightbox = onDemand(() => import('./image-lightbox').then((module) => module.default));

// The image's width in the card: the main column less the avatar and the padding (about 530 px), or the phone's width less those.
const POST_IMAGE_SIZES = '(max-width: 767.98px) calc(100vw - 80px), 540px';
const POST_IMAGE_HALF_SIZES = '(max-width: 767.98px) calc(50vw - 40px), 270px';

/** One image of the grid: a button opening the lightbox at it, named by the image's description. */
function GridImage({ image, sizes, onOpen }: { image: LightboxImage; sizes: string; onOpen: () => void }) {
  const [failed, setFailed] = useState(false);
  // An image of the server's store: drawn from the copy that fills its cell.
  const source = imageSourceOf(image.src, 'post');
  if (failed) return <p className="post-card__media-error">The image could not be loaded.</p>;
  return (
    <button type="button" className="post-card__image-button" aria-haspopup="dialog" onClick={onOpen}>
      <img
        className="post-card__image"
        src={image.src}
        srcSet={source?.srcSet}
        sizes={source ? sizes : undefined}
        alt={image.alt}
        loading="lazy"
        decoding="async"
        width={source?.width ?? 1200}
        height={source?.height ?? 750}
        onError={() => setFailed(true)}
      />
    </button>
  );
}

/**
 * A post's images in a fixed box (its height is known before they load): one fills it, two side by
 * side, three as one large and two, four as 2×2. Each opens the lightbox at itself.
 */
export function PostImages({ images, className = '' }: { images: readonly LightboxImage[]; className?: string }) {
  const [opened, setOpened] = useState<number | null>(null);
  // A cell of a grid is half the box's width (or less): a smaller copy fills it.
  const sizes = images.length === 1 ? POST_IMAGE_SIZES : POST_IMAGE_HALF_SIZES;
  return (
    <div className={`post-card__media post-card__media--${images.length} ${className}`.trimEnd()}>
      {images.map((image, index) => (
        <GridImage key={`${index}:${image.src}`} image={image} sizes={sizes} onOpen={() => setOpened(index)} />
      ))}
      {opened !== null && (
        <OnDemand onFailed={() => setOpened(null)}>
          <ImageLightbox images={images} start={opened} onClose={() => setOpened(null)} />
        </OnDemand>
      )}
    </div>
  );
}

/**
 * A post's images as the grid and the lightbox show them, each with its description or the default
 * one. Among several, the default names the image's place, so that four undescribed images are not
 * four buttons of one name.
 */
export function imagesToShow(post: Pick<CompactPost, 'image' | 'imageAlt' | 'images'>, fullName: string): LightboxImage[] {
  const fallback = `Image in ${fullName}'s post`;
  const several = (post.images?.length ?? 0) > 1;
  if (post.images?.length) {
    return post.images.map((entry, index, all) => ({
      src: entry.image,
      alt: entry.alt || (several ? `Image ${index + 1} of ${all.length} in ${fullName}'s post` : fallback),
    }));
  }
  return post.image ? [{ src: post.image, alt: post.imageAlt || fallback }] : [];
}
