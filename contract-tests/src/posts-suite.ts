/**
 * Posts: reading and paging lists, creating, editing, deleting, like and dislike, and what is not a call (spec 4, 7, 8).
 * Written against a base URL and a `fetch` only: every back end runs it unchanged.
 */
import { MAX_POST_LENGTH, type Post, type User } from '@chirp/contracts';
import { beforeEach, describe, expect, it } from 'vitest';
import { DECIDED_ERRORS, SPEC_ERRORS } from '@chirp/api-rules';
import { type Answer, type ContractContext } from './contract-client';
import { byNewest, expectPostShape, expectRefusal, GUEST, MARCUS, PRIYA, specFormTools } from './spec-form-tools';

export function definePostsSuite(getContext: () => ContractContext): void {
  const { api, call, guestSession, createPost } = specFormTools(getContext);

  beforeEach(async () => {
    await getContext().reset();
  });

  describe('reading posts', () => {
    it('GET /api/posts answers { posts }, newest first', async () => {
      const answer = await call('GET', '/posts');
      expect(answer.status).toBe(200);
      expect(Object.keys(answer.body)).toEqual(['posts']);
      expect(answer.body.posts).toEqual([...answer.body.posts].sort(byNewest));
    });

    it('GET /api/posts/{id} answers { post }; 404 for an unknown id', async () => {
      const [post] = await api.posts();
      expect(await call('GET', `/posts/${post!._id}`)).toMatchObject({ status: 200, body: { post } });
      expectRefusal(await call('GET', `/posts/${crypto.randomUUID()}`), 404, DECIDED_ERRORS.postNotFound);
    });

    it("GET /api/posts/user/{username} answers that user's posts; 404 for an unknown username", async () => {
      const answer = await call('GET', `/posts/user/${PRIYA}`);
      expect(answer.status).toBe(200);
      expect(answer.body.posts).toHaveLength(2);
      expect(answer.body.posts.every((post: Post) => post.username === PRIYA)).toBe(true);
      expectRefusal(await call('GET', '/posts/user/nobody.here'), 404, DECIDED_ERRORS.userNotFound);
    });
  });

  describe('paging of post lists (limit, cursor, sort)', () => {
    async function walk(path: string, limit: number, sort?: string) {
      const seen: Post[] = [];
      let cursor: string | null = null;
      do {
        const query = new URLSearchParams({ limit: String(limit), ...(sort ? { sort } : {}), ...(cursor ? { cursor } : {}) });
        const answer = await call('GET', `${path}?${query}`);
        expect(answer.status).toBe(200);
        expect(Object.keys(answer.body).sort()).toEqual(['nextCursor', 'posts']);
        expect(answer.body.posts.length).toBeLessThanOrEqual(limit);
        seen.push(...answer.body.posts);
        cursor = answer.body.nextCursor;
      } while (cursor);
      return seen;
    }

    it('walks every post once, newest first, page by page, ending with nextCursor null', async () => {
      const all = await api.posts();
      expect(await walk('/posts', 5)).toEqual(all);
      expect(await walk('/posts', 16)).toEqual(all);
      expect(await walk('/posts', 100)).toEqual(all);
    });

    it('orders by like count with sort=trending, paged or not', async () => {
      const trending = (await call('GET', '/posts?sort=trending')).body.posts as Post[];
      const counts = trending.map((post) => post.likes.likeCount);
      expect(counts).toEqual([...counts].sort((a, b) => b - a));
      expect(counts[0]).toBe(9432);
      expect(await walk('/posts', 3, 'trending')).toEqual(trending);
    });

    it("pages a user's posts too", async () => {
      const posts = await walk(`/posts/user/${PRIYA}`, 1);
      expect(posts).toEqual(await api.postsOf(PRIYA));
    });

    it('does not repeat or skip posts when a post is added between pages', async () => {
      const { token } = await api.loginGuest();
      const first = await call('GET', '/posts?limit=4');
      await createPost(token, { content: 'Posted while paging' });
      const second = await call('GET', `/posts?limit=20&cursor=${encodeURIComponent(first.body.nextCursor)}`);
      const ids = [...first.body.posts, ...second.body.posts].map((post: Post) => post._id);
      expect(new Set(ids).size).toBe(16);
    });

    it.each([['limit=0'], ['limit=101'], ['limit=abc'], ['limit=1.5'], ['limit=-1'], ['limit=']])(
      'refuses %s with 400',
      async (query) => {
        expectRefusal(await call('GET', `/posts?${query}`), 400, DECIDED_ERRORS.badLimit);
      },
    );

    it('refuses a bad sort and a bad cursor with 400', async () => {
      expectRefusal(await call('GET', '/posts?sort=oldest'), 400, DECIDED_ERRORS.badSort);
      expectRefusal(await call('GET', '/posts?limit=2&cursor=not-a-cursor'), 400, DECIDED_ERRORS.badCursor);
      const latest = await call('GET', '/posts?limit=2');
      const mixed = await call('GET', `/posts?limit=2&sort=trending&cursor=${latest.body.nextCursor}`);
      expectRefusal(mixed, 400, DECIDED_ERRORS.badCursor);
    });

    it.each([
      ['a time PostgreSQL cannot hold', { sort: 'latest', key: [8.64e15, '00000000-0000-4000-8000-000000000000'] }],
      ['a time before year 1', { sort: 'latest', key: [1e15, '00000000-0000-4000-8000-000000000000'] }],
      ['a fractional time', { sort: 'latest', key: [-1.5, '00000000-0000-4000-8000-000000000000'] }],
      ['a huge like count', { sort: 'trending', key: [-1e300, -1e12, '00000000-0000-4000-8000-000000000000'] }],
      ['an id that is no post id', { sort: 'latest', key: [-1e12, "x' OR 1=1"] }],
      ['a field of its own', { sort: 'latest', key: [-1e12, '00000000-0000-4000-8000-000000000000'], extra: 1 }],
      ['a key of strings', { sort: 'latest', key: ['-1e12', '00000000-0000-4000-8000-000000000000'] }],
      ['not an object', ['latest']],
    ])('refuses a forged cursor (%s) with 400, never 500', async (_name, forged) => {
      const cursor = btoa(JSON.stringify(forged)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
      const sort = Array.isArray(forged) ? 'latest' : forged.sort;
      expectRefusal(await call('GET', `/posts?limit=2&sort=${sort}&cursor=${cursor}`), 400, DECIDED_ERRORS.badCursor);
      expectRefusal(await call('GET', `/posts/user/${PRIYA}?limit=2&sort=${sort}&cursor=${cursor}`), 400, DECIDED_ERRORS.badCursor);
    });

    it('keeps posts made within one second in the order they were made, whole and paged', async () => {
      const { token } = await api.loginGuest();
      const made: string[] = [];
      for (let index = 0; index < 6; index += 1) {
        const answer = await call('POST', '/posts?view=compact', { token, body: { postData: { content: `Quick ${index}` } } });
        made.push(answer.body.post._id);
      }
      const newestFirst = [...made].reverse();
      const whole = (await api.posts()).map((post) => post._id);
      expect(whole.filter((id) => made.includes(id))).toEqual(newestFirst);
      const paged: string[] = [];
      let cursor: string | null = null;
      do {
        const page: Answer = await call('GET', `/posts?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
        paged.push(...page.body.posts.map((post: Post) => post._id));
        cursor = page.body.nextCursor;
      } while (cursor);
      expect(paged).toEqual(whole);
    });

    it('takes back the cursors it makes, in both orders', async () => {
      for (const sort of ['latest', 'trending']) {
        const first = await call('GET', `/posts?limit=3&sort=${sort}`);
        const second = await call('GET', `/posts?limit=3&sort=${sort}&cursor=${first.body.nextCursor}`);
        expect(second.status).toBe(200);
        expect(second.body.posts).toHaveLength(3);
      }
    });
  });

  describe('POST /api/posts', () => {
    it('creates a post with no likes and answers 201 with every post', async () => {
      const { token } = await api.loginGuest();
      const answer = await createPost(token, { content: 'First light over the harbour', image: 'https://img.example/h.jpg' });
      expect(answer.status).toBe(201);
      expect(Object.keys(answer.body)).toEqual(['posts']);
      expect(answer.body.posts).toHaveLength(17);
      const created = answer.body.posts.find((post: Post) => post.content === 'First light over the harbour');
      expectPostShape(created);
      expect(created).toMatchObject({
        username: GUEST,
        image: 'https://img.example/h.jpg',
        likes: { likeCount: 0, likedBy: [], dislikedBy: [] },
      });
      expect(created.createdAt).toBe(created.updatedAt);
      expect(answer.body.posts[0]._id).toBe(created._id);
    });

    it('takes text alone or an image alone; refuses neither', async () => {
      const { token } = await api.loginGuest();
      expect((await createPost(token, { content: 'Only words' })).status).toBe(201);
      expect((await createPost(token, { content: '', image: 'data:image/png;base64,iVBORw0KGgo=' })).status).toBe(201);
      expect((await createPost(token, { image: '/images/tide-pool.svg' })).status).toBe(201);
      for (const postData of [{ content: '' }, { content: '   \n ' }, {}, { content: '', image: '' }, { content: '', image: null }]) {
        expectRefusal(await createPost(token, postData), 400, SPEC_ERRORS.emptyPost);
      }
    });

    it('takes text of only invisible characters (zero-width, fillers) as empty', async () => {
      const { token } = await api.loginGuest();
      for (const content of ['\u200b', '\u3164\u3164', '\u200b \u200d\u2060\ufeff', '\u115f\u1160\uffa0', '\u2800', '\u202e\u200f']) {
        expectRefusal(await createPost(token, { content }), 400, SPEC_ERRORS.emptyPost);
      }
      const withImage = await createPost(token, { content: '\u200b', image: '/images/tide-pool.svg' });
      expect(withImage.status).toBe(201);
      expect((await call('POST', `/posts/edit/${withImage.body.posts[0]._id}`, { token, body: { postData: { content: '\u3164' } } })).status).toBe(400);
      expect((await createPost(token, { content: 'e\u0301' })).status).toBe(201);
    });

    it(`allows ${MAX_POST_LENGTH} characters and refuses one more; an emoji counts once`, async () => {
      const { token } = await api.loginGuest();
      expect((await createPost(token, { content: 'a'.repeat(MAX_POST_LENGTH) })).status).toBe(201);
      expect((await createPost(token, { content: '🐦'.repeat(MAX_POST_LENGTH) })).status).toBe(201);
      expectRefusal(await createPost(token, { content: 'a'.repeat(MAX_POST_LENGTH + 1) }), 400, DECIDED_ERRORS.postTooLong);
    });

    it('accepts only http(s), data:image/ and app images as the image', async () => {
      const { token } = await api.loginGuest();
      for (const image of ['javascript:alert(1)', 'data:text/html;base64,PGI+', 'file:///etc/passwd', 'not a url', 'https://']) {
        expectRefusal(await createPost(token, { content: 'x', image }), 400, DECIDED_ERRORS.badImage);
      }
      expectRefusal(await createPost(token, { content: 'x', image: 5 }), 400, DECIDED_ERRORS.notText('image'));
    });

    it('refuses a body without postData or with wrongly typed content', async () => {
      const { token } = await api.loginGuest();
      expectRefusal(await call('POST', '/posts', { token, body: { content: 'x' } }), 400, DECIDED_ERRORS.missingObject('postData'));
      expectRefusal(await createPost(token, { content: ['x'] }), 400, DECIDED_ERRORS.notText('content'));
      expectRefusal(await call('POST', '/posts', { token, rawBody: '{postData:{}}' }), 400, DECIDED_ERRORS.malformedJson);
      expect(await api.posts()).toHaveLength(16);
    });
  });

  describe('POST /api/posts/edit/{id}', () => {
    it('lets the author change content and image, refreshing updatedAt; answers every post', async () => {
      const { token, ownPost } = await guestSession();
      const answer = await call('POST', `/posts/edit/${ownPost._id}`, {
        token,
        body: { postData: { content: 'Edited words', image: 'https://img.example/e.png' } },
      });
      expect(answer.status).toBe(201);
      expect(answer.body.posts).toHaveLength(16);
      const edited = answer.body.posts.find((post: Post) => post._id === ownPost._id);
      expect(edited).toMatchObject({ content: 'Edited words', image: 'https://img.example/e.png', createdAt: ownPost.createdAt });
      expect(edited.updatedAt).not.toBe(ownPost.updatedAt);
      expect(edited.likes).toEqual(ownPost.likes);
    });

    it("refuses to edit someone else's post, and an unknown post", async () => {
      const { token, otherPost } = await guestSession();
      const body = { postData: { content: 'Mine now' } };
      expectRefusal(await call('POST', `/posts/edit/${otherPost._id}`, { token, body }), 400, SPEC_ERRORS.editOthersPost);
      expectRefusal(await call('POST', `/posts/edit/${crypto.randomUUID()}`, { token, body }), 404, DECIDED_ERRORS.postNotFound);
      expect((await call('GET', `/posts/${otherPost._id}`)).body.post).toEqual(otherPost);
    });

    it('checks the new content like a new post', async () => {
      const { token, ownPost } = await guestSession();
      const path = `/posts/edit/${ownPost._id}`;
      expectRefusal(await call('POST', path, { token, body: { postData: { content: '' } } }), 400, SPEC_ERRORS.emptyPost);
      expectRefusal(
        await call('POST', path, { token, body: { postData: { content: 'a'.repeat(501) } } }),
        400,
        DECIDED_ERRORS.postTooLong,
      );
    });
  });

  describe('DELETE /api/posts/{id}', () => {
    it('lets the author delete, answering every other post, and drops it from bookmarks', async () => {
      const { token, ownPost } = await guestSession();
      const hannah = await api.loginSeedUser('hannah.lee');
      await call('POST', `/users/bookmark/${ownPost._id}`, { token: hannah.token });
      const answer = await call('DELETE', `/posts/${ownPost._id}`, { token });
      expect(answer.status).toBe(201);
      expect(answer.body.posts).toHaveLength(15);
      expect(answer.body.posts.map((post: Post) => post._id)).not.toContain(ownPost._id);
      expect((await call('GET', '/users/bookmark', { token: hannah.token })).body.bookmarks).not.toContain(ownPost._id);
      expectRefusal(await call('GET', `/posts/${ownPost._id}`), 404, DECIDED_ERRORS.postNotFound);
    });

    it("refuses to delete someone else's post, and an unknown post", async () => {
      const { token, otherPost } = await guestSession();
      expectRefusal(await call('DELETE', `/posts/${otherPost._id}`, { token }), 400, SPEC_ERRORS.deleteOthersPost);
      expectRefusal(await call('DELETE', `/posts/${crypto.randomUUID()}`, { token }), 404, DECIDED_ERRORS.postNotFound);
      expect(await api.posts()).toHaveLength(16);
    });
  });

  describe('like and dislike (spec 4)', () => {
    async function postNotLikedBy(userId: string) {
      const post = (await api.posts()).find((entry) => !entry.likes.likedBy.some((liker) => liker._id === userId));
      if (!post) throw new Error('every post is liked');
      return post;
    }

    it('likes: +1, the caller joins likedBy as a summary; answers every post', async () => {
      const { token, user } = await api.loginGuest();
      const post = await postNotLikedBy(user._id);
      const answer = await call('POST', `/posts/like/${post._id}`, { token });
      expect(answer.status).toBe(201);
      expect(answer.body.posts).toHaveLength(16);
      const liked = answer.body.posts.find((entry: Post) => entry._id === post._id);
      expect(liked.likes.likeCount).toBe(post.likes.likeCount + 1);
      expect(liked.likes.likedBy).toContainEqual({
        _id: user._id,
        username: user.username,
        firstName: user.firstName,
        lastName: user.lastName,
        profilePic: user.profilePic,
      });
      expect(liked.updatedAt).not.toBe(post.updatedAt);
    });

    it('refuses a second like', async () => {
      const { token, user } = await api.loginGuest();
      const post = await postNotLikedBy(user._id);
      await call('POST', `/posts/like/${post._id}`, { token });
      expectRefusal(await call('POST', `/posts/like/${post._id}`, { token }), 400, SPEC_ERRORS.alreadyLiked);
      expect((await call('GET', `/posts/${post._id}`)).body.post.likes.likeCount).toBe(post.likes.likeCount + 1);
    });

    it('dislikes: -1, the caller leaves likedBy and joins dislikedBy; a second dislike is refused', async () => {
      const { token, user } = await api.loginGuest();
      const post = (await api.postsOf(MARCUS)).find((entry) => entry.likes.likedBy.some((liker) => liker._id === user._id))!;
      const answer = await call('POST', `/posts/dislike/${post._id}`, { token });
      expect(answer.status).toBe(201);
      const disliked = answer.body.posts.find((entry: Post) => entry._id === post._id);
      expect(disliked.likes.likeCount).toBe(post.likes.likeCount - 1);
      expect(disliked.likes.likedBy.map((entry: User) => entry._id)).not.toContain(user._id);
      expect(disliked.likes.dislikedBy.map((entry: User) => entry._id)).toEqual([user._id]);
      expectRefusal(await call('POST', `/posts/dislike/${post._id}`, { token }), 400, SPEC_ERRORS.alreadyDisliked);
    });

    it('a like after a dislike leaves dislikedBy', async () => {
      const { token, user } = await api.loginGuest();
      const post = await postNotLikedBy(user._id);
      await call('POST', `/posts/dislike/${post._id}`, { token });
      const answer = await call('POST', `/posts/like/${post._id}`, { token });
      const liked = answer.body.posts.find((entry: Post) => entry._id === post._id);
      expect(liked.likes.likeCount).toBe(post.likes.likeCount);
      expect(liked.likes.dislikedBy).toEqual([]);
      expect(liked.likes.likedBy.map((entry: User) => entry._id)).toContain(user._id);
    });

    it('refuses to dislike a post with no likes', async () => {
      const { token } = await api.loginGuest();
      const created = await createPost(token, { content: 'Nobody likes me yet' });
      const post = created.body.posts.find((entry: Post) => entry.content === 'Nobody likes me yet');
      expectRefusal(await call('POST', `/posts/dislike/${post._id}`, { token }), 400, SPEC_ERRORS.likeBelowZero);
    });

    it('answers 404 for an unknown post', async () => {
      const { token } = await api.loginGuest();
      expectRefusal(await call('POST', `/posts/like/${crypto.randomUUID()}`, { token }), 404, DECIDED_ERRORS.postNotFound);
      expectRefusal(await call('POST', `/posts/dislike/${crypto.randomUUID()}`, { token }), 404, DECIDED_ERRORS.postNotFound);
    });
  });

  describe('anything else under /api', () => {
    it.each([
      ['GET', '/nothing-here'],
      ['PUT', '/posts'],
      ['PATCH', '/users/edit'],
      ['GET', '/posts/like/x'],
    ] as const)('%s %s answers 404 with a message', async (method, path) => {
      const answer = await call(method, path);
      expect(answer.status).toBe(404);
      expect(answer.body.errors).toEqual([expect.stringContaining(path)]);
    });

    it('answers JSON', async () => {
      expect((await call('GET', '/users')).contentType).toContain('application/json');
      expect((await call('GET', '/nothing')).contentType).toContain('application/json');
    });
  });
}
