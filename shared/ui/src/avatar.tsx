import { DEFAULT_AVATAR, imageSourceOf } from '@chirp/contracts';

export interface AvatarProps {
  /** The person's picture (`profilePic`); none draws the default avatar. */
  src?: string;
  /** The size it is drawn at, in CSS pixels. */
  size: number;
  /** Its classes; `avatar` (the round picture of `@chirp/ui/styles.css`) unless told. */
  className?: string;
  alt?: string;
}

/**
 * A person's picture. One kept by the server's image store comes with smaller copies: the browser
 * takes the smallest that fills `size` at the screen's density (48 or 96 px for a 44 px avatar, not
 * the 400 px picture). Any other picture (a preset, an older upload, a `data:` URL) is drawn as it is.
 */
export function Avatar({ src, size, className = 'avatar', alt = '' }: AvatarProps) {
  const url = src || DEFAULT_AVATAR;
  const source = imageSourceOf(url, 'avatar');
  return (
    <img
      className={className}
      src={url}
      srcSet={source?.srcSet}
      sizes={source ? `${size}px` : undefined}
      alt={alt}
      width={size}
      height={size}
    />
  );
}
