/**
 * `GET /api/users/{id}/picture`: a profile picture kept inline (a `data:` URL) served as an image, so
 * compact answers can name it by URL instead of repeating it in every post card. Its URL carries the
 * user's `updatedAt` (`?v=`), so it is cached for good and a new picture gets a new URL.
 */
import type { FastifyInstance } from 'fastify';
import { DATA_IMAGE_PATTERN, DECIDED_ERRORS } from '@chirp/api-rules';
import { loadPicture } from '../db/compact';
import type { Services } from './context';

/** The bytes and type of a `data:image/…` URL; undefined for anything else. */
export function decodeDataImage(url: string): { type: string; bytes: Buffer } | undefined {
  if (!DATA_IMAGE_PATTERN.test(url)) return undefined;
  const comma = url.indexOf(',');
  const header = url.slice(5, comma);
  const type = header.split(';')[0]!.toLowerCase();
  const payload = url.slice(comma + 1);
  const bytes = /;base64$/i.test(header) ? Buffer.from(payload, 'base64') : Buffer.from(decodeURIComponent(payload));
  return { type, bytes };
}

export function pictureRoutes(app: FastifyInstance, services: Services): void {
  app.get<{ Params: { userId: string } }>('/api/users/:userId/picture', async (request, reply) => {
    const picture = await loadPicture(services.sql, request.params.userId);
    const image = picture === undefined ? undefined : decodeDataImage(picture);
    if (!image) return reply.code(404).send({ errors: [DECIDED_ERRORS.userNotFound] });
    return reply
      .header('content-type', image.type)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      // An SVG served from the API's origin must never run as a page.
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
      .header('cross-origin-resource-policy', 'cross-origin')
      .send(image.bytes);
  });
}
