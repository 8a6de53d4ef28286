/**
 * The rules' byte-level strip (what the in-browser back end has instead of sharp) leaves images that
 * a real decoder reads: the same size, no EXIF but a turned photo's orientation, no camera anywhere.
 */
import { imageWithoutMetadata } from '@chirp/api-rules';
import { CAMERA_MAKE, JPEG_WITH_GPS, PNG_WITH_EXIF, TURNED_JPEG_WITH_GPS, WEBP_WITH_GPS } from '@chirp/contract-tests';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';

const bytesOf = (dataUrl: string) => Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');

describe('the byte-level strip, read back by sharp', () => {
  it.each([
    ['a JPEG', JPEG_WITH_GPS, { format: 'jpeg', width: 16, height: 8, orientation: undefined }],
    ['a sideways JPEG', TURNED_JPEG_WITH_GPS, { format: 'jpeg', width: 16, height: 8, orientation: 6 }],
    ['a PNG', PNG_WITH_EXIF, { format: 'png', width: 4, height: 4, orientation: undefined }],
    ['a WebP', WEBP_WITH_GPS, { format: 'webp', width: 4, height: 4, orientation: undefined }],
  ])('%s decodes as before, without its camera and GPS position', async (_, dataUrl, expected) => {
    const original = bytesOf(dataUrl);
    expect(original.includes(CAMERA_MAKE)).toBe(true);
    const stripped = Buffer.from(imageWithoutMetadata(original)!);
    expect(stripped.includes(CAMERA_MAKE)).toBe(false);
    const metadata = await sharp(stripped).metadata();
    expect({ format: metadata.format, width: metadata.width, height: metadata.height, orientation: metadata.orientation }).toEqual(expected);
    // What is left of EXIF is the orientation alone.
    expect(metadata.exif === undefined || metadata.exif.length <= 40).toBe(true);
    const [before, after] = await Promise.all([sharp(original).raw().toBuffer(), sharp(stripped).raw().toBuffer()]);
    expect(after.equals(before)).toBe(true);
  });
});
