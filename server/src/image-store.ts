/**
 * Where accepted images are kept: a folder (UPLOADS_DIR, served back by this server at
 * `/uploads/<name>`) or an S3-compatible bucket (served from S3_PUBLIC_URL, e.g. a CDN). The checks
 * (token, size, kind from the bytes) come first and are the same for both: see `uploads.ts`.
 */
import { mkdir, open, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { S3Settings, ServerConfig } from './config';
import { filesOfImage, type StoredFile } from './image-pipeline';

export interface ImageStore {
  /**
   * Keeps an image's files (`image-pipeline.ts`: the image, then its copies) under their names and
   * answers the URL the first is served at. `requestOrigin` is where the upload came to, for a store
   * this server serves itself.
   */
  save(files: StoredFile[], requestOrigin: string): Promise<string>;
  /** Removes the image kept under `name` (the last part of its URL) and its copies; one already gone is no error. */
  remove(name: string): Promise<void>;
  /** Lets go of connections when the server closes. */
  close(): Promise<void>;
}

/** Names never change their content, so caches may keep them for a year. */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';

/** Writes and flushes to disk before answering: an acknowledged upload survives a crash. */
async function writeDurably(path: string, bytes: Buffer): Promise<void> {
  const file = await open(path, 'wx');
  try {
    await file.writeFile(bytes);
    await file.sync();
  } finally {
    await file.close();
  }
}

export function folderStore(options: Pick<ServerConfig, 'uploadsDir' | 'publicUrl'>): ImageStore {
  return {
    async save(files, requestOrigin) {
      await mkdir(options.uploadsDir, { recursive: true });
      try {
        // The copies first, the image last: a crash between leaves copies no row names, which the
        // sweep of unused uploads cannot see, but never an image whose copies are missing.
        for (const file of files.slice(1)) await writeDurably(join(options.uploadsDir, file.name), file.bytes);
        await writeDurably(join(options.uploadsDir, files[0]!.name), files[0]!.bytes);
      } catch (error) {
        await Promise.all(files.map((file) => rm(join(options.uploadsDir, file.name), { force: true })));
        throw error;
      }
      return `${options.publicUrl ?? requestOrigin}/uploads/${files[0]!.name}`;
    },
    remove: async (name) => {
      await Promise.all(filesOfImage(name).map((file) => rm(join(options.uploadsDir, file), { force: true })));
    },
    close: async () => {},
  };
}

export async function s3Store(settings: S3Settings): Promise<ImageStore> {
  // Loaded only with a bucket: without one the server starts exactly as it did.
  const { DeleteObjectCommand, PutObjectCommand, S3Client } = await import('@aws-sdk/client-s3');
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials: settings.credentials,
    // A store that does not answer fails the upload (500, after the SDK's 3 tries) instead of holding it open.
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 20_000, throwOnRequestTimeout: true },
  });
  return {
    async remove(name) {
      await Promise.all(filesOfImage(name).map((key) => client.send(new DeleteObjectCommand({ Bucket: settings.bucket, Key: key }))));
    },
    async save(files) {
      const put = (file: StoredFile) =>
        client.send(
          new PutObjectCommand({ Bucket: settings.bucket, Key: file.name, Body: file.bytes, ContentType: file.contentType, CacheControl: IMMUTABLE_CACHE }),
        );
      // The copies first, the image last, as in the folder: the image is never there without them.
      try {
        await Promise.all(files.slice(1).map(put));
        await put(files[0]!);
      } catch (error) {
        await Promise.allSettled(files.map((file) => client.send(new DeleteObjectCommand({ Bucket: settings.bucket, Key: file.name }))));
        throw error;
      }
      return `${settings.publicUrl}/${files[0]!.name}`;
    },
    close: async () => client.destroy(),
  };
}

/** The bucket when one is configured, else the folder. */
export const imageStoreFor = async (config: Pick<ServerConfig, 'uploadsDir' | 'publicUrl' | 's3'>): Promise<ImageStore> =>
  config.s3 ? s3Store(config.s3) : folderStore(config);
