/**
 * An image sent inline (a `data:` URL) is kept without what a camera or an editor wrote beside the
 * picture: EXIF (with its GPS position), XMP, IPTC and comments. It works on the bytes, with no
 * decoder, so both back ends can run it: the server also re-encodes what it stores (sharp), and the
 * in-browser back end has only this. The picture's own data is copied as it came, so nothing is
 * re-compressed:
 *
 * - JPEG: APP1 (EXIF, XMP), APP3 to APP13 (IPTC among them), APP15 and comments go; the JFIF header,
 *   the colour profile (APP2) and Adobe's colour transform (APP14) stay. A photo turned by its EXIF
 *   orientation keeps a minimal EXIF holding that one tag, so it is still shown upright.
 * - PNG: the text chunks (tEXt, zTXt, iTXt), eXIf and tIME go.
 * - WebP: the EXIF and XMP chunks go, and the header's flags say so.
 * - GIF, and anything whose structure does not read as its format says, stay as sent.
 */

const JPEG_KEPT_APP = new Set([0xe0, 0xe2, 0xee]);
const PNG_DROPPED = new Set(['tEXt', 'zTXt', 'iTXt', 'eXIf', 'tIME']);
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

const ascii = (bytes: Uint8Array, start: number, length: number) => String.fromCharCode(...bytes.subarray(start, start + length));
const startsWith = (bytes: Uint8Array, prefix: number[]) => prefix.every((byte, index) => bytes[index] === byte);

function concat(parts: Uint8Array[]): Uint8Array {
  const result = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    result.set(part, offset);
    offset += part.length;
  }
  return result;
}

/** The EXIF orientation (2–8) an APP1 segment's payload holds, if it turns the picture. */
function orientationOf(payload: Uint8Array): number | undefined {
  if (payload.length < 14 || ascii(payload, 0, 6) !== 'Exif\0\0') return undefined;
  const tiff = payload.subarray(6);
  const view = new DataView(tiff.buffer, tiff.byteOffset, tiff.byteLength);
  const little = ascii(tiff, 0, 2) === 'II';
  if (!little && ascii(tiff, 0, 2) !== 'MM') return undefined;
  const ifd = view.getUint32(4, little);
  if (ifd + 2 > tiff.length) return undefined;
  const entries = view.getUint16(ifd, little);
  for (let index = 0; index < entries; index += 1) {
    const entry = ifd + 2 + index * 12;
    if (entry + 12 > tiff.length) return undefined;
    if (view.getUint16(entry, little) === 0x0112) {
      const value = view.getUint16(entry + 8, little);
      return value >= 2 && value <= 8 ? value : undefined;
    }
  }
  return undefined;
}

/** An APP1 segment holding only an orientation tag (big-endian TIFF, one IFD entry). */
function orientationSegment(orientation: number): Uint8Array {
  // prettier-ignore
  const payload = [
    0x45, 0x78, 0x69, 0x66, 0, 0, // "Exif\0\0"
    0x4d, 0x4d, 0, 0x2a, 0, 0, 0, 8, // "MM", 42, first IFD at 8
    0, 1, // one entry
    0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, orientation, 0, 0, // Orientation, SHORT, 1 value
    0, 0, 0, 0, // no next IFD
  ];
  const length = payload.length + 2;
  return Uint8Array.from([0xff, 0xe1, length >> 8, length & 0xff, ...payload]);
}

