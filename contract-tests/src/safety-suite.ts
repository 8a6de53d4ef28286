/**
 * Muting and blocking, on every list and change they touch: what each person sees of the other, the
 * follows a block ends, and what it refuses. The same suite runs on Mirage, the server on PGlite and
 * on PostgreSQL.
 */
import { MUTED_WORD_LIMITS, SAFETY_ERRORS, type CompactPost, type PersonCard } from '@chirp/contracts';
import { beforeEach, describe, expect, it } from 'vitest';
import { DECIDED_ERRORS } from '@chirp/api-rules';
import { contractClient, type ContractContext } from './contract-client';
import { expectRefusal, GUEST, PRIYA } from './spec-form-tools';

export function defineSafetySuite(getContext: () => ContractContext): void {
  const api = contractClient(getContext);
  const { call } = api;

  beforeEach(async () => {
    await getContext().reset();
  });

  async function twoPeople() {
    const guest = await api.loginGuest();
    const priya = await api.loginSeedUser(PRIYA);
    const [guestPost] = await api.postsOf(GUEST);
    const [priyaPost] = await api.postsOf(PRIYA);
    return { guest, priya, guestPost: guestPost!, priyaPost: priyaPost! };
  }

  /** Whose posts a person's lists show: the feed, a search, both forms. */
  async function authorsSeenBy(token?: string) {
    const feed = (await call('GET', '/posts?view=compact&limit=100', { token })).body.posts as CompactPost[];
    const spec = (await call('GET', '/posts?limit=100', { token })).body.posts as { username: string }[];
    return { compact: new Set(feed.map((post) => post.username)), spec: new Set(spec.map((post) => post.username)) };
  }
  const postsOf = async (token: string, username: string) =>
    ((await call('GET', `/posts/user/${username}?view=compact`, { token })).body.posts as CompactPost[]).length;
  const names = (people: PersonCard[]) => people.map((person) => person.username);
  const profileOf = async (token: string, username: string) => (await call('GET', `/users/by-username/${username}`, { token })).body.user;

  it('mutes: the muted person’s posts leave the muter’s lists, they are not told, and unmuting brings them back', async () => {
    const { guest, priya } = await twoPeople();
    const guestAsPriyaSees = async () => profileOf(priya.token, GUEST);
    const before = await guestAsPriyaSees();
    const muted = await call('POST', `/users/mute/${priya.user._id}`, { token: guest.token });
    expect(muted.status).toBe(200);
    expect(muted.body).toEqual({ relation: { userId: priya.user._id, mutedByMe: true, blockedByMe: false } });
    // Muting again changes nothing.
    expect((await call('POST', `/users/mute/${priya.user._id}`, { token: guest.token })).body.relation.mutedByMe).toBe(true);

    const seen = await authorsSeenBy(guest.token);
    expect(seen.compact.has(PRIYA) || seen.spec.has(PRIYA)).toBe(false);
    expect(seen.compact.has(GUEST)).toBe(true);
    expect(await postsOf(guest.token, PRIYA)).toBe(0);
    expect((await authorsSeenBy(priya.token)).compact.has(GUEST)).toBe(true);
    // Nobody signed in still sees everyone.
    expect((await authorsSeenBy()).compact.has(PRIYA)).toBe(true);

    const profile = await profileOf(guest.token, PRIYA);
    expect(profile).toMatchObject({ mutedByMe: true, bio: expect.stringMatching(/\S/) });
    expect(profile.blockedByMe).toBeUndefined();
    // Nothing of the muter's profile changed: not even when it was last updated.
    expect(await guestAsPriyaSees()).toEqual(before);
    expect(names((await call('GET', '/account/muted', { token: guest.token })).body.users)).toEqual([PRIYA]);
    // Still in lists of people: a mute hides what they say, not that they exist.
    expect(names((await call('GET', `/search/users?q=priya`, { token: guest.token })).body.users)).toContain(PRIYA);

    const unmuted = await call('POST', `/users/unmute/${priya.user._id}`, { token: guest.token });
    expect(unmuted.body.relation).toEqual({ userId: priya.user._id, mutedByMe: false, blockedByMe: false });
    expect((await authorsSeenBy(guest.token)).compact.has(PRIYA)).toBe(true);
    expect((await call('GET', '/account/muted', { token: guest.token })).body.users).toEqual([]);
  });

  it('mutes: the muted person’s likes, follows and mentions no longer notify the muter', async () => {
    const { guest, priya, guestPost } = await twoPeople();
    await call('POST', `/users/mute/${priya.user._id}`, { token: guest.token });
    expect((await call('POST', `/posts/like/${guestPost._id}`, { token: priya.token })).status).toBe(201);
    await call('POST', `/users/follow/${guest.user._id}`, { token: priya.token });
    await call('POST', '/posts', { token: priya.token, body: { postData: { content: `Hello @${GUEST}` } } });
    expect((await call('GET', '/notifications', { token: guest.token })).body.notifications).toEqual([]);
  });

  it('blocks: each one’s posts leave the other’s lists, and the follows between them end, both ways', async () => {
    const { guest, priya } = await twoPeople();
    await call('POST', `/users/follow/${guest.user._id}`, { token: priya.token });
    const before = await profileOf(guest.token, GUEST);
    const blocked = await call('POST', `/users/block/${priya.user._id}`, { token: guest.token });
    expect(blocked.body).toEqual({ relation: { userId: priya.user._id, mutedByMe: false, blockedByMe: true } });

    for (const [viewer, other] of [[guest, PRIYA], [priya, GUEST]] as const) {
      const seen = await authorsSeenBy(viewer.token);
      expect({ viewer: viewer.user.username, sees: seen.compact.has(other) || seen.spec.has(other) }).toEqual({ viewer: viewer.user.username, sees: false });
      expect(await postsOf(viewer.token, other)).toBe(0);
      expect(names((await call('GET', `/search/users?q=${other.slice(0, 4)}`, { token: viewer.token })).body.users)).not.toContain(other);
    }
    const after = await profileOf(guest.token, GUEST);
    expect([after.followerCount, after.followingCount]).toEqual([before.followerCount - 1, before.followingCount - 1]);
    expect(names((await call('GET', `/users/${guest.user._id}/followers`)).body.users)).not.toContain(PRIYA);

    // Each sees the other's profile without its details, and knows why.
    expect(await profileOf(guest.token, PRIYA)).toMatchObject({ blockedByMe: true, bio: '', title: '', website: '' });
    expect(await profileOf(priya.token, GUEST)).toMatchObject({ blocksMe: true, bio: '', title: '', website: '' });
    expect(names((await call('GET', '/account/blocked', { token: guest.token })).body.users)).toEqual([PRIYA]);
  });

  it('blocks: following, liking and replying are refused either way with a 403, and mentions notify nobody', async () => {
    const { guest, priya, guestPost, priyaPost } = await twoPeople();
    await call('POST', `/users/block/${priya.user._id}`, { token: guest.token });

    expectRefusal(await call('POST', `/users/follow/${priya.user._id}`, { token: guest.token }), 403, SAFETY_ERRORS.youBlocked);
    expectRefusal(await call('POST', `/users/follow/${guest.user._id}`, { token: priya.token }), 403, SAFETY_ERRORS.blockedYou);
    expectRefusal(await call('POST', `/posts/like/${priyaPost._id}?view=compact`, { token: guest.token }), 403, SAFETY_ERRORS.youBlocked);
    expectRefusal(await call('POST', `/posts/like/${guestPost._id}`, { token: priya.token }), 403, SAFETY_ERRORS.blockedYou);
    const reply = (token: string, replyTo: string) => call('POST', '/posts?view=compact', { token, body: { postData: { content: 'Re', replyTo } } });
    expectRefusal(await reply(priya.token, guestPost._id), 403, SAFETY_ERRORS.blockedYou);
    expectRefusal(await reply(guest.token, priyaPost._id), 403, SAFETY_ERRORS.youBlocked);

    expect((await call('POST', '/posts', { token: priya.token, body: { postData: { content: `Hi @${GUEST}` } } })).status).toBe(201);
    expect((await call('GET', '/notifications', { token: guest.token })).body.notifications).toEqual([]);

    // Unblocking lifts the refusals; the follows it ended stay ended.
    expect((await call('POST', `/users/unblock/${priya.user._id}`, { token: guest.token })).body.relation.blockedByMe).toBe(false);
    expect((await call('POST', `/posts/like/${guestPost._id}`, { token: priya.token })).status).toBe(201);
    expect((await profileOf(guest.token, PRIYA)).followedByMe).toBe(false);
  });

  it('refuses muting or blocking oneself or nobody, and needs a token', async () => {
    const { guest } = await twoPeople();
    expectRefusal(await call('POST', `/users/mute/${guest.user._id}`, { token: guest.token }), 400, SAFETY_ERRORS.muteSelf);
    expectRefusal(await call('POST', `/users/block/${guest.user._id}`, { token: guest.token }), 400, SAFETY_ERRORS.blockSelf);
    const nobody = '00000000-0000-4000-8000-000000000000';
    expectRefusal(await call('POST', `/users/block/${nobody}`, { token: guest.token }), 404, DECIDED_ERRORS.userNotFound);
    expectRefusal(await call('POST', `/users/unmute/${nobody}`, { token: guest.token }), 404, DECIDED_ERRORS.userNotFound);
    expect((await call('POST', `/users/block/${nobody}`)).status).toBe(401);
    expect((await call('GET', '/account/blocked')).status).toBe(401);
  });

  describe('muted words', () => {
    const muteWord = (token: string, word: unknown) => call('POST', '/account/muted-words', { token, body: { word } });
    const unmuteWord = (token: string, word: unknown) => call('POST', '/account/muted-words/remove', { token, body: { word } });
    const newPost = async (token: string, content: string) =>
      (await call('POST', '/posts?view=compact', { token, body: { postData: { content } } })).body.post as CompactPost;
    const feedOf = async (token?: string) => (await call('GET', '/posts?view=compact&limit=100', { token })).body.posts as CompactPost[];
    const markOf = (posts: CompactPost[], id: string) => posts.find((post) => post._id === id)?.mutedWord;

    it('a post holding a muted word, phrase or #tag stays in the muter’s pages, marked with the word; nobody else’s, and never on their own posts', async () => {
      const { guest, priya } = await twoPeople();
      const finale = await newPost(priya.token, 'Watching the Finale tonight. No SPOILERS, please! #GameNight');
      const phrase = await newPost(priya.token, 'The Great British Bake Off is back');
      const game = await newPost(priya.token, 'A game of chess');
      const own = await newPost(guest.token, 'My spoilers, my rules');
      const before = await feedOf(guest.token);

      expect((await muteWord(guest.token, 'Spoilers')).body).toEqual({ words: ['spoilers'] });
      await muteWord(guest.token, 'british  bake off');
      const added = await muteWord(guest.token, '#gamenight');
      expect(added.status).toBe(200);
      expect(added.body).toEqual({ words: ['spoilers', 'british bake off', '#gamenight'] });
      expect((await call('GET', '/account/muted-words', { token: guest.token })).body).toEqual({ words: ['spoilers', 'british bake off', '#gamenight'] });

      const feed = await feedOf(guest.token);
      // The page is as long as before: a muted word marks a post, it does not take it out.
      expect(feed.map((post) => post._id)).toEqual(before.map((post) => post._id));
      expect(markOf(feed, finale._id)).toBe('spoilers');
      expect(markOf(feed, phrase._id)).toBe('british bake off');
      // "game" is not "#gamenight", and nobody's muted "game".
      expect(markOf(feed, game._id)).toBeUndefined();
      expect(markOf(feed, own._id)).toBeUndefined();
      // The same on every read of a post: a single one, a thread, a search, a profile's posts.
      expect((await call('GET', `/posts/${phrase._id}?view=compact`, { token: guest.token })).body.post.mutedWord).toBe('british bake off');
      expect((await call('GET', `/posts/${finale._id}/thread?view=compact`, { token: guest.token })).body.post.mutedWord).toBe('spoilers');
      const search = (await call('GET', '/search/posts?q=finale', { token: guest.token })).body.posts as CompactPost[];
      expect(markOf(search, finale._id)).toBe('spoilers');
      expect(markOf((await call('GET', `/posts/user/${PRIYA}?view=compact`, { token: guest.token })).body.posts, finale._id)).toBe('spoilers');
      // Only the muter's: not Priya's, nor anyone's signed out; and the spec's form keeps its shape.
      expect(markOf(await feedOf(priya.token), finale._id)).toBeUndefined();
      expect(markOf(await feedOf(), finale._id)).toBeUndefined();
      const specPosts = (await call('GET', '/posts?limit=100', { token: guest.token })).body.posts as Record<string, unknown>[];
      expect(specPosts.find((post) => post._id === finale._id)).not.toHaveProperty('mutedWord');

      // The tag alone, once "spoilers" is unmuted; then nothing.
      expect((await unmuteWord(guest.token, 'SPOILERS')).body).toEqual({ words: ['british bake off', '#gamenight'] });
      expect(markOf(await feedOf(guest.token), finale._id)).toBe('#gamenight');
      await unmuteWord(guest.token, '#GameNight');
      expect(markOf(await feedOf(guest.token), finale._id)).toBeUndefined();
    });

    it('silence replies and mentions that hold them: nobody is notified of those, and everything else still notifies', async () => {
      const { guest, priya, guestPost } = await twoPeople();
      await muteWord(guest.token, 'spoilers');
      const reply = (content: string) =>
        call('POST', '/posts', { token: priya.token, body: { postData: { content, replyTo: guestPost._id } } });
      expect((await reply('Big SPOILERS ahead')).status).toBe(201);
      await call('POST', '/posts', { token: priya.token, body: { postData: { content: `@${GUEST} no spoilers here, promise` } } });
      const notifications = async () =>
        ((await call('GET', '/notifications', { token: guest.token })).body.notifications as { kind: string; post?: { content: string } }[]).map(
          (line) => `${line.kind}: ${line.post?.content ?? ''}`,
        );
      expect(await notifications()).toEqual([]);
      expect((await call('GET', '/notifications/unread', { token: guest.token })).body).toEqual({ unread: 0 });

      // A reply without the word, a mention without it and a like (of the muter's own post) still reach them.
      await reply('A kind word');
      await call('POST', '/posts', { token: priya.token, body: { postData: { content: `Hello @${GUEST}` } } });
      await call('POST', `/posts/like/${guestPost._id}`, { token: priya.token });
      expect((await notifications()).sort()).toEqual([`like: ${guestPost.content}`, `mention: Hello @${GUEST}`, 'reply: A kind word'].sort());
    });

    it('are kept once each, normalised, in the order added; refused empty, too long, without a letter or digit, or past the limit; need a token', async () => {
      const { guest } = await twoPeople();
      expect((await muteWord(guest.token, '  Game   OF Thrones ')).body.words).toEqual(['game of thrones']);
      expect((await muteWord(guest.token, 'game of thrones')).body.words).toEqual(['game of thrones']);
      // Unmuting what is not muted changes nothing.
      expect((await unmuteWord(guest.token, 'dragons')).body.words).toEqual(['game of thrones']);
      for (const word of ['', '   ', '!!!', '#two words', 'x'.repeat(MUTED_WORD_LIMITS.maxLength + 1), 5, null]) {
        expectRefusal(await muteWord(guest.token, word), 400, SAFETY_ERRORS.mutedWordInvalid);
      }
      expectRefusal(await call('POST', '/account/muted-words', { token: guest.token, body: {} }), 400, SAFETY_ERRORS.mutedWordInvalid);
      for (let index = 1; index < MUTED_WORD_LIMITS.maxWords; index += 1) await muteWord(guest.token, `word${index}`);
      const full = (await call('GET', '/account/muted-words', { token: guest.token })).body.words as string[];
      expect(full).toHaveLength(MUTED_WORD_LIMITS.maxWords);
      expect(full.slice(0, 2)).toEqual(['game of thrones', 'word1']);
      expectRefusal(await muteWord(guest.token, 'one more'), 400, SAFETY_ERRORS.tooManyMutedWords);
      expect((await call('GET', '/account/muted-words')).status).toBe(401);
      expect((await call('POST', '/account/muted-words', { body: { word: 'x' } })).status).toBe(401);
    });
  });
}
