/** Image limits both back ends enforce and the uploaders keep to, so an image the page sends is never refused for its size. */
/** A post image: longest side at most 1600 px, at most 1 MiB. */
export const MAX_IMAGE_SIDE = 1600;
export const MAX_IMAGE_BYTES = 1024 * 1024;

/** How large an image may leave the browser: its longest side and its bytes. */
export interface ImageLimits {
  maxSide: number;
  maxBytes: number;
}

/** A post image: both back ends refuse one over 1 MiB. */
export const POST_IMAGE_LIMITS: ImageLimits = { maxSide: MAX_IMAGE_SIDE, maxBytes: MAX_IMAGE_BYTES };
/** A profile picture is shown at most a few hundred pixels wide: 400×400, and both back ends refuse one over 256 KiB. */
export const PROFILE_PICTURE_LIMITS: ImageLimits = { maxSide: 400, maxBytes: 256 * 1024 };

