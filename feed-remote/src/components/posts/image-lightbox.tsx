import { imageSourceOf } from '@chirp/contracts';
import { ChevronRightIcon } from '@chirp/ui';
import { useEffect, useState } from 'react';
import { FeedDialog } from '../feed-dialog';
import './image-lightbox.css';

export interface LightboxImage {
  src: string;
  alt: string;
}

/**
 * A post's images, one at a time and as large as the screen allows, each with its description
 * shown: the left and right arrow keys (or the buttons) move between them, Escape closes. Opened
 * from an image of a post; loaded when first opened.
 */
export default function ImageLightbox({ images, start = 0, onClose }: { images: readonly LightboxImage[]; start?: number; onClose: () => void }) {
  const [index, setIndex] = useState(start);
  const image = images[index]!;
  const many = images.length > 1;
  const move = (step: number) => setIndex((current) => (current + step + images.length) % images.length);
  // The arrow keys move wherever focus is in the dialog (the page behind it is inert while it is open).
  useEffect(() => {
    if (!many) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
      event.preventDefault();
      setIndex((current) => (current + (event.key === 'ArrowLeft' ? -1 : 1) + images.length) % images.length);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [many, images.length]);
  // The whole image, from the largest copy the screen can use (a stored image has one of 1280 px).
  const source = imageSourceOf(image.src, 'post');
  return (
    <FeedDialog title={many ? `Image ${index + 1} of ${images.length}` : 'Image'} onClose={onClose} className="image-lightbox">
      {() => (
        <figure className="image-lightbox__figure">
          <div className="image-lightbox__stage">
            {many && (
              <button type="button" className="image-lightbox__step image-lightbox__step--back" aria-label="Previous image" onClick={() => move(-1)}>
                <ChevronRightIcon />
              </button>
            )}
            <img
              className="image-lightbox__image"
              src={image.src}
              srcSet={source?.srcSet}
              sizes={source ? '100vw' : undefined}
              width={source?.width}
              height={source?.height}
              alt={image.alt}
              // Where focus starts: on what the dialog is about (one element, whose picture changes).
              tabIndex={0}
              data-autofocus
            />
            {many && (
              <button type="button" className="image-lightbox__step" aria-label="Next image" onClick={() => move(1)}>
                <ChevronRightIcon />
              </button>
            )}
          </div>
          <figcaption className="image-lightbox__alt">{image.alt}</figcaption>
        </figure>
      )}
    </FeedDialog>
  );
}
