/**
 * Pictures in the in-browser back end's compact answers. Profile pictures are kept as `data:` URLs
 * (there is no file store in the page), up to 256 KB each; repeating one in every post card of a page
 * is what made pages huge. A compact answer names a large picture by an object URL instead: the bytes
 * are decoded once per picture into a Blob, and every answer in this page gives the same short
 * `blob:` URL. Mirage lives exactly as long as the page, and so do its object URLs, so every URL it
 * answers can be loaded (an `<img src>` pointing at a Mirage path could not: Mirage only answers
 * fetch and XHR).
 */
import { isInlinePicture, type PictureUrl } from '@chirp/api-rules';

const urls = new Map<string, { source: string; url: string }>();

function toBlob(dataUrl: string): Blob {
  const comma = dataUrl.indexOf(',');
  const header = dataUrl.slice(5, comma);
  const [type = 'application/octet-stream'] = header.split(';');
  const payload = dataUrl.slice(comma + 1);
  if (!/;base64$/i.test(header)) return new Blob([decodeURIComponent(payload)], { type });
  const binary = atob(payload);
  return new Blob([Uint8Array.from(binary, (char) => char.charCodeAt(0))], { type });
}

/** A picture as compact answers name it: itself when small, else this page's object URL for it. */
export const pictureUrl: PictureUrl = (user) => {
  const source = user.profilePic;
  if (isInlinePicture(source) || !source.startsWith('data:')) return source;
  const known = urls.get(user._id);
  if (known?.source === source) return known.url;
  // The old URL is not revoked: answers given before the change may still be on screen.
  const url = URL.createObjectURL(toBlob(source));
  urls.set(user._id, { source, url });
  return url;
};
