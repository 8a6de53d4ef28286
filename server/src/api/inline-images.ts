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

/** Where each change's body carries its images (a post: `image` and each of `images`), and how large each may be. */
const IMAGE_FIELDS = {
  signup: { holders: (body: JsonObject) => [body], field: 'profilePic', maxBytes: LIMITS.maxProfilePictureBytes },
  editProfile: { holders: (body: JsonObject) => [body.userData], field: 'profilePic', maxBytes: LIMITS.maxProfilePictureBytes },
  createPost: { holders: postImageHolders, field: 'image', maxBytes: LIMITS.maxPostImageBytes },
  editPost: { holders: postImageHolders, field: 'image', maxBytes: LIMITS.maxPostImageBytes },
} satisfies Partial<Record<RouteName, unknown>>;

type ImageRoute = keyof typeof IMAGE_FIELDS;

const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);
const BASE64_PAYLOAD = /^[A-Za-z0-9+/]*={0,2}$/;

/** The objects of a post's body that hold an `image`: `postData`, and each entry of its `images` (up to four: more are refused). */
function postImageHolders(body: JsonObject): unknown[] {
  const postData = body.postData;
  if (!isObject(postData)) return [];
  const images = Array.isArray(postData.images) ? postData.images.slice(0, LIMITS.maxPostImages) : [];
  return [postData, ...images];
}

function parsed(body: string | null): JsonObject | undefined {
  if (body === null) return undefined;
  try {
    const value: unknown = JSON.parse(body);
    return isObject(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** The image a field holds inline, when it is one to keep in the store. */
function keepableImage(value: unknown, maxBytes: number) {
  if (typeof value !== 'string' || !DATA_IMAGE_PATTERN.test(value)) return undefined;
  const comma = value.indexOf(',');
  const payload = value.slice(comma + 1);
  if (!/;base64$/i.test(value.slice(0, comma)) || !BASE64_PAYLOAD.test(payload)) return undefined;
  const bytes = Buffer.from(payload, 'base64');
  const kind = imageKindOf(bytes);
  if (!kind || bytes.length > maxBytes) return undefined;
  return { value, bytes, kind, small: isInlinePicture(value) };
}

/**
 * The images a change's body carries inline, when there are any to keep in the store, and the body
 * with each named by its new URL (`withUrls`: from each image's `value` to its URL).
 */
export function inlineImagesOf(route: ImageRoute, body: string | null) {
  const where = IMAGE_FIELDS[route];
  const json = parsed(body);
  if (!json) return undefined;
  const holders = where.holders(json).filter(isObject);
  const images = holders.flatMap((holder) => keepableImage(holder[where.field], where.maxBytes) ?? []);
  if (images.length === 0) return undefined;
  const withUrls = (urls: ReadonlyMap<string, string>) => {
    for (const holder of holders) {
      const url = urls.get(holder[where.field] as string);
      if (url !== undefined) holder[where.field] = url;
    }
    return JSON.stringify(json);
  };
  // The same image sent twice (a post's `image` and its first of `images`) is kept once.
  const distinct = [...new Map(images.map((image) => [image.value, image])).values()];
  return { images: distinct, withUrls };
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

type InlineImage = NonNullable<ReturnType<typeof inlineImagesOf>>['images'][number];

/**
 * One inline image as the change will name it: small, written again without metadata; else kept in
 * the store (the caller's uploads quota counts it, as an upload would be counted; a sign-up has no
 * account yet and is bounded by the sign-ups per address). Undefined: it does not decode.
 */
async function keptImage(image: InlineImage, call: ApiCall, services: Services, claims: TokenClaims | undefined): Promise<string | undefined> {
  if (image.small) {
    const cleaned = await unlessUndecodable(withoutMetadata(image.bytes, image.kind));
    return cleaned && dataUrlOf(cleaned, image.kind);
  }
  const processed = await unlessUndecodable(processImage(image.bytes, image.kind));
  if (!processed) return undefined;
  const owner = claims?._id ?? randomUUID();
  const keep = async () => {
    const url = await services.images.save(processed.files, call.origin ?? '');
    await recordUpload(services.sql, uploadNameOf(url), owner, image.bytes.length);
    return url;
  };
  return claims ? withinUploadQuota(services.sql, owner, image.bytes.length, services.quotas, keep) : keep();
}

/** The change's handler, with its inline images kept in the store first, one after the other. */
function keepingInlineImage(route: ImageRoute, handler: RouteHandler): RouteHandler {
  return async (call: ApiCall, services: Services, claims: TokenClaims | undefined) => {
    const inline = inlineImagesOf(route, call.body);
    if (!inline) return handler(call, services, claims);
    const urls = new Map<string, string>();
    for (const image of inline.images) {
      const url = await keptImage(image, call, services, claims);
      if (url !== undefined) urls.set(image.value, url);
    }
    return handler(urls.size === 0 ? call : { ...call, body: inline.withUrls(urls) }, services, claims);
  };
}

/** The handlers, with each change that takes an image keeping an inline one in the store. */
export function keepingInlineImages<Handlers extends Record<ImageRoute, RouteHandler>>(handlers: Handlers): Handlers {
  const wrapped = { ...handlers };
  for (const route of Object.keys(IMAGE_FIELDS) as ImageRoute[]) wrapped[route] = keepingInlineImage(route, handlers[route]) as Handlers[ImageRoute];
  return wrapped;
}
