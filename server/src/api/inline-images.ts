/**
 * A profile picture or post image sent inline, as a `data:` URL (the spec's sign-up and edit take
 * one, and so do clients of the original mock back end), is kept in the image store like an upload,
 * and the change stores its URL instead. Rows stay small, no read carries the bytes, and the image is
 * served and cached by the store (a folder or a bucket) like every other.
 *
 * Only what an upload would accept is kept so: a JPEG, PNG, GIF or WebP image (read from its bytes,
 * and decoding), base64-encoded, within the size the rules allow for its purpose; it is kept as an
 * upload is, without metadata, upright and with its smaller copies. One small enough to be answered
 * inline stays inline, but written again without its metadata, so no GPS position rides along in a
 * row either. Anything else goes to the rules as sent, which refuse it or keep it inline (a small
 * picture, an SVG) as before. A change refused after its image was kept leaves an upload nobody uses:
 * the sweep of unused uploads removes it.
 */
import { randomUUID } from 'node:crypto';
import { DATA_IMAGE_PATTERN, isInlinePicture, LIMITS, type RouteName, type TokenClaims } from '@chirp/api-rules';
import { imageKindOf } from '../uploads';
import { type ImageKind, processImage, UndecodableImage, withoutMetadata } from '../image-pipeline';
import { recordUpload, uploadNameOf, withinUploadQuota } from '../quotas';
import type { ApiCall, RouteHandler, Services } from './context';

type JsonObject = Record<string, unknown>;

/** Where each change's body carries its image, and how large its purpose allows it to be. */
const IMAGE_FIELDS = {
  signup: { holder: (body: JsonObject) => body, field: 'profilePic', maxBytes: LIMITS.maxProfilePictureBytes },
  editProfile: { holder: (body: JsonObject) => body.userData, field: 'profilePic', maxBytes: LIMITS.maxProfilePictureBytes },
  createPost: { holder: (body: JsonObject) => body.postData, field: 'image', maxBytes: LIMITS.maxPostImageBytes },
  editPost: { holder: (body: JsonObject) => body.postData, field: 'image', maxBytes: LIMITS.maxPostImageBytes },
} satisfies Partial<Record<RouteName, unknown>>;

type ImageRoute = keyof typeof IMAGE_FIELDS;

const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);
const BASE64_PAYLOAD = /^[A-Za-z0-9+/]*={0,2}$/;

function parsed(body: string | null): JsonObject | undefined {
  if (body === null) return undefined;
  try {
    const value: unknown = JSON.parse(body);
    return isObject(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** The image a change's body carries inline, when it is one to keep in the store. */
export function inlineImageOf(route: ImageRoute, body: string | null) {
  const where = IMAGE_FIELDS[route];
  const json = parsed(body);
  const holder = json && where.holder(json);
  const value = isObject(holder) ? holder[where.field] : undefined;
  if (typeof value !== 'string' || !DATA_IMAGE_PATTERN.test(value)) return undefined;
  const comma = value.indexOf(',');
  const payload = value.slice(comma + 1);
  if (!/;base64$/i.test(value.slice(0, comma)) || !BASE64_PAYLOAD.test(payload)) return undefined;
  const bytes = Buffer.from(payload, 'base64');
  const kind = imageKindOf(bytes);
  if (!kind || bytes.length > where.maxBytes) return undefined;
  /** The body with the image named by `url` instead. */
  const withUrl = (url: string) => {
    (holder as JsonObject)[where.field] = url;
    return JSON.stringify(json);
  };
  return { bytes, kind, withUrl, small: isInlinePicture(value) };
}

/** `work` done, or undefined for bytes that do not decode: the rules then decide on the body as sent. */
async function unlessUndecodable<T>(work: Promise<T>): Promise<T | undefined> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof UndecodableImage) return undefined;
    throw error;
  }
}

const dataUrlOf = (bytes: Buffer, kind: ImageKind) => `data:${kind.contentType};base64,${bytes.toString('base64')}`;

/**
 * The change's handler, with an inline image kept in the store first. The caller's uploads quota
 * counts it, as an upload would be counted; a sign-up has no account yet and is bounded by the
 * sign-ups per address.
 */
function keepingInlineImage(route: ImageRoute, handler: RouteHandler): RouteHandler {
  return async (call: ApiCall, services: Services, claims: TokenClaims | undefined) => {
    const image = inlineImageOf(route, call.body);
    if (!image) return handler(call, services, claims);
    if (image.small) {
      const cleaned = await unlessUndecodable(withoutMetadata(image.bytes, image.kind));
      return handler(cleaned ? { ...call, body: image.withUrl(dataUrlOf(cleaned, image.kind)) } : call, services, claims);
    }
    const processed = await unlessUndecodable(processImage(image.bytes, image.kind));
    if (!processed) return handler(call, services, claims);
    const owner = claims?._id ?? randomUUID();
    const keep = async () => {
      const url = await services.images.save(processed.files, call.origin ?? '');
      await recordUpload(services.sql, uploadNameOf(url), owner, image.bytes.length);
      return url;
    };
    const url = claims ? await withinUploadQuota(services.sql, owner, image.bytes.length, services.quotas, keep) : await keep();
    return handler({ ...call, body: image.withUrl(url) }, services, claims);
  };
}

/** The handlers, with each change that takes an image keeping an inline one in the store. */
export function keepingInlineImages<Handlers extends Record<ImageRoute, RouteHandler>>(handlers: Handlers): Handlers {
  const wrapped = { ...handlers };
  for (const route of Object.keys(IMAGE_FIELDS) as ImageRoute[]) wrapped[route] = keepingInlineImage(route, handlers[route]) as Handlers[ImageRoute];
  return wrapped;
}
