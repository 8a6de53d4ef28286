/**
 * Up to four images per post, each with its description: `postData.images` beside the one-image
 * API's `image` and `imageAlt`, which stay what they were for the first image. The same suite runs on
 * Mirage, the server on PGlite and the server on PostgreSQL.
 */
import { DECIDED_ERRORS, LIMITS } from '@chirp/api-rules';
import type { CompactPost, PostImage } from '@chirp/contracts';
import { beforeEach, expect, it } from 'vitest';
import { contractClient, type ContractContext } from './contract-client';
import { dataImage } from './compact-suite';
import { CAMERA_MAKE, JPEG_WITH_GPS } from './photo-fixtures';
import { expectRefusal, GUEST } from './spec-form-tools';

const SOURDOUGH = '/images/sourdough.svg';
const FOUR = [
  { image: SOURDOUGH, alt: '  A loaf on a board  ' },
  { image: '/images/harbour.png' },
  { image: JPEG_WITH_GPS, alt: 'A field at noon' },
  { image: 'https://example.com/fourth.png', alt: 'The fourth' },
];

export function definePostImagesSuite(getContext: () => ContractContext): void {
  const api = contractClient(getContext);
  const { call } = api;

  beforeEach(async () => {
    await getContext().reset();
  });

  const post = (token: string, postData: object, path = '/posts?view=compact') => call('POST', path, { token, body: { postData } });
  const descriptions = (images: PostImage[] | undefined) => images?.map((entry) => entry.alt);

  /** The text of what an image address names (a data: URL's bytes, or what the back end serves). */
  async function textOf(url: string): Promise<string> {
    if (url.startsWith('data:')) return atob(url.slice(url.indexOf(',') + 1));
    const answer = await getContext().fetch(new URL(url, getContext().baseUrl).href);
    expect(answer.status).toBe(200);
    return new TextDecoder('latin1').decode(await answer.arrayBuffer());
  }

  it('keeps four images in order with their descriptions: the first is also `image` and `imageAlt`', async () => {
    const { token } = await api.loginGuest();
    const created = await post(token, { content: 'Four of them', images: FOUR });
    expect(created.status).toBe(201);
    const answered = created.body.post as CompactPost;
    expect(answered.image).toBe(SOURDOUGH);
    expect(answered.imageAlt).toBe('A loaf on a board');
    expect(answered.images).toHaveLength(4);
    expect(descriptions(answered.images)).toEqual(['A loaf on a board', undefined, 'A field at noon', 'The fourth']);
    expect(answered.images![1]!.image).toBe('/images/harbour.png');
    expect(answered.images![3]!.image).toBe('https://example.com/fourth.png');
    // The photo with a GPS position keeps nothing but the picture, as a one-image post's does.
    expect(await textOf(answered.images![2]!.image)).not.toContain(CAMERA_MAKE);

    const [read] = (await call('GET', `/posts/user/${GUEST}?view=compact&limit=1`)).body.posts as CompactPost[];
    expect(read!._id).toBe(answered._id);
    expect(descriptions(read!.images)).toEqual(descriptions(answered.images));
    expect((await call('GET', `/posts/${answered._id}?view=compact`)).body.post.images).toHaveLength(4);
    // The spec's form is unchanged: one image, no descriptions.
    const spec = (await call('GET', `/posts/${answered._id}`)).body.post;
    expect(spec.image).toBe(SOURDOUGH);
    expect(spec).not.toHaveProperty('images');
  });

  it('embeds every image of a quoted post in the quote, in order, with its description and the address the post itself has', async () => {
    const { token } = await api.loginGuest();
    const original = (await post(token, { content: 'Four of them', images: FOUR })).body.post as CompactPost;
    const quote = await post(token, { content: 'Look at these', quoteOf: original._id });
    expect(quote.status).toBe(201);
    const embedded = (quote.body.post as CompactPost).quote;
    expect(embedded && 'images' in embedded ? embedded.images : undefined).toEqual(original.images);
    const [read] = (await call('GET', `/posts/user/${GUEST}?view=compact&limit=1`)).body.posts as CompactPost[];
    expect(read!.quote).toEqual(embedded);
    expect(descriptions(embedded && 'images' in embedded ? embedded.images : undefined)).toEqual(['A loaf on a board', undefined, 'A field at noon', 'The fourth']);
  });

  it('answers a one-image post of the original API with `images` beside, and takes `image` sent with the same first image', async () => {
    const { token } = await api.loginGuest();
    const single = (await post(token, { content: 'One', image: SOURDOUGH, imageAlt: 'Bread' })).body.post as CompactPost;
    expect(single.images).toEqual([{ image: SOURDOUGH, alt: 'Bread' }]);
    const both = await post(token, { content: 'Both', image: SOURDOUGH, imageAlt: 'Bread', images: [{ image: SOURDOUGH, alt: 'Bread' }, { image: SOURDOUGH }] });
    expect(both.status).toBe(201);
    expect(both.body.post.images).toHaveLength(2);
    const textOnly = (await post(token, { content: 'No image', images: [] })).body.post as CompactPost;
    expect(textOnly).not.toHaveProperty('images');
    expect(textOnly).not.toHaveProperty('image');
  });

  it('refuses a fifth image, a non-image, an image over 1 MB, a bad list and a first image that differs from `image`, keeping nothing', async () => {
    const { token } = await api.loginGuest();
    const before = (await call('GET', `/posts/user/${GUEST}`)).body.posts.length as number;
    const five = [...FOUR, { image: SOURDOUGH }];
    expectRefusal(await post(token, { content: 'Five', images: five }), 400, DECIDED_ERRORS.tooManyImages);
    expectRefusal(await post(token, { content: 'Not one', images: [{ image: SOURDOUGH }, { image: 'javascript:alert(1)' }] }), 400, DECIDED_ERRORS.badImage);
    expectRefusal(
      await post(token, { content: 'Big', images: [{ image: SOURDOUGH }, { image: dataImage(LIMITS.maxPostImageBytes + 1024) }] }),
      400,
      DECIDED_ERRORS.postImageTooLarge,
    );
    expectRefusal(await post(token, { content: 'A list?', images: SOURDOUGH }), 400, DECIDED_ERRORS.imagesNotList);
    expectRefusal(await post(token, { content: 'Empty', images: [{ alt: 'nothing' }] }), 400, DECIDED_ERRORS.emptyField('images[0].image'));
    expectRefusal(
      await post(token, { content: 'Long', images: [{ image: SOURDOUGH, alt: 'x'.repeat(LIMITS.maxImageAlt + 1) }] }),
      400,
      DECIDED_ERRORS.imageAltTooLong,
    );
    expectRefusal(await post(token, { content: 'Differ', image: '/images/other.png', images: [{ image: SOURDOUGH }] }), 400, DECIDED_ERRORS.imagesDisagree);
    expectRefusal(await post(token, { content: 'Differ', imageAlt: 'Other', images: [{ image: SOURDOUGH, alt: 'Bread' }] }), 400, DECIDED_ERRORS.imagesDisagree);
    expect((await call('GET', `/posts/user/${GUEST}`)).body.posts).toHaveLength(before);
  });

  it('changes the images with an edit, as the one image is changed: others, fewer, one by the original API, none', async () => {
    const { token } = await api.loginGuest();
    const { _id } = (await post(token, { content: 'Four', images: FOUR })).body.post as CompactPost;
    const edit = (postData: object) => post(token, postData, `/posts/edit/${_id}?view=compact`);
    const two = (await edit({ content: 'Two', images: [{ image: '/images/b.png', alt: 'B' }, { image: SOURDOUGH, alt: 'S' }] })).body.post;
    expect(two.images).toEqual([{ image: '/images/b.png', alt: 'B' }, { image: SOURDOUGH, alt: 'S' }]);
    expect(two.image).toBe('/images/b.png');
    const one = (await edit({ content: 'One', image: SOURDOUGH })).body.post;
    expect(one.images).toEqual([{ image: SOURDOUGH }]);
    expectRefusal(await edit({ content: 'Five', images: [...FOUR, { image: SOURDOUGH }] }), 400, DECIDED_ERRORS.tooManyImages);
    const none = (await edit({ content: 'None' })).body.post;
    expect(none).not.toHaveProperty('images');
    expect((await call('GET', `/posts/${_id}?view=compact`)).body.post).not.toHaveProperty('images');
  });

  it('lists every image of a post in the account’s export, and a deleted post’s images go with it', async () => {
    const { token } = await api.loginGuest();
    const { _id } = (await post(token, { content: 'For the export', images: FOUR.filter((entry) => !entry.image.startsWith('data:')) })).body.post as CompactPost;
    const exported = (await call('GET', '/account/export', { token })).body.data.posts.find((entry: { _id: string }) => entry._id === _id);
    expect(exported.image).toBe(SOURDOUGH);
    expect(exported.images.map((entry: PostImage) => [entry.image, entry.alt])).toEqual([
      [SOURDOUGH, 'A loaf on a board'],
      ['/images/harbour.png', undefined],
      ['https://example.com/fourth.png', 'The fourth'],
    ]);
    expect((await call('DELETE', `/posts/${_id}`, { token })).status).toBe(201);
    expect((await call('GET', `/posts/${_id}?view=compact`)).status).toBe(404);
    if (getContext().traces) expect(await getContext().traces!(['https://example.com/fourth.png'])).toEqual([]);
  });
}
