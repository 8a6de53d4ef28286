import { STORAGE_KEYS } from '@chirp/contracts';
import { ApiError, messageFromBody } from '../api/api-error';
import type { ImageUploader } from './image-uploader';

export interface ServerUploaderOptions {
  /** The API server's origin (the shell's `apiBaseUrl`). */
  baseUrl: string;
  fetch?: typeof fetch;
}

/**
 * The API server's own image store (so a post holds a URL, not the image's bytes): a multipart POST of `file` to `/api/uploads` with the
 * session's token; the answer's `url` (http(s)) is the image. The server checks the kind from the
 * bytes (JPEG, PNG, GIF, WebP) and the size.
 */
export function createServerUploader(options: ServerUploaderOptions): ImageUploader {
  const uploadUrl = `${options.baseUrl.replace(/\/+$/, '')}/api/uploads`;
  return {
    async upload(file) {
      const form = new FormData();
      form.append('file', file);
      const token = globalThis.localStorage?.getItem(STORAGE_KEYS.token);
      const send = options.fetch ?? globalThis.fetch;
      const response = await send(uploadUrl, { method: 'POST', headers: token ? { authorization: token } : {}, body: form });
      // A refusal (not an image, too large, over the quota) carries the server's own words for the person.
      if (!response.ok) throw new ApiError(response.status, messageFromBody(await response.json().catch(() => null), response.status));
      const body: unknown = await response.json();
      const url = (body as { url?: unknown } | null)?.url;
      if (typeof url !== 'string' || !/^https?:\/\//.test(url)) throw new Error('The API server sent no url');
      return url;
    },
  };
}