function jpegWithoutMetadata(bytes: Uint8Array): Uint8Array | undefined {
  const kept: Uint8Array[] = [bytes.subarray(0, 2)];
  let orientation: number | undefined;
  let offset = 2;
  while (offset + 4 <= bytes.length) {
    if (bytes[offset] !== 0xff) return undefined;
    const marker = bytes[offset + 1]!;
    if (marker === 0xff) {
      offset += 1; // fill byte
      continue;
    }
    const length = (bytes[offset + 2]! << 8) | bytes[offset + 3]!;
    const end = offset + 2 + length;
    if (length < 2 || end > bytes.length) return undefined;
    if (marker === 0xda) {
      // Start of scan: the compressed picture and everything after it, as they came.
      // After the JFIF header, which must come first, when there is one.
      if (orientation) kept.splice(kept[1]?.[1] === 0xe0 ? 2 : 1, 0, orientationSegment(orientation));
      kept.push(bytes.subarray(offset));
      return concat(kept);
    }
    const isApp = marker >= 0xe0 && marker <= 0xef;
    if (marker === 0xe1) orientation ??= orientationOf(bytes.subarray(offset + 4, end));
    if (!(isApp && !JPEG_KEPT_APP.has(marker)) && marker !== 0xfe) kept.push(bytes.subarray(offset, end));
    offset = end;
  }
  return undefined;
}

function pngWithoutMetadata(bytes: Uint8Array): Uint8Array | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const kept: Uint8Array[] = [bytes.subarray(0, 8)];
  let offset = 8;
  while (offset + 12 <= bytes.length) {
    const end = offset + 12 + view.getUint32(offset);
    if (end > bytes.length) return undefined;
    const type = ascii(bytes, offset + 4, 4);
    if (!PNG_DROPPED.has(type)) kept.push(bytes.subarray(offset, end));
    offset = end;
    if (type === 'IEND') return concat(kept);
  }
  return undefined;
}

function webpWithoutMetadata(bytes: Uint8Array): Uint8Array | undefined {
  const kept: Uint8Array[] = [];
  let offset = 12;
  while (offset + 8 <= bytes.length) {
    const size = new DataView(bytes.buffer, bytes.byteOffset + offset + 4, 4).getUint32(0, true);
    const end = offset + 8 + size + (size % 2);
    if (end > bytes.length) return undefined;
    const type = ascii(bytes, offset, 4);
    if (type === 'VP8X') {
      const chunk = new Uint8Array(bytes.subarray(offset, end)); // a copy, even of a Node Buffer
      chunk[8] = chunk[8]! & ~0x0c; // no EXIF (0x08), no XMP (0x04)
      kept.push(chunk);
    } else if (type !== 'EXIF' && type !== 'XMP ') {
      kept.push(bytes.subarray(offset, end));
    }
    offset = end;
  }
  if (offset !== bytes.length) return undefined;
  const body = concat(kept);
  const header = new Uint8Array(bytes.subarray(0, 12));
  new DataView(header.buffer, header.byteOffset, header.byteLength).setUint32(4, body.length + 4, true);
  return concat([header, body]);
}

/** The image's bytes without their metadata; `undefined` when they do not read as a JPEG, PNG or WebP. */
export function imageWithoutMetadata(bytes: Uint8Array): Uint8Array | undefined {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return jpegWithoutMetadata(bytes);
  if (startsWith(bytes, PNG_SIGNATURE)) return pngWithoutMetadata(bytes);
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WEBP') return webpWithoutMetadata(bytes);
  return undefined;
}

const BASE64_DATA_URL = /^(data:image\/[a-z0-9.+-]+(?:;[a-z0-9=.+-]+)*;base64,)([A-Za-z0-9+/]*={0,2})$/i;

function fromBase64(text: string): Uint8Array {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  // In slices: one call with a megabyte of arguments would overflow the stack.
  for (let index = 0; index < bytes.length; index += 0x8000) binary += String.fromCharCode(...bytes.subarray(index, index + 0x8000));
  return btoa(binary);
}

/** A base64 `data:` image without its metadata; any other address, or bytes it cannot read, as it came. */
export function dataUrlWithoutMetadata(url: string): string {
  const parts = BASE64_DATA_URL.exec(url);
  if (!parts) return url;
  const bytes = fromBase64(parts[2]!);
  const stripped = imageWithoutMetadata(bytes);
  return stripped && stripped.length !== bytes.length ? parts[1]! + toBase64(stripped) : url;
}
