import { MESSAGES, POST_IMAGE_LIMITS, PROFILE_PICTURE_LIMITS } from '@chirp/contracts';
import { createHostedUploader, type HostedUploaderOptions } from './hosted-uploader';
import { createLocalUploader, shrinkImage } from './local-uploader';
import { createServerUploader, type ServerUploaderOptions } from './server-uploader';

/** Turns an image file into the URL a post or a profile stores. */
export interface ImageUploader {
  upload(file: Blob): Promise<string>;
}

export type UploaderChoice =
  | { kind: 'local' }
  | ({ kind: 'hosted' } & HostedUploaderOptions)
  | ({ kind: 'server' } & ServerUploaderOptions)
  | ImageUploader;

let current: ImageUploader = createLocalUploader();

/**
 * Chooses the uploader: `{ kind: 'hosted', cloudName, uploadPreset }` for the image service of spec 7,
 * `{ kind: 'local' }` (the default: no network, a downscaled data: URL), `{ kind: 'server', baseUrl }`
 * (the API server's `/api/uploads`, when the app runs against it), or any `ImageUploader`.
 */
export function configureUploader(choice: UploaderChoice): void {
  if ('upload' in choice) current = choice;
  else if (choice.kind === 'hosted') current = createHostedUploader(choice);
  else if (choice.kind === 'server') current = createServerUploader(choice);
  else current = createLocalUploader();
}

/**
 * What an image is for. Before any uploader sees it, a post image is made at most 1600 px and 1 MiB,
 * a profile picture at most 400×400 and 256 KiB: what both back ends accept.
 */
export type ImagePurpose = 'post' | 'profile';

/** Uploads with the configured uploader. Any failure is an Error reading 'Server Error' (spec 8). */
export async function uploadImage(file: Blob, purpose: ImagePurpose = 'post'): Promise<string> {
  let url: string;
  try {
    url = await current.upload(await shrinkImage(file, purpose === 'profile' ? PROFILE_PICTURE_LIMITS : POST_IMAGE_LIMITS));
  } catch (error) {
    console.warn('Image upload failed:', error);
    throw new Error(MESSAGES.uploadFailed, { cause: error });
  }
  if (typeof url !== 'string' || url === '') throw new Error(MESSAGES.uploadFailed);
  return url;
}
