/**
 * Where accepted images are kept: a folder (UPLOADS_DIR, served back by this server at
 * `/uploads/<name>`) or an S3-compatible bucket (served from S3_PUBLIC_URL, e.g. a CDN). The checks
 * (token, size, kind from the bytes) come first and are the same for both: see `uploads.ts`.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, open, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { S3Settings, ServerConfig } from './config';

/** A checked image's kind: what its bytes are, and so its name's ending and its Content-Type. */
export interface ImageKind {
  extension: string;
  contentType: string;
}

export interface ImageStore {
  /**
   * Keeps the bytes under a new random name and answers the URL they are served at.
   * `requestOrigin` is where the upload came to, for a store this server serves itself.
   */
  save(bytes: Buffer, kind: ImageKind, requestOrigin: string): Promise<string>;
  /** Removes the image kept under `name` (the last part of its URL); one already gone is no error. */
  remove(name: string): Promise<void>;
  /** Lets go of connections when the server closes. */
  close(): Promise<void>;
}

/** Names never change their content, so caches may keep them for a year. */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';

const newName = (kind: ImageKind) => `${randomUUID()}.${kind.extension}`;

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
    async save(bytes, kind, requestOrigin) {
      const name = newName(kind);
      await mkdir(options.uploadsDir, { recursive: true });
      await writeDurably(join(options.uploadsDir, name), bytes);
      return `${options.publicUrl ?? requestOrigin}/uploads/${name}`;
    },
    remove: (name) => rm(join(options.uploadsDir, name), { force: true }),
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
      await client.send(new DeleteObjectCommand({ Bucket: settings.bucket, Key: name }));
    },
    async save(bytes, kind) {
      const key = newName(kind);
      await client.send(
        new PutObjectCommand({
          Bucket: settings.bucket,
          Key: key,
          Body: bytes,
          ContentType: kind.contentType,
          CacheControl: IMMUTABLE_CACHE,
        }),
      );
      return `${settings.publicUrl}/${key}`;
    },
    close: async () => client.destroy(),
  };
}

/** The bucket when one is configured, else the folder. */
export const imageStoreFor = async (config: Pick<ServerConfig, 'uploadsDir' | 'publicUrl' | 's3'>): Promise<ImageStore> =>
  config.s3 ? s3Store(config.s3) : folderStore(config);
