/**
 * Images: `POST /api/uploads` (multipart field `file`, a valid token) keeps a JPEG, PNG, GIF or WebP
 * image — the kind is read from the bytes, never from the name or the declared type, and the bytes
 * must decode — in the image store (`image-store.ts`: UPLOADS_DIR, or an S3-compatible bucket),
 * without its metadata and upright, with its smaller WebP copies (`image-pipeline.ts`), and answers
 * `{ url }` and beside it the image's `width` and `height` and a `srcset` of the copies for each role.
 * `GET /uploads/<name>` serves what is in UPLOADS_DIR (with a bucket too: images kept there before
 * the switch stay reachable).
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from './config';
import { authenticate, runRoute, SERVER_ERRORS, reply, type ApiCall, type Services } from './api/context';
import { IMMUTABLE_CACHE } from './image-store';
import { type ImageKind, processImage, UndecodableImage } from './image-pipeline';
import { IMAGE_VARIANT_SIZES, imageSourceOf, type ImageRole } from '@chirp/contracts';
import { findCaller, Refusal, refuse } from '@chirp/api-rules';
import { loadUsersById } from './db/records';
import { recordUpload, uploadNameOf, withinUploadQuota } from './quotas';

export interface KnownKind extends ImageKind {
  matches: (bytes: Buffer) => boolean;
}

const startsWith = (bytes: Buffer, signature: number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((byte, index) => bytes[offset + index] === byte);
const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

export const IMAGE_KINDS: KnownKind[] = [
  { extension: 'jpg', contentType: 'image/jpeg', matches: (bytes) => startsWith(bytes, [0xff, 0xd8, 0xff]) },
  { extension: 'png', contentType: 'image/png', matches: (bytes) => startsWith(bytes, [0x89, ...ascii('PNG\r\n'), 0x1a, 0x0a]) },
  { extension: 'gif', contentType: 'image/gif', matches: (bytes) => startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a')) },
  { extension: 'webp', contentType: 'image/webp', matches: (bytes) => startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8) },
];

/** The kind of image these bytes are, from their magic numbers; undefined for anything else. */
export const imageKindOf = (bytes: Buffer) => IMAGE_KINDS.find((kind) => kind.matches(bytes));

// An image kept before the copies existed (`<uuid>.<ext>`), one kept since (`<uuid>-<w>x<h>.<ext>`), and a copy (`<uuid>-<size>.webp`).
const STORED_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(?:-[1-9][0-9]{0,4}x[1-9][0-9]{0,4})?\.(jpg|png|gif|webp)$|^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}-[1-9][0-9]{0,4}\.webp$/;

/** The image's files, decoded and cleaned; bytes that do not decode are refused as no image. */
export async function processedOrRefused(bytes: Buffer, kind: ImageKind) {
  try {
    return await processImage(bytes, kind);
  } catch (error) {
    if (error instanceof UndecodableImage) refuse(415, SERVER_ERRORS.notAnImage);
    throw error;
  }
}

/** The upload's answer: the spec's `{ url }`, and beside it what lets a client draw it at the size it is shown. */
export function uploadAnswer(url: string, width: number, height: number) {
  const roles = Object.keys(IMAGE_VARIANT_SIZES) as ImageRole[];
  const srcset = Object.fromEntries(roles.map((role) => [role, imageSourceOf(url, role)?.srcSet ?? url])) as Record<ImageRole, string>;
  return { url, width, height, srcset };
}

export type UploadOptions = Pick<ServerConfig, 'uploadsDir' | 'maxUploadBytes'>;

const isFileTooLarge = (error: unknown) => (error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE';
/** Busboy and @fastify/multipart throw plain errors (or 4xx ones) for malformed forms. */
const isClientError = (error: unknown) => {
  const { statusCode, code, message } = error as { statusCode?: number; code?: string; message?: string };
  return (statusCode !== undefined && statusCode < 500) || /^FST_/.test(code ?? '') || /multipart|boundary|part|form/i.test(message ?? '');
};

export function uploadRoutes(app: FastifyInstance, services: Services, options: UploadOptions): void {
  app.post('/api/uploads', async (request, response) => {
    const call: ApiCall = {
      method: 'POST',
      path: '/api/uploads',
      params: {},
      query: new URLSearchParams(),
      headers: { authorization: request.headers.authorization },
      body: null,
    };
    const { status, body, headers } = await runRoute(
      async () => {
        const claims = await authenticate(call, services);
        // Like every protected call: a token that outlived its user is refused.
        findCaller({ tokenSecret: '', posts: [], users: await loadUsersById(services.sql, [claims._id]) }, claims);
        if (!request.isMultipart()) refuse(400, SERVER_ERRORS.noFile);
        let bytes: Buffer;
        try {
          const part = await request.file();
          if (!part || part.fieldname !== 'file') refuse(400, SERVER_ERRORS.noFile);
          bytes = await part.toBuffer();
        } catch (error) {
          if (error instanceof Refusal) throw error;
          if (isFileTooLarge(error)) refuse(413, SERVER_ERRORS.imageTooLarge(options.maxUploadBytes));
          // A body that is not the multipart form it says it is (a bad boundary, cut short…).
          if (isClientError(error)) refuse(400, SERVER_ERRORS.badMultipart);
          throw error;
        }
        const kind = imageKindOf(bytes) ?? refuse(415, SERVER_ERRORS.notAnImage);
        const image = await processedOrRefused(bytes, kind);
        const url = await withinUploadQuota(services.sql, claims._id, bytes.length, services.quotas, async () => {
          const saved = await services.images.save(image.files, `${request.protocol}://${request.host}`);
          await recordUpload(services.sql, uploadNameOf(saved), claims._id, bytes.length);
          return saved;
        });
        return reply(uploadAnswer(url, image.width, image.height), 201);
      },
      call,
      services,
    );
    return response.code(status).headers(headers ?? {}).send(body);
  });

  app.get<{ Params: { name: string } }>('/uploads/:name', async (request, response) => {
    const { name } = request.params;
    const kind = IMAGE_KINDS.find((entry) => name.endsWith(`.${entry.extension}`));
    const path = join(options.uploadsDir, name);
    const found = STORED_NAME.test(name) && kind && (await stat(path).catch(() => null))?.isFile();
    if (!found || !kind) return response.code(404).send({ errors: ['There is no such image.'] });
    return response
      .header('content-type', kind.contentType)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', IMMUTABLE_CACHE)
      .header('cross-origin-resource-policy', 'cross-origin')
      .send(createReadStream(path));
  });
}
