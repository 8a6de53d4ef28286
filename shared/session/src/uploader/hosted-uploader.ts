import type { ImageUploader } from './image-uploader';

export interface HostedUploaderOptions {
  cloudName: string;
  uploadPreset: string;
  /** Defaults to the service's unsigned upload address for `cloudName`. */
  uploadUrl?: string;
  fetch?: typeof fetch;
}

/** Spec 7: a multipart POST with `file`, an upload preset and a cloud name; the answer's `url` is the image. */
export function createHostedUploader(options: HostedUploaderOptions): ImageUploader {
  const { cloudName, uploadPreset } = options;
  const uploadUrl = options.uploadUrl ?? `https://api.cloudinary.com/v1_1/${encodeURIComponent(cloudName)}/image/upload`;
  return {
    async upload(file) {
      const form = new FormData();
      form.append('file', file);
      form.append('upload_preset', uploadPreset);
      form.append('cloud_name', cloudName);
      const send = options.fetch ?? globalThis.fetch;
      const response = await send(uploadUrl, { method: 'POST', body: form });
      if (!response.ok) throw new Error(`The image service answered ${response.status}`);
      const body: unknown = await response.json();
      const url = (body as { url?: unknown } | null)?.url;
      if (typeof url !== 'string' || !/^https?:\/\//.test(url)) throw new Error('The image service sent no url');
      return url;
    },
  };
}
