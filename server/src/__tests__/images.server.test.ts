// @vitest-environment node
/**
 * The image pipeline behind `POST /api/uploads` and inline images: metadata stripped from every file
 * kept, the orientation applied, bytes that do not decode refused, the copies' sizes (never larger
 * than the image), and long cache lifetimes. Test images are made here with sharp itself.
 */
import { readdirSync } from 'node:fs';
import { GUEST_CREDENTIALS, imageSourceOf } from '@chirp/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_ERRORS } from '../api/context';
import { folderStore, IMMUTABLE_CACHE } from '../image-store';
import { startTestServer, UNDECODABLE_IMAGES, uploadImage, type TestServer } from './test-server';

let server: TestServer;
let token: string;

beforeAll(async () => {
  server = await startTestServer();
  const answer = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(GUEST_CREDENTIALS),
  });
  token = ((await answer.json()) as { encodedToken: string }).encodedToken;
}, 180_000);

afterAll(() => server?.stop());

const GPS = { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 2644/100', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 3984/100' };

/** A photo as a phone takes it: noise (so it does not shrink to nothing), with a camera's EXIF and a GPS position. */
async function photo(width: number, height: number, orientation?: number) {
  const noise = await sharp({ create: { width, height, channels: 3, background: 'grey', noise: { type: 'gaussian', mean: 128, sigma: 30 } } }).png().toBuffer();
  // The left half red, the right half blue: after a turn, where the red went says which way it turned.
  const halves = await sharp(noise)
    .composite([{ input: { create: { width: Math.floor(width / 2), height, channels: 3, background: 'red' } }, left: 0, top: 0, blend: 'multiply' }])
    .jpeg({ quality: 90 })
    .withExif({ IFD0: { Make: 'Chirpcam', Model: 'Test 1' }, IFD3: GPS })
    .toBuffer();
  return orientation ? sharp(halves).withMetadata({ orientation }).jpeg({ quality: 90 }).toBuffer() : halves;
}

const fetchBytes = async (url: string) => {
  const answer = await fetch(url);
  expect(answer.status).toBe(200);
  return { bytes: Buffer.from(await answer.arrayBuffer()), headers: answer.headers };
};

/** Every URL the store holds for an uploaded image: itself and its copies. */
const filesOf = (url: string) => [url, ...['avatar', 'post'].flatMap((role) => imageSourceOf(url, role as 'avatar')!.srcSet.split(', ').map((each) => each.split(' ')[0]!))];

