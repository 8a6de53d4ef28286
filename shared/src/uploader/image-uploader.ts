import { MESSAGES } from '../constants';
import { createHostedUploader, type HostedUploaderOptions } from './hosted-uploader';
import { PROFILE_PICTURE_LIMITS } from './downscale';
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

/** What an image is for: a profile picture is made at most 400×400 and 256 KiB before it leaves the browser. */
export type ImagePurpose = 'post' | 'profile';

/** Uploads with the configured uploader. Any failure is an Error reading 'Server Error' (spec 8). */
export async function uploadImage(file: Blob, purpose: ImagePurpose = 'post'): Promise<string> {
  let url: string;
  try {
    url = await current.upload(purpose === 'profile' ? await shrinkImage(file, PROFILE_PICTURE_LIMITS) : file);
  } catch (error) {
    console.warn('Image upload failed:', error);
    throw new Error(MESSAGES.uploadFailed, { cause: error });
  }
  if (typeof url !== 'string' || url === '') throw new Error(MESSAGES.uploadFailed);
  return url;
}
