/**
 * Pictures in the in-browser back end's answers. Profile pictures are kept as `data:` URLs
 * (there is no file store in the page), up to 256 KB each; repeating one in every post card of a page
 * is what made pages huge. A compact answer names a large picture by an object URL instead: the bytes
 * are decoded once per picture into a Blob, and every answer in this page gives the same short
 * `blob:` URL. Mirage lives exactly as long as the page, and so do its object URLs, so every URL it
 * answers can be loaded (an `<img src>` pointing at a Mirage path could not: Mirage only answers
 * fetch and XHR).
 */
import { isInlinePicture, type PictureUrl, type SpecView } from '@chirp/api-rules';

const urls = new Map<string, { source: string; url: string }>();

/** A data: URL's bytes; a malformed one (bad percent-encoding or base64) as no bytes at all. */
function toBlob(dataUrl: string): Blob {
  const comma = dataUrl.indexOf(',');
  const header = dataUrl.slice(5, comma);
  const [type = 'application/octet-stream'] = header.split(';');
  const payload = dataUrl.slice(comma + 1);
  try {
    if (!/;base64$/i.test(header)) return new Blob([decodeURIComponent(payload)], { type });
    const binary = atob(payload);
    return new Blob([Uint8Array.from(binary, (char) => char.charCodeAt(0))], { type });
  } catch {
    return new Blob([], { type });
  }
}

/** `source` itself when small, else this page's object URL for it, made once per key and source. */
function nameInline(key: string, source: string): string {
  if (isInlinePicture(source) || !source.startsWith('data:')) return source;
  const known = urls.get(key);
  if (known?.source === source) return known.url;
  // The old URL is not revoked: answers given before the change may still be on screen.
  const url = URL.createObjectURL(toBlob(source));
  urls.set(key, { source, url });
  return url;
}

/** A picture as answers name it: itself when small, else this page's object URL for it. */
export const pictureUrl: PictureUrl = (user) => nameInline(`user:${user._id}`, user.profilePic);

/** A post's image likewise (an image the local uploader made is a data: URL of up to 1 MiB). */
export const postImageUrl: SpecView['postImage'] = (post, position = 1) =>
  nameInline(position === 1 ? `post:${post._id}` : `post:${post._id}:${position}`, post.image);