describe('the image pipeline', { timeout: 60_000 }, () => {
  it('keeps no EXIF and no GPS position in any stored size of a JPEG that had them', async () => {
    const original = await photo(1400, 1000);
    expect((await sharp(original).metadata()).exif?.toString('latin1')).toContain('Chirpcam');

    const answer = await uploadImage(server.url, original, { token, type: 'image/jpeg', name: 'photo.jpg' });
    expect(answer.status).toBe(201);
    const files = [...new Set(filesOf(answer.body.url!))];
    expect(files).toHaveLength(6);
    for (const url of files) {
      const { bytes } = await fetchBytes(url);
      const metadata = await sharp(bytes).metadata();
      expect({ url, exif: metadata.exif, xmp: metadata.xmp, iptc: metadata.iptc, icc: metadata.icc }).toEqual({ url, exif: undefined, xmp: undefined, iptc: undefined, icc: undefined });
      // Nor anywhere in the bytes (a format sharp does not read metadata from would still show it here).
      expect(bytes.includes('Chirpcam')).toBe(false);
      expect(bytes.includes(Buffer.from('Exif\0\0'))).toBe(false);
    }
  });

  it('stores an EXIF-rotated JPEG upright, with its upright size in the answer and the name', async () => {
    // Stored 400 wide and 300 high, to be shown turned a quarter clockwise (orientation 6): 300 × 400.
    const turned = await photo(400, 300, 6);
    expect(await sharp(turned).metadata()).toMatchObject({ width: 400, height: 300, orientation: 6 });
    const answer = await uploadImage(server.url, turned, { token, type: 'image/jpeg', name: 'turned.jpg' });
    expect(answer.body).toMatchObject({ width: 300, height: 400 });
    expect(answer.body.url).toMatch(/-300x400\.jpg$/);

    const { bytes } = await fetchBytes(answer.body.url!);
    const metadata = await sharp(bytes).metadata();
    expect({ width: metadata.width, height: metadata.height, orientation: metadata.orientation }).toEqual({ width: 300, height: 400, orientation: undefined });
    // Turned clockwise, the red left half is now the top: the top row is red, the bottom one is not.
    const { data, info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
    const redness = (row: number) => {
      let sum = 0;
      for (let x = 0; x < info.width; x += 1) {
        const at = (row * info.width + x) * info.channels;
        sum += data[at]! - data[at + 2]!;
      }
      return sum / info.width;
    };
    expect(redness(10)).toBeGreaterThan(40);
    expect(redness(info.height - 10)).toBeLessThan(20);
  });

  it('refuses bytes that start like a JPEG or a PNG but do not decode, and keeps nothing of them', async () => {
    const before = readdirSync(server.config.uploadsDir).length;
    const cut = (await photo(200, 200)).subarray(0, 600);
    for (const [bytes, type] of [[UNDECODABLE_IMAGES.jpg, 'image/jpeg'], [UNDECODABLE_IMAGES.png, 'image/png'], [cut, 'image/jpeg']] as const) {
      expect(await uploadImage(server.url, bytes, { token, type, name: 'x' })).toEqual({ status: 415, body: { errors: [SERVER_ERRORS.notAnImage] } });
    }
    expect(readdirSync(server.config.uploadsDir)).toHaveLength(before);
  });

  it('stores pictures at 48, 96 and 400 px and post images at 640 and 1280 px wide, as WebP, and answers them as srcsets', async () => {
    const answer = await uploadImage(server.url, await photo(1600, 1000), { token, type: 'image/jpeg', name: 'wide.jpg' });
    const { url, width, height, srcset } = answer.body;
    expect({ width, height }).toEqual({ width: 1600, height: 1000 });
    const id = url!.slice(url!.lastIndexOf('/') + 1, -'-1600x1000.jpg'.length);
    const at = (size: number) => url!.replace(/[^/]+$/, `${id}-${size}.webp`);
    expect(srcset).toEqual({
      avatar: `${at(48)} 48w, ${at(96)} 96w, ${at(400)} 400w`,
      post: `${at(640)} 640w, ${at(1280)} 1280w`,
    });
    const sizes = { 48: [48, 48], 96: [96, 96], 400: [400, 400], 640: [640, 400], 1280: [1280, 800] };
    for (const [size, [w, h]] of Object.entries(sizes)) {
      const { bytes, headers } = await fetchBytes(at(Number(size)));
      expect(headers.get('content-type')).toBe('image/webp');
      const metadata = await sharp(bytes).metadata();
      expect({ size, format: metadata.format, width: metadata.width, height: metadata.height }).toEqual({ size, format: 'webp', width: w, height: h });
    }
  });

  it('never makes a copy larger than the image: a small one is kept at its own size under every name', async () => {
    const answer = await uploadImage(server.url, await photo(300, 200), { token, type: 'image/jpeg', name: 'small.jpg' });
    expect(answer.body).toMatchObject({ width: 300, height: 200 });
    const id = answer.body.url!.slice(answer.body.url!.lastIndexOf('/') + 1, -'-300x200.jpg'.length);
    const at = (size: number) => answer.body.url!.replace(/[^/]+$/, `${id}-${size}.webp`);
    // The srcset names each real width once.
    expect(answer.body.srcset).toEqual({ avatar: `${at(48)} 48w, ${at(96)} 96w, ${at(400)} 200w`, post: `${at(640)} 300w` });
    const sizes = { 400: [200, 200], 640: [300, 200], 1280: [300, 200] };
    for (const [size, [w, h]] of Object.entries(sizes)) {
      const metadata = await sharp((await fetchBytes(at(Number(size)))).bytes).metadata();
      expect({ size, width: metadata.width, height: metadata.height }).toEqual({ size, width: w, height: h });
    }
  });

  it('serves the image and every copy with an immutable cache lifetime', async () => {
    const answer = await uploadImage(server.url, await photo(100, 100), { token, type: 'image/jpeg', name: 'cache.jpg' });
    for (const url of new Set(filesOf(answer.body.url!))) {
      expect((await fetchBytes(url)).headers.get('cache-control')).toBe(IMMUTABLE_CACHE);
    }
  });

  it('strips a post image sent inline as a data: URL the same way', async () => {
    const dataUrl = `data:image/jpeg;base64,${(await photo(120, 80)).toString('base64')}`;
    const made = await fetch(`${server.url}/api/posts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: token },
      body: JSON.stringify({ postData: { content: 'inline photo with GPS', image: dataUrl } }),
    });
    const post = ((await made.json()) as { posts: { content: string; image?: string }[] }).posts.find((each) => each.content === 'inline photo with GPS')!;
    expect(post.image).toMatch(/\/uploads\/[0-9a-f-]{36}-120x80\.jpg$/);
    for (const url of new Set(filesOf(post.image!))) {
      const { bytes } = await fetchBytes(url);
      expect((await sharp(bytes).metadata()).exif).toBeUndefined();
      expect(bytes.includes('Chirpcam')).toBe(false);
    }
  });

  it('removes an image with its copies', async () => {
    const answer = await uploadImage(server.url, await photo(100, 100), { token, type: 'image/jpeg', name: 'gone.jpg' });
    const name = answer.body.url!.slice(answer.body.url!.lastIndexOf('/') + 1);
    const id = name.slice(0, 36);
    const kept = () => readdirSync(server.config.uploadsDir).filter((file) => file.startsWith(id));
    expect(kept()).toHaveLength(6);
    await folderStore(server.config).remove(name);
    expect(kept()).toEqual([]);
  });
});
