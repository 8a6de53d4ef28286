/**
 * A photo sent inline keeps nothing but the picture: no camera, no GPS position, whichever back end
 * keeps it. The same suite runs on Mirage, the server on PGlite and the server on PostgreSQL.
 */
import { GUEST_CREDENTIALS, type CompactPost, type User } from '@chirp/contracts';
import { beforeEach, expect, it } from 'vitest';
import { contractClient, type ContractContext } from './contract-client';
import { CAMERA_MAKE, JPEG_WITH_GPS, PNG_WITH_EXIF, TURNED_JPEG_WITH_GPS, WEBP_WITH_GPS } from './photo-fixtures';

/** The GPS IFD's pointer tag (0x8825, type LONG) as little- and big-endian TIFF write it. */
const GPS_POINTERS = [Uint8Array.from([0x25, 0x88, 0x04, 0x00]), Uint8Array.from([0x88, 0x25, 0x00, 0x04])];

const includes = (bytes: Uint8Array, needle: Uint8Array) =>
  bytes.some((_, start) => needle.every((byte, index) => bytes[start + index] === byte));

export function defineImagesSuite(getContext: () => ContractContext): void {
  const api = contractClient(getContext);
  const { call } = api;

  beforeEach(async () => {
    await getContext().reset();
  });

  /** The bytes an image address names: a data: URL's own, or what the back end serves for it. */
  async function bytesOf(url: string): Promise<Uint8Array> {
    if (url.startsWith('data:')) return Uint8Array.from(atob(url.slice(url.indexOf(',') + 1)), (char) => char.charCodeAt(0));
    const answer = await getContext().fetch(new URL(url, getContext().baseUrl).href);
    expect(answer.status).toBe(200);
    return new Uint8Array(await answer.arrayBuffer());
  }

  async function expectNoMetadata(url: string | undefined, signature: number[]) {
    expect(url).toBeDefined();
    const bytes = await bytesOf(url!);
    expect([...bytes.subarray(0, signature.length)]).toEqual(signature);
    const text = new TextDecoder('latin1').decode(bytes);
    expect(text).not.toContain(CAMERA_MAKE);
    expect(GPS_POINTERS.some((pointer) => includes(bytes, pointer))).toBe(false);
  }

  const JPEG = [0xff, 0xd8, 0xff];
  const PNG = [0x89, 0x50, 0x4e, 0x47];
  const RIFF = [0x52, 0x49, 0x46, 0x46];

  it('keeps a post’s JPEG, sideways or not, and a WebP without their camera and GPS position, in both forms', async () => {
    const { token } = await api.loginGuest();
    for (const [content, image, signature] of [
      ['A photo with GPS', JPEG_WITH_GPS, JPEG],
      ['A sideways photo', TURNED_JPEG_WITH_GPS, JPEG],
      ['A WebP with GPS', WEBP_WITH_GPS, RIFF],
    ] as const) {
      expect((await call('POST', '/posts', { token, body: { postData: { content, image } } })).status).toBe(201);
      const [compact] = (await call('GET', `/posts/user/${GUEST_CREDENTIALS.username}?view=compact`)).body.posts as CompactPost[];
      expect(compact!.content).toBe(content);
      await expectNoMetadata(compact!.image, signature);
      const spec = await call('GET', `/posts/${compact!._id}`);
      await expectNoMetadata(spec.body.post.image as string, signature);
    }
  });

  it('keeps an edited post’s new photo and a profile picture without their metadata', async () => {
    const { token, user } = await api.loginGuest();
    const created = await call('POST', '/posts', { token, body: { postData: { content: 'Soon a photo' } } });
    expect(created.status).toBe(201);
    const [mine] = (await call('GET', `/posts/user/${GUEST_CREDENTIALS.username}?view=compact`)).body.posts as CompactPost[];
    expect((await call('POST', `/posts/edit/${mine!._id}`, { token, body: { postData: { content: 'Now a photo', image: JPEG_WITH_GPS } } })).status).toBe(201);
    await expectNoMetadata((await call('GET', `/posts/${mine!._id}`)).body.post.image as string, JPEG);

    expect((await call('POST', '/users/edit', { token, body: { userData: { profilePic: PNG_WITH_EXIF } } })).status).toBe(201);
    await expectNoMetadata(((await call('GET', `/users/${user._id}`)).body.user as User).profilePic, PNG);
  });
}
