/**
 * Reposts and quotes: the repost toggle and its count, the people who repost a post, a reposted post
 * in the Following list of the reposter's followers (once, named by its reposter), quotes and the
 * quoted post's card (or the deleted marker once it is gone, marked unavailable where the reader is
 * not shown it), and the notifications both send. The same suite runs on Mirage, the
 * server on PGlite and on PostgreSQL.
 */
import type { CompactPost, Notification, PersonCard } from '@chirp/contracts';
import { DECIDED_ERRORS } from '@chirp/api-rules';
import { beforeEach, describe, expect, it } from 'vitest';
import { contractClient, type ContractContext } from './contract-client';
import { CONTRACT_MODERATOR } from './moderation-suite';
import { MARCUS, PRIYA } from './spec-form-tools';

const SOFIA = 'sofia.alvarez';

export function defineRepostsSuite(getContext: () => ContractContext): void {
  const api = contractClient(getContext);
  const { call } = api;

  beforeEach(async () => {
    await getContext().reset();
  });

  const compactPost = async (postId: string, token?: string) => {
    const answer = await call('GET', `/posts/${postId}?view=compact`, { token });
    expect(answer.status).toBe(200);
    return answer.body.post as CompactPost;
  };
  const repost = (method: 'POST' | 'DELETE', postId: string, token: string) => call(method, `/posts/${postId}/repost`, { token });
  const post = async (token: string, postData: Record<string, string>) => {
    const answer = await call('POST', '/posts?view=compact', { token, body: { postData } });
    expect(answer.status).toBe(201);
    return answer.body.post as CompactPost;
  };
  const following = async (token: string, query = '&limit=100') => {
    const answer = await call('GET', `/posts/following?view=compact${query}`, { token });
    expect(answer.status).toBe(200);
    return answer.body as { posts: CompactPost[]; nextCursor: string | null };
  };

  async function newAccount(username: string) {
    const body = { username, password: 'long enough 1', firstName: 'New', lastName: 'Person' };
    expect((await call('POST', '/auth/signup', { body })).status).toBe(201);
    return api.login(username, body.password);
  }

  async function follow(token: string, username: string) {
    const user = await api.userNamed(username);
    expect((await call('POST', `/users/follow/${user._id}`, { token })).status).toBe(201);
  }

  it('toggles a repost: POST and DELETE answer the post with its count and the caller’s own, each idempotent', async () => {
    const [target] = await api.postsOf(PRIYA);
    const sofia = await api.loginSeedUser(SOFIA);
    const marcus = await api.loginSeedUser(MARCUS);
    expect((await compactPost(target!._id)).repostCount).toBe(0);

    const first = await repost('POST', target!._id, sofia.token);
    expect(first.status).toBe(200);
    expect(first.body.post).toEqual(expect.objectContaining({ _id: target!._id, repostCount: 1, repostedByMe: true }));
    // Asked twice, still one repost.
    expect((await repost('POST', target!._id, sofia.token)).body.post).toEqual(expect.objectContaining({ repostCount: 1, repostedByMe: true }));
    expect((await repost('POST', target!._id, marcus.token)).body.post).toEqual(expect.objectContaining({ repostCount: 2, repostedByMe: true }));
    expect(await compactPost(target!._id)).toEqual(expect.objectContaining({ repostCount: 2, repostedByMe: false }));

    const undone = await repost('DELETE', target!._id, sofia.token);
    expect(undone.status).toBe(200);
    expect(undone.body.post).toEqual(expect.objectContaining({ repostCount: 1, repostedByMe: false }));
    expect((await repost('DELETE', target!._id, sofia.token)).body.post).toEqual(expect.objectContaining({ repostCount: 1, repostedByMe: false }));
    expect(await compactPost(target!._id, marcus.token)).toEqual(expect.objectContaining({ repostCount: 1, repostedByMe: true }));

    expect((await call('POST', `/posts/${target!._id}/repost`)).status).toBe(401);
    const missing = await repost('POST', '00000000-0000-4000-8000-000000000000', sofia.token);
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ errors: [DECIDED_ERRORS.postNotFound] });
    // The spec's form of the post keeps its shape: no repost fields in it.
    const spec = (await call('GET', `/posts/${target!._id}`)).body.post;
    expect(Object.keys(spec)).not.toContain('repostCount');
  });

  it('lists the people who repost a post, paged by username', async () => {
    const [target] = await api.postsOf(PRIYA);
    const reposters = [SOFIA, MARCUS, 'guestuser'];
    for (const name of reposters) {
      const { token } = name === 'guestuser' ? await api.loginGuest() : await api.loginSeedUser(name);
      await repost('POST', target!._id, token);
    }
    const path = `/posts/${target!._id}/reposters`;
    const first = await call('GET', `${path}?limit=2`);
    expect(first.status).toBe(200);
    expect(first.body.users).toHaveLength(2);
    const second = await call('GET', `${path}?limit=2&cursor=${encodeURIComponent(first.body.nextCursor)}`);
    const names = [...first.body.users, ...second.body.users].map((person: PersonCard) => person.username);
    expect(names).toEqual([...reposters].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    expect(second.body.nextCursor).toBeNull();
    expect((await call('GET', '/posts/00000000-0000-4000-8000-000000000000/reposters')).status).toBe(404);
  });

  it('shows a post reposted by people one follows once in Following, named by the latest reposter, and not twice when one follows its author', async () => {
    const reader = await newAccount('repost_reader');
    await follow(reader.token, SOFIA);
    await follow(reader.token, MARCUS);
    const [target] = await api.postsOf(PRIYA);
    expect((await following(reader.token)).posts.map((entry) => entry._id)).not.toContain(target!._id);

    await repost('POST', target!._id, (await api.loginSeedUser(SOFIA)).token);
    await repost('POST', target!._id, (await api.loginSeedUser(MARCUS)).token);
    const seen = (await following(reader.token)).posts;
    expect(seen.filter((entry) => entry._id === target!._id)).toHaveLength(1);
    // At the time of the repost: newer than every seed post.
    expect(seen[0]).toEqual(expect.objectContaining({ _id: target!._id, username: PRIYA, repostCount: 2 }));
    expect([SOFIA, MARCUS]).toContain(seen[0]!.repostedBy?.username);

    await follow(reader.token, PRIYA);
    const withAuthor = (await following(reader.token)).posts;
    expect(withAuthor.filter((entry) => entry._id === target!._id)).toHaveLength(1);

    // Page by page, every post once, in the same order as one page of them all.
    const whole = withAuthor.map((entry) => entry._id);
    const paged: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = `&limit=3${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const answer = await following(reader.token, query);
      paged.push(...answer.posts.map((entry) => entry._id));
      cursor = answer.nextCursor;
    } while (cursor !== null);
    expect(paged).toEqual(whole);

    // Everyone's list is the posts alone, never named by a reposter.
    const everyone = (await call('GET', '/posts?view=compact&limit=100', { token: reader.token })).body.posts as CompactPost[];
    expect(everyone.filter((entry) => entry._id === target!._id)).toHaveLength(1);
    expect(everyone.some((entry) => entry.repostedBy !== undefined)).toBe(false);
  });

  it('takes a repost out of Following when it is undone, and out of everyone’s when the reposter is muted', async () => {
    const reader = await newAccount('undo_reader');
    await follow(reader.token, SOFIA);
    const sofia = await api.loginSeedUser(SOFIA);
    const [target] = await api.postsOf(PRIYA);
    await repost('POST', target!._id, sofia.token);
    expect((await following(reader.token)).posts[0]?._id).toBe(target!._id);

    const sofiaUser = await api.userNamed(SOFIA);
    expect((await call('POST', `/users/mute/${sofiaUser._id}`, { token: reader.token })).status).toBe(200);
    expect((await following(reader.token)).posts.map((entry) => entry._id)).not.toContain(target!._id);
    await call('POST', `/users/unmute/${sofiaUser._id}`, { token: reader.token });

    await repost('DELETE', target!._id, sofia.token);
    expect((await following(reader.token)).posts.map((entry) => entry._id)).not.toContain(target!._id);
  });

  it('embeds the quoted post in a quote, and shows the deleted marker once the original is deleted', async () => {
    const priya = await api.loginSeedUser(PRIYA);
    const sofia = await api.loginSeedUser(SOFIA);
    const original = await post(priya.token, { content: 'Worth quoting' });
    const quote = await post(sofia.token, { content: 'So true', quoteOf: original._id });
    expect(quote.quoteOf).toBe(original._id);
    expect(quote.quote).toEqual(expect.objectContaining({ _id: original._id, content: 'Worth quoting', username: PRIYA, createdAt: original.createdAt }));
    expect((quote.quote as CompactPost).author.username).toBe(PRIYA);
    // The spec's form keeps its shape.
    expect(Object.keys((await call('GET', `/posts/${quote._id}`)).body.post)).not.toContain('quote');

    expect((await call('DELETE', `/posts/${original._id}`, { token: priya.token })).status).toBe(201);
    const after = await compactPost(quote._id);
    expect(after.content).toBe('So true');
    expect(after.quote).toEqual({ _id: original._id, deleted: true });

    const missing = await call('POST', '/posts?view=compact', {
      token: sofia.token,
      body: { postData: { content: 'Of nothing', quoteOf: '00000000-0000-4000-8000-000000000000' } },
    });
    expect(missing.status).toBe(404);
  });

  it('marks a quoted post that is there but not shown to the reader as unavailable, not deleted: a block either way, moderators’ hiding', async () => {
    const priya = await api.loginSeedUser(PRIYA);
    const sofia = await api.loginSeedUser(SOFIA);
    const guest = await api.loginGuest();
    const original = await post(priya.token, { content: 'Quoted, then out of sight' });
    const quote = await post(sofia.token, { content: 'Quoting it', quoteOf: original._id });
    const unavailable = { _id: original._id, deleted: true, unavailable: true };

    const sofiaUser = await api.userNamed(SOFIA);
    expect((await call('POST', `/users/block/${sofiaUser._id}`, { token: priya.token })).status).toBe(200);
    expect((await compactPost(quote._id, sofia.token)).quote).toEqual(unavailable);
    // Someone else still reads it.
    expect((await compactPost(quote._id, guest.token)).quote).toEqual(expect.objectContaining({ _id: original._id, content: 'Quoted, then out of sight' }));
    await call('POST', `/users/unblock/${sofiaUser._id}`, { token: priya.token });

    const priyaUser = await api.userNamed(PRIYA);
    expect((await call('POST', `/users/block/${priyaUser._id}`, { token: sofia.token })).status).toBe(200);
    expect((await compactPost(quote._id, sofia.token)).quote).toEqual(unavailable);
    await call('POST', `/users/unblock/${priyaUser._id}`, { token: sofia.token });

    const moderator = await api.loginSeedUser(CONTRACT_MODERATOR);
    expect((await call('POST', `/moderation/posts/${original._id}/hide`, { token: moderator.token })).status).toBe(200);
    expect((await compactPost(quote._id, guest.token)).quote).toEqual(unavailable);
    expect((await compactPost(quote._id)).quote).toEqual(unavailable);
    // Its author still reads it in the quote.
    expect((await compactPost(quote._id, priya.token)).quote).toEqual(expect.objectContaining({ _id: original._id }));
  });

  it('refuses a repost or a quote between people who block one another, with a 403', async () => {
    const priya = await api.loginSeedUser(PRIYA);
    const sofia = await api.loginSeedUser(SOFIA);
    const original = await post(priya.token, { content: 'Not for sofia' });
    const sofiaUser = await api.userNamed(SOFIA);
    expect((await call('POST', `/users/block/${sofiaUser._id}`, { token: priya.token })).status).toBe(200);
    expect((await repost('POST', original._id, sofia.token)).status).toBe(403);
    const quote = await call('POST', '/posts?view=compact', { token: sofia.token, body: { postData: { content: 'Quoting', quoteOf: original._id } } });
    expect(quote.status).toBe(403);
    expect((await compactPost(original._id)).repostCount).toBe(0);
  });

  it('takes a deleted account’s reposts away with it', async () => {
    const [target] = await api.postsOf(PRIYA);
    const leaver = await newAccount('soon_gone');
    expect((await repost('POST', target!._id, leaver.token)).body.post.repostCount).toBe(1);
    const deleted = await call('POST', '/account/delete', { token: leaver.token, body: { password: 'long enough 1' } });
    expect(deleted.status).toBe(200);
    expect((await compactPost(target!._id)).repostCount).toBe(0);
    expect((await call('GET', `/posts/${target!._id}/reposters`)).body.users).toEqual([]);
  });

  describe('notifications', () => {
    /** The caller's lines as "kind by actors: excerpt", newest first, and the unread count beside. */
    const lines = async (token: string) => {
      const answer = await call('GET', '/notifications?view=compact&limit=100', { token });
      expect(answer.status).toBe(200);
      const notifications = (answer.body as { notifications: Notification[] }).notifications;
      return notifications.map((line) => `${line.kind} by ${line.actors.map((actor) => actor.username).join(', ')} (${line.actorCount}): ${line.post?.content ?? ''}`);
    };
    const unread = async (token: string) => (await call('GET', '/notifications/unread?view=compact', { token })).body.unread as number;

    it('tells the author of a reposted post once, in one line for its reposters, and an undo leaves it as an unlike leaves a like', async () => {
      const priya = await api.loginSeedUser(PRIYA);
      const sofia = await api.loginSeedUser(SOFIA);
      const marcus = await api.loginSeedUser(MARCUS);
      const original = await post(priya.token, { content: 'Repost me' });
      await repost('POST', original._id, sofia.token);
      // Asked again, the repost is the one it was: nobody hears of it twice.
      await repost('POST', original._id, sofia.token);
      expect(await lines(priya.token)).toEqual([`repost by ${SOFIA} (1): Repost me`]);
      await repost('POST', original._id, marcus.token);
      expect(await lines(priya.token)).toEqual([`repost by ${MARCUS}, ${SOFIA} (2): Repost me`]);
      expect(await unread(priya.token)).toBe(1);

      await repost('DELETE', original._id, marcus.token);
      await call('POST', `/posts/like/${original._id}`, { token: sofia.token });
      await call('POST', `/posts/dislike/${original._id}`, { token: sofia.token });
      expect(await lines(priya.token)).toEqual([`like by ${SOFIA} (1): Repost me`, `repost by ${MARCUS}, ${SOFIA} (2): Repost me`]);
      // Reposting again while the line is unread joins it rather than adding one.
      await repost('POST', original._id, marcus.token);
      expect(await unread(priya.token)).toBe(2);
      // Nobody hears of their own repost.
      await repost('POST', original._id, priya.token);
      expect(await lines(priya.token)).toHaveLength(2);
      expect(await unread(sofia.token)).toBe(0);
    });

    it('tells the author of a quoted post, naming the quote; never oneself', async () => {
      const priya = await api.loginSeedUser(PRIYA);
      const sofia = await api.loginSeedUser(SOFIA);
      const original = await post(priya.token, { content: 'Quote me' });
      const quote = await post(sofia.token, { content: 'Quoted it', quoteOf: original._id });
      await post(priya.token, { content: 'Quoting myself', quoteOf: original._id });
      expect(await lines(priya.token)).toEqual([`quote by ${SOFIA} (1): Quoted it`]);
      const answer = await call('GET', '/notifications?view=compact', { token: priya.token });
      expect((answer.body as { notifications: Notification[] }).notifications[0]?.post?._id).toBe(quote._id);
      expect(await unread(priya.token)).toBe(1);
      expect(await unread(sofia.token)).toBe(0);
    });

    it('tells nobody of a muted person’s repost or quote, nor of a quote holding a muted word; a blocked person cannot repost', async () => {
      const priya = await api.loginSeedUser(PRIYA);
      const sofia = await api.loginSeedUser(SOFIA);
      const marcus = await api.loginSeedUser(MARCUS);
      const original = await post(priya.token, { content: 'Quiet please' });
      expect((await call('POST', `/users/mute/${sofia.user._id}`, { token: priya.token })).status).toBe(200);
      await repost('POST', original._id, sofia.token);
      await post(sofia.token, { content: 'Quoting anyway', quoteOf: original._id });
      expect((await call('POST', '/account/muted-words', { token: priya.token, body: { word: 'spoilers' } })).status).toBe(200);
      await post(marcus.token, { content: 'Big SPOILERS', quoteOf: original._id });
      expect((await call('POST', `/users/block/${marcus.user._id}`, { token: priya.token })).status).toBe(200);
      expect((await repost('POST', original._id, marcus.token)).status).toBe(403);
      expect(await lines(priya.token)).toEqual([]);
      expect(await unread(priya.token)).toBe(0);
    });
  });
}
