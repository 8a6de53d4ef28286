import { describe, expect, it } from 'vitest';
import { dataUrlWithoutMetadata, imageWithoutMetadata } from '../image-metadata';

const segment = (marker: number, payload: string) =>
  [0xff, marker, (payload.length + 2) >> 8, (payload.length + 2) & 0xff, ...Array.from(payload, (char) => char.charCodeAt(0))];
/** A JPEG's frame: its segments, then a scan and the end (not a picture any decoder would draw). */
const jpeg = (...segments: number[][]) => Uint8Array.from([0xff, 0xd8, ...segments.flat(), ...segment(0xda, 'scan'), 1, 2, 3, 0xff, 0xd9]);
const text = (bytes: Uint8Array | undefined) => String.fromCharCode(...(bytes ?? []));
const base64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));

describe('imageWithoutMetadata', () => {
  it('drops a JPEG’s EXIF, XMP, IPTC and comments, and keeps its JFIF header, colour profile and picture', () => {
    const stripped = imageWithoutMetadata(
      jpeg(segment(0xe0, 'JFIF'), segment(0xe1, 'Exif\0\0camera'), segment(0xe1, 'http://ns.adobe.com/xap/1.0/'), segment(0xed, 'Photoshop IPTC'), segment(0xfe, 'a comment'), segment(0xe2, 'ICC_PROFILE')),
    );
    expect(text(stripped)).toContain('JFIF');
    expect(text(stripped)).toContain('ICC_PROFILE');
    expect(text(stripped)).toContain('scan');
    for (const gone of ['camera', 'adobe', 'IPTC', 'comment']) expect(text(stripped)).not.toContain(gone);
    expect([...stripped!.subarray(-5)]).toEqual([1, 2, 3, 0xff, 0xd9]);
  });

  it('reads nothing it cannot walk: a JPEG cut short, a segment longer than the file, another format', () => {
    expect(imageWithoutMetadata(Uint8Array.from([0xff, 0xd8, 0xff, 0xe1, 0, 40, 1]))).toBeUndefined();
    expect(imageWithoutMetadata(jpeg(segment(0xe1, 'Exif')).subarray(0, 8))).toBeUndefined();
    expect(imageWithoutMetadata(new TextEncoder().encode('GIF89a'))).toBeUndefined();
  });
});

describe('dataUrlWithoutMetadata', () => {
  it('rewrites a base64 image that had metadata, and leaves everything else as it came', () => {
    const url = `data:image/jpeg;base64,${base64(jpeg(segment(0xe1, 'Exif\0\0camera')))}`;
    expect(dataUrlWithoutMetadata(url)).toBe(`data:image/jpeg;base64,${base64(jpeg())}`);
    const clean = `data:image/jpeg;base64,${base64(jpeg(segment(0xe0, 'JFIF')))}`;
    for (const same of [clean, 'https://images.example/a.jpg', '/images/seed.jpg', 'data:image/svg+xml,%3Csvg%2F%3E', 'data:image/png;base64,AAAA']) {
      expect(dataUrlWithoutMetadata(same)).toBe(same);
    }
  });
});
