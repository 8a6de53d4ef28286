/**
 * `GET /api/users/{id}/picture` and `GET /api/posts/{id}/image`: a profile picture or post image kept
 * inline (a `data:` URL) served as an image, so answers name it by URL instead of repeating its bytes.
 * Its URL carries the row's `updatedAt` (`?v=`), so it is cached for good and a new one gets a new URL.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { DATA_IMAGE_PATTERN, DECIDED_ERRORS } from '@chirp/api-rules';
import { loadPicture, loadPostImage } from '../db/compact';
import type { Services } from './context';

/** The bytes and type of a `data:image/…` URL; undefined for anything else. */
export function decodeDataImage(url: string): { type: string; bytes: Buffer } | undefined {
  if (!DATA_IMAGE_PATTERN.test(url)) return undefined;
  const comma = url.indexOf(',');
  const header = url.slice(5, comma);
  const type = header.split(';')[0]!.toLowerCase();
  const payload = url.slice(comma + 1);
  if (/;base64$/i.test(header)) return { type, bytes: Buffer.from(payload, 'base64') };
  try {
    return { type, bytes: Buffer.from(decodeURIComponent(payload)) };
  } catch {
    // Malformed percent-encoding: stored before the rules refused it, it names no image.
    return undefined;
  }
}

/** An inline image as its own answer, cached for good (its URL changes with it). */
function sendImage(reply: FastifyReply, image: { type: string; bytes: Buffer }) {
  return reply
    .header('content-type', image.type)
    .header('cache-control', 'public, max-age=31536000, immutable')
    .header('x-content-type-options', 'nosniff')
    // An SVG served from the API's origin must never run as a page.
    .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
    .header('cross-origin-resource-policy', 'cross-origin')
    .send(image.bytes);
}

export function pictureRoutes(app: FastifyInstance, services: Services): void {
  app.get<{ Params: { userId: string } }>('/api/users/:userId/picture', async (request, reply) => {
    const picture = await loadPicture(services.sql, request.params.userId);
    const image = picture === undefined ? undefined : decodeDataImage(picture);
    if (!image) return reply.code(404).send({ errors: [DECIDED_ERRORS.userNotFound] });
    return sendImage(reply, image);
  });
  // A post image sent inline (a data: URL, as the in-browser uploader makes): answers name it by this URL.
  app.get<{ Params: { postId: string }; Querystring: { n?: string } }>('/api/posts/:postId/image', async (request, reply) => {
    // `n`: which of the post's images (2 to 4; none: the first, as before there were more).
    const position = /^[2-4]$/.test(request.query.n ?? '') ? Number(request.query.n) : 1;
    const stored = await loadPostImage(services.sql, request.params.postId, position);
    const image = stored === undefined ? undefined : decodeDataImage(stored);
    if (!image) return reply.code(404).send({ errors: [DECIDED_ERRORS.postNotFound] });
    return sendImage(reply, image);
  });
}
