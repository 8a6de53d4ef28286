/**
 * Conversations, mentions and notifications, against a base URL and a `fetch` only: the
 * same suite runs on Mirage, the server on PGlite and the server on PostgreSQL.
 */
import { GUEST_CREDENTIALS, type CompactPost, type Notification } from '@chirp/contracts';
import { beforeEach, describe, expect, it } from 'vitest';
import { DECIDED_ERRORS, SPEC_ERRORS } from '@chirp/api-rules';
import { contractClient, type ContractContext } from './contract-client';
import { expectCompactPost, expectRefusal } from './compact-suite';
import { CONTRACT_MODERATOR } from './moderation-suite';

const GUEST = GUEST_CREDENTIALS.username;
const PRIYA = 'priya.nair';
const MARCUS = 'marcus_bell';
const SOFIA = 'sofia.alvarez';
const NO_SUCH_POST = '00000000-0000-4000-8000-000000000000';

export function defineConversationsSuite(getContext: () => ContractContext): void {
  const api = contractClient(getContext);
  const { call } = api;

  beforeEach(async () => {
    await getContext().reset();
  });

  /** Makes a post (a reply when `replyTo` is given) and answers it in the compact form. */
  async function post(token: string, content: string, replyTo?: string): Promise<CompactPost> {
    const answer = await call('POST', '/posts?view=compact', { token, body: { postData: { content, ...(replyTo ? { replyTo } : {}) } } });
    expect(answer.status).toBe(201);
    return answer.body.post;
  }

  const ids = (posts: { _id: string }[]) => posts.map((entry) => entry._id);

  describe('replies and threads', () => {
    it('a reply names its post; the post counts it; the thread shows the chain above a post', async () => {
      const guest = await api.loginGuest();
      const priya = await api.loginSeedUser(PRIYA);
      const top = await post(guest.token, 'What should I read next?');
      expect(top).toMatchObject({ replyCount: 0, mentions: [] });
      expect(top).not.toHaveProperty('replyTo');

      const first = await post(priya.token, 'Anything by Ursula K. Le Guin.', top._id);
      expectCompactPost(first);
      expect(first).toMatchObject({ replyTo: top._id, replyingTo: GUEST, replyCount: 0 });
      const second = await post(guest.token, 'Which one first?', first._id);

      const thread = await call('GET', `/posts/${second._id}/thread?view=compact`);
      expect(thread.status).toBe(200);
      expect(ids(thread.body.ancestors)).toEqual([top._id, first._id]);
      expect(thread.body.post).toMatchObject({ _id: second._id, replyTo: first._id, replyingTo: PRIYA });
      expect(thread.body.ancestors[0]).toMatchObject({ replyCount: 1 });

      const replies = await call('GET', `/posts/${top._id}/replies?view=compact`);
      expect(replies.status).toBe(200);
      expect(ids(replies.body.posts)).toEqual([first._id]);
      expect(replies.body.nextCursor).toBeNull();
      replies.body.posts.forEach(expectCompactPost);
    });

    it('the feeds and a profile’s posts show posts that start a conversation; the Replies tab and the spec’s lists hold replies', async () => {
      const guest = await api.loginGuest();
      const priya = await api.loginSeedUser(PRIYA);
      const top = await post(guest.token, 'A question for everyone');
      const reply = await post(priya.token, 'An answer', top._id);

      const feed = ids((await call('GET', '/posts?view=compact&limit=100')).body.posts);
      expect(feed).toContain(top._id);
      expect(feed).not.toContain(reply._id);
      const priyaPosts = ids((await call('GET', `/posts/user/${PRIYA}?view=compact`)).body.posts);
      expect(priyaPosts).not.toContain(reply._id);
      const priyaReplies = await call('GET', `/posts/user/${PRIYA}/replies?view=compact`);
      expect(ids(priyaReplies.body.posts)).toEqual([reply._id]);
      // Spec 7's lists are every post, in the spec's shape.
      const everything = await api.posts();
      const inSpecList = everything.find((entry) => entry._id === reply._id);
      expect(inSpecList).toBeDefined();
      expect(inSpecList).not.toHaveProperty('replyTo');
    });

    it('an edit keeps what a post replies to', async () => {
      const guest = await api.loginGuest();
      const top = await post(guest.token, 'First');
      const reply = await post(guest.token, 'Second', top._id);
      const edited = await call('POST', `/posts/edit/${reply._id}?view=compact`, {
        token: guest.token,
        body: { postData: { content: 'Second, edited', replyTo: null } },
      });
      expect(edited.status).toBe(201);
      expect(edited.body.post).toMatchObject({ content: 'Second, edited', replyTo: top._id });
    });

    it('a post of the chain that moderators hid stands as unavailable (not deleted) to others, and the chain goes on above it', async () => {
      const guest = await api.loginGuest();
      const priya = await api.loginSeedUser(PRIYA);
      const top = await post(guest.token, 'The start');
      const middle = await post(priya.token, 'Soon hidden', top._id);
      const last = await post(guest.token, 'A reply to it', middle._id);
      const moderator = await api.loginSeedUser(CONTRACT_MODERATOR);
      expect((await call('POST', `/moderation/posts/${middle._id}/hide`, { token: moderator.token })).status).toBe(200);

      const thread = await call('GET', `/posts/${last._id}/thread?view=compact`, { token: guest.token });
      expect(thread.body.ancestors).toEqual([expect.objectContaining({ _id: top._id, content: 'The start' }), { _id: middle._id, deleted: true, unavailable: true }]);
    });

    it('deleting a post that has replies leaves them, and their thread says where it was', async () => {
      const guest = await api.loginGuest();
      const priya = await api.loginSeedUser(PRIYA);
      const top = await post(guest.token, 'Soon gone');
      const first = await post(priya.token, 'A reply', top._id);
      const second = await post(guest.token, 'A reply to the reply', first._id);
      expect((await call('DELETE', `/posts/${top._id}`, { token: guest.token })).status).toBe(201);

      const thread = await call('GET', `/posts/${second._id}/thread?view=compact`);
      expect(thread.body.ancestors).toEqual([{ _id: top._id, deleted: true }, expect.objectContaining({ _id: first._id })]);
      const orphan = (await call('GET', `/posts/${first._id}?view=compact`)).body.post as CompactPost;
      expect(orphan.replyTo).toBe(top._id);
      expect(orphan).not.toHaveProperty('replyingTo');
      expectRefusal(await call('GET', `/posts/${top._id}/thread?view=compact`), 404, DECIDED_ERRORS.postNotFound);
      expectRefusal(await call('GET', `/posts/${top._id}/replies?view=compact`), 404, DECIDED_ERRORS.postNotFound);
    });

    it('refuses a reply to a post that does not exist, one over 500 characters, and a replyTo that is not text, changing nothing', async () => {
      const guest = await api.loginGuest();
      const before = (await api.posts()).length;
      const top = await post(guest.token, 'Hello');
      const make = (postData: unknown) => call('POST', '/posts?view=compact', { token: guest.token, body: { postData } });
      expectRefusal(await make({ content: 'Hi', replyTo: NO_SUCH_POST }), 404, DECIDED_ERRORS.postNotFound);
      expectRefusal(await make({ content: 'Hi', replyTo: 'not-an-id' }), 404, DECIDED_ERRORS.postNotFound);
      expectRefusal(await make({ content: 'x'.repeat(501), replyTo: top._id }), 400, DECIDED_ERRORS.postTooLong);
      expectRefusal(await make({ content: '', replyTo: top._id }), 400, SPEC_ERRORS.emptyPost);
      expect((await make({ content: 'Hi', replyTo: 7 })).status).toBe(400);
      expect((await api.posts()).length).toBe(before + 1);
      expect((await call('GET', `/posts/${top._id}?view=compact`)).body.post.replyCount).toBe(0);
    });

    it('refuses the thread and replies of a post that does not exist, and the replies of an unknown user', async () => {
      expectRefusal(await call('GET', `/posts/${NO_SUCH_POST}/thread?view=compact`), 404, DECIDED_ERRORS.postNotFound);
      expectRefusal(await call('GET', `/posts/${NO_SUCH_POST}/replies?view=compact`), 404, DECIDED_ERRORS.postNotFound);
      expectRefusal(await call('GET', '/posts/user/nobody-here/replies?view=compact'), 404, DECIDED_ERRORS.userNotFound);
    });
  });

  describe('mentions', () => {
    it('names the people a post mentions who exist, as their usernames are spelled', async () => {
      const guest = await api.loginGuest();
      const made = await post(guest.token, `Hi @${PRIYA.toUpperCase()}, @nobody_here and @${MARCUS}. Mail me at a@b.com (@@x)`);
      expect(made.mentions).toEqual([MARCUS, PRIYA]);
      const read = (await call('GET', `/posts/${made._id}?view=compact`)).body.post as CompactPost;
      expect(read.mentions).toEqual([MARCUS, PRIYA]);
    });
  });

  describe('notifications', () => {
    const page = async (token: string, query = '') => {
      const answer = await call('GET', `/notifications?view=compact${query}`, { token });
      expect(answer.status).toBe(200);
      return answer.body as { notifications: Notification[]; nextCursor: string | null };
    };
    const unread = async (token: string) => (await call('GET', '/notifications/unread?view=compact', { token })).body.unread as number;

    it('needs a token', async () => {
      expect((await call('GET', '/notifications?view=compact')).status).toBe(401);
      expect((await call('GET', '/notifications/unread?view=compact')).status).toBe(401);
      expect((await call('POST', '/notifications/read?view=compact')).status).toBe(401);
    });

    it('likes of a post group in one line; a follow, a reply and a mention each say so; newest first; never one’s own', async () => {
      const guest = await api.loginGuest();
      const priya = await api.loginSeedUser(PRIYA);
      const marcus = await api.loginSeedUser(MARCUS);
      const sofia = await api.loginSeedUser(SOFIA);
      expect(await unread(guest.token)).toBe(0);
      const top = await post(guest.token, 'Notify me');
      await call('POST', `/posts/like/${top._id}`, { token: guest.token });
      await call('POST', `/posts/like/${top._id}`, { token: priya.token });
      await call('POST', `/posts/like/${top._id}`, { token: marcus.token });
      await call('POST', `/users/follow/${guest.user._id}`, { token: priya.token });
      const reply = await post(priya.token, `Me too, @${GUEST}!`, top._id);
      const mention = await post(sofia.token, `Say hello to @${GUEST}`);

      expect(await unread(guest.token)).toBe(4);
      const { notifications, nextCursor } = await page(guest.token);
      expect(nextCursor).toBeNull();
      expect(notifications.map((line) => line.kind)).toEqual(['mention', 'reply', 'follow', 'like']);
      const [mentioned, replied, followed, liked] = notifications;
      expect(liked).toMatchObject({ actorCount: 2, read: false, post: { _id: top._id, content: 'Notify me' } });
      expect(liked!.actors.map((actor) => actor.username)).toEqual([MARCUS, PRIYA]);
      expect(followed).toMatchObject({ actorCount: 1, actors: [expect.objectContaining({ username: PRIYA })] });
      expect(followed).not.toHaveProperty('post');
      expect(replied).toMatchObject({ actorCount: 1, post: { _id: reply._id } });
      expect(mentioned).toMatchObject({ actors: [expect.objectContaining({ username: SOFIA })], post: { _id: mention._id } });
      expect(Object.keys(liked!).sort()).toEqual(['_id', 'actorCount', 'actors', 'kind', 'post', 'read', 'updatedAt']);
      // Priya hears nothing of her own reply and like.
      expect(await unread(priya.token)).toBe(0);
    });

    it('pages newest first; reading marks every line read; a later like starts a new line', async () => {
      const guest = await api.loginGuest();
      const priya = await api.loginSeedUser(PRIYA);
      const marcus = await api.loginSeedUser(MARCUS);
      const posts = [await post(guest.token, 'One'), await post(guest.token, 'Two'), await post(guest.token, 'Three')];
      for (const entry of posts) await call('POST', `/posts/like/${entry._id}`, { token: priya.token });

      const first = await page(guest.token, '&limit=2');
      expect(first.notifications.map((line) => line.post?._id)).toEqual([posts[2]!._id, posts[1]!._id]);
      expect(first.nextCursor).toEqual(expect.any(String));
      const second = await page(guest.token, `&limit=2&cursor=${first.nextCursor}`);
      expect(second.notifications.map((line) => line.post?._id)).toEqual([posts[0]!._id]);
      expect(second.nextCursor).toBeNull();

      const read = await call('POST', '/notifications/read?view=compact', { token: guest.token });
      expect(read.status).toBe(200);
      expect(read.body).toEqual({ unread: 0 });
      expect((await page(guest.token)).notifications.every((line) => line.read)).toBe(true);

      await call('POST', `/posts/like/${posts[0]!._id}`, { token: marcus.token });
      expect(await unread(guest.token)).toBe(1);
      const after = (await page(guest.token)).notifications;
      expect(after).toHaveLength(4);
      expect(after[0]).toMatchObject({ kind: 'like', read: false, actorCount: 1, post: { _id: posts[0]!._id } });
    });

    it('a deleted post takes its notifications with it; a bad cursor is refused', async () => {
      const guest = await api.loginGuest();
      const priya = await api.loginSeedUser(PRIYA);
      const top = await post(guest.token, 'Short-lived');
      await call('POST', `/posts/like/${top._id}`, { token: priya.token });
      expect(await unread(guest.token)).toBe(1);
      await call('DELETE', `/posts/${top._id}`, { token: guest.token });
      expect(await unread(guest.token)).toBe(0);
      expect((await page(guest.token)).notifications).toEqual([]);
      expectRefusal(await call('GET', '/notifications?view=compact&cursor=bm9wZQ', { token: guest.token }), 400, DECIDED_ERRORS.badCursor);
    });
  });
}
