/**
 * Images: `POST /api/uploads` (multipart field `file`, a valid token) keeps a JPEG, PNG, GIF or WebP
 * image — the kind is read from the bytes, never from the name or the declared type — and answers
 * `{ url }`; `GET /uploads/<name>` serves it. Files live in UPLOADS_DIR (a shared volume, or object
 * storage behind a CDN, when several instances run).
 */
import { createReadStream } from 'node:fs';
import { mkdir, open, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from './config';
import { authenticate, runRoute, SERVER_ERRORS, reply, type ApiCall, type Services } from './api/context';
import { refuse } from '@chirp/api-rules';

interface ImageKind {
  extension: string;
  contentType: string;
  matches: (bytes: Buffer) => boolean;
}

const startsWith = (bytes: Buffer, signature: number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((byte, index) => bytes[offset + index] === byte);
const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

export const IMAGE_KINDS: ImageKind[] = [
  { extension: 'jpg', contentType: 'image/jpeg', matches: (bytes) => startsWith(bytes, [0xff, 0xd8, 0xff]) },
  { extension: 'png', contentType: 'image/png', matches: (bytes) => startsWith(bytes, [0x89, ...ascii('PNG\r\n'), 0x1a, 0x0a]) },
  { extension: 'gif', contentType: 'image/gif', matches: (bytes) => startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a')) },
  { extension: 'webp', contentType: 'image/webp', matches: (bytes) => startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8) },
];

/** The kind of image these bytes are, from their magic numbers; undefined for anything else. */
export const imageKindOf = (bytes: Buffer) => IMAGE_KINDS.find((kind) => kind.matches(bytes));

const STORED_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(jpg|png|gif|webp)$/;

type UploadOptions = Pick<ServerConfig, 'uploadsDir' | 'maxUploadBytes' | 'publicUrl'>;

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

const isFileTooLarge = (error: unknown) => (error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE';

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
    const { status, body } = await runRoute(
      async () => {
        await authenticate(call, services);
        if (!request.isMultipart()) refuse(400, SERVER_ERRORS.noFile);
        const part = await request.file();
        if (!part || part.fieldname !== 'file') refuse(400, SERVER_ERRORS.noFile);
        let bytes: Buffer;
        try {
          bytes = await part.toBuffer();
        } catch (error) {
          if (isFileTooLarge(error)) refuse(413, SERVER_ERRORS.imageTooLarge(options.maxUploadBytes));
          throw error;
        }
        const kind = imageKindOf(bytes) ?? refuse(415, SERVER_ERRORS.notAnImage);
        const name = `${crypto.randomUUID()}.${kind.extension}`;
        await mkdir(options.uploadsDir, { recursive: true });
        await writeDurably(join(options.uploadsDir, name), bytes);
        const origin = options.publicUrl ?? `${request.protocol}://${request.host}`;
        return reply({ url: `${origin}/uploads/${name}` }, 201);
      },
      call,
      services,
    );
    return response.code(status).send(body);
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
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('cross-origin-resource-policy', 'cross-origin')
      .send(createReadStream(path));
  });
}
