/** Spec 5: a profile picture may be a JPEG, PNG or GIF image, nothing else. */
export const PICTURE_TYPES = ['image/jpeg', 'image/png', 'image/gif'] as const;
export const PICTURE_ACCEPT = PICTURE_TYPES.join(',');
export const PICTURE_REFUSED = 'Only JPEG, PNG or GIF images can be used.';

/** The `accept` attribute only filters the file picker; a dropped or forced file is checked here. */
export function isAcceptedPicture(file: File): boolean {
  return (PICTURE_TYPES as readonly string[]).includes(file.type);
}
