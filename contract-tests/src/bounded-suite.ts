/**
 * Answers stay bounded in every form, whatever the network holds: large inline pictures and post
 * images are named by URL (in the spec's form too), whole lists are cut at `LIMITS.maxSpecPosts`
 * with a `Link` to the rest, and lists of people are capped while the counts stay exact. The same
 * suite runs on Mirage, the server on PGlite and the server on PostgreSQL.
 */
import { GUEST_CREDENTIALS, type CompactPost, type Post, type User } from '@chirp/contracts';
import { beforeEach, expect, it } from 'vitest';
import { LIMITS } from '@chirp/api-rules';
import { dataImage } from './compact-suite';
import { contractClient, type Answer, type ContractContext } from './contract-client';

const GUEST = GUEST_CREDENTIALS.username;
const bytesOf = (answer: Answer) => new TextEncoder().encode(JSON.stringify(answer.body)).length;

export function defineBoundedSuite(getContext: () => ContractContext): void {
  const api = contractClient(getContext);
  const { call } = api;

  beforeEach(async () => {
    await getContext().reset();
  });

  /** A URL a back end answers in place of a large inline image: short, and it serves those bytes. */
  async function expectNamed(url: string | undefined, type: string, minBytes: number) {
    expect(url).toBeDefined();
    expect(url!.length).toBeLessThanOrEqual(LIMITS.maxInlinePicture);
    expect(url!.startsWith('data:')).toBe(false);
    if (url!.startsWith('blob:')) return; // the in-browser back end's object URL, alive as long as the page
    const response = await getContext().fetch(url!);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe(type);
    expect(response.headers.get('cache-control')).toMatch(/immutable/);
    expect((await response.arrayBuffer()).byteLength).toBeGreaterThan(minBytes);
  }

  it('names a large profile picture and a large post image by URL in the compact and the spec form', async () => {
    const { token, user } = await api.loginGuest();
    expect((await call('POST', '/users/edit', { token, body: { userData: { profilePic: dataImage(20_000) } } })).status).toBe(201);
    const created = await call('POST', '/posts', { token, body: { postData: { content: 'A photo', image: dataImage(30_000) } } });
    expect(created.status).toBe(201);
    const photoId = (created.body.posts as Post[]).find((post) => post.content === 'A photo')!._id;
    expect((await call('POST', `/posts/like/${photoId}`, { token })).status).toBeLessThan(300);

    const [compact] = (await call('GET', `/posts/user/${GUEST}?view=compact`)).body.posts as CompactPost[];
    await expectNamed(compact!.author.profilePic, 'image/png', 14_000);
    await expectNamed(compact!.image, 'image/png', 20_000);

    const spec = (await call('GET', '/posts')).body.posts as Post[];
    const photo = spec.find((post) => post.content === 'A photo')!;
    await expectNamed(photo.image, 'image/png', 20_000);
    await expectNamed(photo.likes.likedBy[0]!.profilePic, 'image/png', 14_000);
    await expectNamed(((await call('GET', `/users/${user._id}`)).body.user as User).profilePic, 'image/png', 14_000);
    const users = (await call('GET', '/users')).body.users as User[];
    await expectNamed(users.find((entry) => entry.username === GUEST)!.profilePic, 'image/png', 14_000);
  });

  // Eight people, 16 posts, 128 likes, each change kept: longer than most contract tests.
  it('keeps a spec-form feed small however large the likers’ pictures are', { timeout: 60_000 }, async () => {
    const others = (await api.users()).filter((user) => user.username !== GUEST).slice(0, 7);
    const people = [await api.loginGuest(), ...(await Promise.all(others.map((user) => api.loginSeedUser(user.username))))];
    const posts = await api.posts();
    for (const person of people) {
      expect((await call('POST', '/users/edit', { token: person.token, body: { userData: { profilePic: dataImage(250 * 1024) } } })).status).toBe(201);
      for (const post of posts) {
        const liked = await call('POST', `/posts/like/${post._id}`, { token: person.token });
        expect([200, 201, 400]).toContain(liked.status); // 400: a like the seeds already hold
      }
    }
    const feed = await call('GET', '/posts');
    expect(feed.status).toBe(200);
    expect(bytesOf(feed)).toBeLessThan(300 * 1024);
    const oneMore = await call('POST', `/posts/dislike/${posts[0]!._id}`, { token: people[0]!.token });
    expect(bytesOf(oneMore)).toBeLessThan(300 * 1024);
  });

  it(`answers a whole list with at most ${LIMITS.maxSpecPosts} posts and a Link to the rest, in the spec's shape`, { timeout: 60_000 }, async () => {
    const { token } = await api.loginGuest();
    const seeded = (await api.posts()).length;
    const extra = LIMITS.maxSpecPosts + 5 - seeded;
    for (let index = 0; index < extra; index += 1) {
      expect((await call('POST', '/posts', { token, body: { postData: { content: `Post number ${index}` } } })).status).toBe(201);
    }
    const { baseUrl, fetch } = getContext();
    const first = await fetch(`${baseUrl}/api/posts`);
    const firstBody = (await first.json()) as { posts: Post[] };
    expect(Object.keys(firstBody)).toEqual(['posts']);
    expect(firstBody.posts).toHaveLength(LIMITS.maxSpecPosts);
    const link = first.headers.get('link');
    expect(link).toMatch(/^<\/api\/posts\?limit=100&cursor=[^>]+>; rel="next"$/);
    const rest = await call('GET', link!.slice(5, link!.indexOf('>')));
    expect(rest.status).toBe(200);
    const ids = [...firstBody.posts, ...(rest.body.posts as Post[])].map((post) => post._id);
    expect(new Set(ids).size).toBe(LIMITS.maxSpecPosts + 5);
    expect(rest.body.nextCursor).toBeNull();

    // A change answers the same first page, newest first, and the same Link.
    const created = await fetch(`${baseUrl}/api/posts`, {
      method: 'POST',
      headers: { authorization: token, 'content-type': 'application/json' },
      body: JSON.stringify({ postData: { content: 'The newest' } }),
    });
    expect(created.status).toBe(201);
    const createdBody = (await created.json()) as { posts: Post[] };
    expect(createdBody.posts).toHaveLength(LIMITS.maxSpecPosts);
    expect(createdBody.posts[0]!.content).toBe('The newest');
    expect(created.headers.get('link')).toMatch(/rel="next"$/);
    // A list that fits has no Link.
    expect((await fetch(`${baseUrl}/api/posts/user/priya.nair`)).headers.get('link')).toBeNull();
  });
}
