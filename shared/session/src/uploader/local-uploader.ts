import { type ImageLimits, POST_IMAGE_LIMITS } from '@chirp/contracts';
import { encodingAttempts, fitsLimits, type EncodingAttempt, type ImageSize } from './downscale';
import type { ImageUploader } from './image-uploader';

/** A decoded image that can be re-encoded at other sizes. */
export interface OpenedImage {
  /** Null when the image has no intrinsic size (some SVGs). */
  size: ImageSize | null;
  encode(attempt: EncodingAttempt): Promise<Blob>;
  close(): void;
}

/** What the local uploader needs from the browser; tests pass their own. */
export interface ImageTools {
  open(file: Blob): Promise<OpenedImage>;
  toDataUrl(blob: Blob): Promise<string>;
}

function readAsDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(blob);
  });
}

async function openInBrowser(file: Blob): Promise<OpenedImage> {
  const url = URL.createObjectURL(file);
  const image = new Image();
  image.src = url;
  try {
    await image.decode();
  } catch (error) {
    URL.revokeObjectURL(url);
    throw error;
  }
  const { naturalWidth: width, naturalHeight: height } = image;
  return {
    size: width > 0 && height > 0 ? { width, height } : null,
    async encode({ width: targetWidth, height: targetHeight, quality }) {
      const canvas = document.createElement('canvas');
      canvas.width = targetWidth;
      canvas.height = targetHeight;
      const context = canvas.getContext('2d');
      if (!context) throw new Error('No 2D canvas');
      // JPEG has no transparency: a transparent PNG gets a white background, not a black one.
      context.fillStyle = '#fff';
      context.fillRect(0, 0, targetWidth, targetHeight);
      context.imageSmoothingQuality = 'high';
      context.drawImage(image, 0, 0, targetWidth, targetHeight);
      return new Promise<Blob>((resolve, reject) =>
        canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('Encoding failed'))), 'image/jpeg', quality),
      );
    },
    close: () => URL.revokeObjectURL(url),
  };
}

export const browserImageTools: ImageTools = { open: openInBrowser, toDataUrl: readAsDataUrl };

/**
 * The image itself when it fits `limits`, else a JPEG of it downscaled and re-encoded until it fits
 * (an animated GIF then loses its animation). Fails when no size small enough is worth keeping.
 */
export async function shrinkImage(file: Blob, limits: ImageLimits, tools: ImageTools = browserImageTools): Promise<Blob> {
  if (!file.type.startsWith('image/')) throw new Error(`Not an image: ${file.type || 'unknown type'}`);
  const image = await tools.open(file);
  try {
    if (fitsLimits(image.size, file.size, limits)) return file;
    if (!image.size) throw new Error('The image is too large and has no size to scale by');
    for (const attempt of encodingAttempts(image.size, limits)) {
      const encoded = await image.encode(attempt);
      if (encoded.size <= limits.maxBytes) return encoded;
    }
    throw new Error('The image could not be made small enough');
  } finally {
    image.close();
  }
}

/**
 * The default uploader: no network. An image within 1600 px and 1 MiB is kept as it is; a larger one is
 * shrunk (`shrinkImage`). The result is a `data:` URL.
 */
export function createLocalUploader(tools: ImageTools = browserImageTools): ImageUploader {
  return {
    upload: async (file) => tools.toDataUrl(await shrinkImage(file, POST_IMAGE_LIMITS, tools)),
  };
}
