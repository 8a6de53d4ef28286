/**
 * The Following timeline (`GET /api/posts/following`): whose posts it holds (the people the caller
 * follows, and the caller), in the feed's order, keyset-paged, and filtered as every list is (muted
 * and blocked people, muted words, hidden posts, suspended authors). The same suite runs on Mirage,
 * the server on PGlite and on PostgreSQL.
 */
import type { CompactPost } from '@chirp/contracts';
import { beforeEach, expect, it } from 'vitest';
import { contractClient, type ContractContext } from './contract-client';
import { CONTRACT_MODERATOR } from './moderation-suite';
import { GUEST, MARCUS, PRIYA } from './spec-form-tools';

export function defineFollowingSuite(getContext: () => ContractContext): void {
  const api = contractClient(getContext);
  const { call } = api;

  beforeEach(async () => {
    await getContext().reset();
  });

  const page = async (token: string, query = '') => {
    const answer = await call('GET', `/posts/following?view=compact${query}`, { token });
    expect(answer.status).toBe(200);
    return answer.body as { posts: CompactPost[]; nextCursor: string | null };
  };
  const timeline = async (token: string) => (await page(token, '&limit=100')).posts;
  const everyone = async (token: string, sort = 'latest') =>
    ((await call('GET', `/posts?view=compact&limit=100&sort=${sort}`, { token })).body.posts as CompactPost[]);
  const authors = (posts: CompactPost[]) => new Set(posts.map((post) => post.username));
  const ids = (posts: CompactPost[]) => posts.map((post) => post._id);

  async function newAccount(username: string) {
    const body = { username, password: 'long enough 1', firstName: 'New', lastName: 'Person' };
    expect((await call('POST', '/auth/signup', { body })).status).toBe(201);
    return api.login(username, body.password);
  }

  it('holds the posts of the people one follows and one’s own, in the feed’s order, and nobody else’s', async () => {
    // The demo guest follows priya and marcus.
    const guest = await api.loginGuest();
    const followed = new Set([GUEST, PRIYA, MARCUS]);
    for (const sort of ['latest', 'trending']) {
      const expected = (await everyone(guest.token, sort)).filter((post) => followed.has(post.username));
      const seen = (await page(guest.token, `&limit=100&sort=${sort}`)).posts;
      expect(ids(seen)).toEqual(ids(expected));
      expect(authors(seen)).toEqual(followed);
    }
  });

  it('is empty for a new account until it posts or follows someone; unfollowing takes their posts away', async () => {
    const fresh = await newAccount('fresh_reader');
    expect(await page(fresh.token)).toEqual({ posts: [], nextCursor: null });

    const own = await call('POST', '/posts?view=compact', { token: fresh.token, body: { postData: { content: 'My first chirp' } } });
    expect(ids(await timeline(fresh.token))).toEqual([own.body.post._id]);

    const priya = await api.userNamed(PRIYA);
    await call('POST', `/users/follow/${priya._id}`, { token: fresh.token });
    const withPriya = await timeline(fresh.token);
    expect(authors(withPriya)).toEqual(new Set(['fresh_reader', PRIYA]));
    expect(withPriya[0]!._id).toBe(own.body.post._id);

    await call('POST', `/users/unfollow/${priya._id}`, { token: fresh.token });
    expect(ids(await timeline(fresh.token))).toEqual([own.body.post._id]);
  });

  it('shows a new post of someone followed first, never one of someone not followed, and no replies', async () => {
    const guest = await api.loginGuest();
    const priya = await api.loginSeedUser(PRIYA);
    const sofia = await api.loginSeedUser('sofia.alvarez');
    const fresh = await call('POST', '/posts?view=compact', { token: priya.token, body: { postData: { content: 'Fresh from priya' } } });
    await call('POST', '/posts?view=compact', { token: sofia.token, body: { postData: { content: 'Sofia, not followed' } } });
    const reply = await call('POST', '/posts?view=compact', { token: priya.token, body: { postData: { content: 'A reply', replyTo: fresh.body.post._id } } });
    expect(reply.status).toBe(201);

    const seen = await timeline(guest.token);
    expect(seen[0]!._id).toBe(fresh.body.post._id);
    expect(authors(seen).has('sofia.alvarez')).toBe(false);
    expect(ids(seen)).not.toContain(reply.body.post._id);
  });

  it('pages by cursor: every post once, none skipped, in both orders', async () => {
    const guest = await api.loginGuest();
    // More posts than a page, some within the same second.
    for (let index = 0; index < 5; index += 1) {
      await call('POST', '/posts?view=compact', { token: guest.token, body: { postData: { content: `Guest post ${index}` } } });
    }
    for (const sort of ['latest', 'trending']) {
      const whole = ids((await page(guest.token, `&limit=100&sort=${sort}`)).posts);
      expect(whole.length).toBeGreaterThan(6);
      const walked: string[] = [];
      let cursor: string | null = null;
      do {
        const next: { posts: CompactPost[]; nextCursor: string | null } = await page(guest.token, `&limit=2&sort=${sort}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
        expect(next.posts.length).toBeLessThanOrEqual(2);
        walked.push(...ids(next.posts));
        cursor = next.nextCursor;
      } while (cursor);
      expect(walked).toEqual(whole);
      expect(new Set(walked).size).toBe(walked.length);
    }
  });

  it('leaves out muted and blocked people, hidden posts and suspended authors, and marks muted words', async () => {
    const guest = await api.loginGuest();
    const moderator = await api.loginSeedUser(CONTRACT_MODERATOR);
    const priya = await api.loginSeedUser(PRIYA);
    const marcus = await api.userNamed(MARCUS);

    await call('POST', `/users/mute/${marcus._id}`, { token: guest.token });
    expect(authors(await timeline(guest.token)).has(MARCUS)).toBe(false);
    await call('POST', `/users/unmute/${marcus._id}`, { token: guest.token });
    await call('POST', `/users/block/${marcus._id}`, { token: guest.token });
    expect(authors(await timeline(guest.token)).has(MARCUS)).toBe(false);
    await call('POST', `/users/unblock/${marcus._id}`, { token: guest.token });
    // The block ended the follow, so unblocking does not bring Marcus back.
    expect(authors(await timeline(guest.token))).toEqual(new Set([GUEST, PRIYA]));

    const word = await call('POST', '/posts?view=compact', { token: priya.token, body: { postData: { content: 'Spoilers for the finale' } } });
    await call('POST', '/account/muted-words', { token: guest.token, body: { word: 'finale' } });
    expect((await timeline(guest.token)).find((post) => post._id === word.body.post._id)?.mutedWord).toBe('finale');

    await call('POST', `/moderation/posts/${word.body.post._id}/hide`, { token: moderator.token });
    expect(ids(await timeline(guest.token))).not.toContain(word.body.post._id);
    // Its author still sees it, marked.
    const [ownHidden] = await timeline(priya.token);
    expect(ownHidden).toMatchObject({ _id: word.body.post._id, removedByModerators: true });

    await call('POST', `/moderation/users/${priya.user._id}/suspend`, { token: moderator.token });
    expect(authors(await timeline(guest.token))).toEqual(new Set([GUEST]));
  });

  it('needs a token, and refuses bad paging', async () => {
    expect((await call('GET', '/posts/following?view=compact')).status).toBe(401);
    const guest = await api.loginGuest();
    expect((await call('GET', '/posts/following?view=compact&limit=0', { token: guest.token })).status).toBe(400);
    expect((await call('GET', '/posts/following?view=compact&sort=random', { token: guest.token })).status).toBe(400);
  });
}
