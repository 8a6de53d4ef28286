/**
 * The account's data: downloading it (GET /api/account/export) and deleting the account
 * (POST /api/account/delete): nothing of it is left in any table or collection, and everyone else's
 * counts stay exact. The same suite runs on Mirage, the server on PGlite and on PostgreSQL.
 */
import { ACCOUNT_ERRORS, GUEST_CREDENTIALS } from '@chirp/contracts';
import { beforeEach, expect, it } from 'vitest';
import { DECIDED_ERRORS, SPEC_ERRORS } from '@chirp/api-rules';
import { CONTRACT_MODERATOR } from './moderation-suite';
import { contractClient, type ContractContext } from './contract-client';
import { expectRefusal, GUEST, MARCUS, PRIYA } from './spec-form-tools';

const LEAVER_PASSWORD = 'leaving@chirp1';

export function defineAccountDataSuite(getContext: () => ContractContext): void {
  const api = contractClient(getContext);
  const { call } = api;

  beforeEach(async () => {
    await getContext().reset();
  });

  /**
   * A new account (a name no seed or other text holds), with a post, a reply, a like, a bookmark,
   * follows both ways, a mute, a block and muted words.
   */
  async function leaverWithData() {
    const username = `leaver${Math.random().toString(36).slice(2, 10)}`;
    const signedUp = await call('POST', '/auth/signup', { body: { username, password: LEAVER_PASSWORD, firstName: 'Lee', lastName: 'Ver' } });
    expect(signedUp.status).toBe(201);
    const leaver = { token: signedUp.body.encodedToken as string, id: signedUp.body.createdUser._id as string, username };
    const guest = await api.loginGuest();
    const priya = await api.loginSeedUser(PRIYA);
    const priyaPost = (await call('GET', `/posts/user/${PRIYA}?view=compact&limit=1`, { token: priya.token })).body.posts[0]._id as string;
    const write = async (token: string, content: string, replyTo?: string) =>
      (await call('POST', '/posts?view=compact', { token, body: { postData: { content, ...(replyTo ? { replyTo } : {}) } } })).body.post._id as string;
    // Others' counts and lists before the leaver touched them.
    const before = await countsOf(priya.token, guest.token, priyaPost);
    const ownPost = await write(leaver.token, 'Hello from someone about to leave');
    const reply = await write(leaver.token, 'A reply, soon gone', priyaPost);
    const guestReply = await write(guest.token, 'A reply to the leaver', ownPost);
    await call('POST', `/posts/like/${priyaPost}`, { token: leaver.token });
    await call('POST', `/posts/like/${priyaPost}`, { token: guest.token });
    await call('POST', `/users/bookmark/${priyaPost}`, { token: leaver.token });
    await call('POST', `/users/follow/${priya.user._id}`, { token: leaver.token });
    await call('POST', `/users/mute/${guest.user._id}`, { token: leaver.token });
    const marcus = (await call('GET', `/users/by-username/${MARCUS}`, { token: leaver.token })).body.user;
    await call('POST', `/users/block/${marcus._id}`, { token: leaver.token });
    for (const word of ['spoilers', '#finale']) await call('POST', '/account/muted-words', { token: leaver.token, body: { word } });
    await call('POST', `/users/follow/${leaver.id}`, { token: guest.token });
    await call('POST', `/posts/like/${ownPost}`, { token: priya.token });
    await call('POST', `/users/bookmark/${ownPost}`, { token: guest.token });
    // Reports by it and of its posts, and a moderator's action on one of them (the audit log names it).
    await call('POST', `/posts/report/${priyaPost}`, { token: leaver.token, body: { reason: 'spam', details: `Reported by ${username}` } });
    await call('POST', `/posts/report/${ownPost}`, { token: guest.token, body: { reason: 'other' } });
    const moderator = await api.loginSeedUser(CONTRACT_MODERATOR);
    expect((await call('POST', `/moderation/posts/${reply}/hide`, { token: moderator.token })).status).toBe(200);
    await call('POST', '/account', { token: leaver.token, body: { email: `${username}@example.com` } });
    await call('POST', '/account', { token: guest.token, body: { email: 'guest.private@example.com' } });
    return { leaver, guest, priya, marcus, priyaPost, ownPost, reply, guestReply, before };
  }

  /** What others see that the leaver moved: Priya's followers, her post's likes and replies, the guest's follows, bookmarks and Priya's notifications. */
  async function countsOf(priyaToken: string, guestToken: string, priyaPost: string) {
    const profile = async (username: string) => (await call('GET', `/users/by-username/${username}`, { token: guestToken })).body.user;
    const post = (await call('GET', `/posts/${priyaPost}?view=compact`, { token: guestToken })).body.post;
    const notifications = (await call('GET', '/notifications?limit=100', { token: priyaToken })).body.notifications as { kind: string; actorCount: number }[];
    return {
      priyaFollowers: (await profile(PRIYA)).followerCount,
      guestFollowing: (await profile(GUEST)).followingCount,
      likeCount: post.likeCount,
      replyCount: post.replyCount,
      guestBookmarks: (await call('GET', '/users/bookmark', { token: guestToken })).body.bookmarks,
      // In a stable order: a line that gained an actor moved up, and losing it again does not move it back.
      priyaNotifications: notifications.map(({ kind, actorCount }) => ({ kind, actorCount })).sort((a, b) => `${a.kind}${a.actorCount}`.localeCompare(`${b.kind}${b.actorCount}`)),
    };
  }

  it('downloads the account’s data: profile, posts, likes, bookmarks, follows, mutes, blocks and muted words, without a password hash or anyone else’s address', async () => {
    const { leaver, guest, priya, marcus, priyaPost, ownPost, reply } = await leaverWithData();
    expectRefusal(await call('GET', '/account/export'), 401, SPEC_ERRORS.invalidToken);
    const answer = await call('GET', '/account/export', { token: leaver.token });
    expect(answer.status).toBe(200);
    expect(answer.contentType).toMatch(/^application\/json/);
    const { data } = answer.body;
    expect(data.complete).toBe(true);
    expect(data.account).toEqual({ _id: leaver.id, username: leaver.username, firstName: 'Lee', lastName: 'Ver', email: `${leaver.username}@example.com` });
    expect(data.profile).toMatchObject({ title: expect.any(String), bio: expect.any(String), createdAt: expect.any(String) });
    expect(data.posts.map((post: { _id: string }) => post._id)).toEqual([reply, ownPost]);
    expect(data.posts[0]).toMatchObject({ content: 'A reply, soon gone', replyTo: priyaPost, likeCount: 0 });
    expect(data.posts[1]).toMatchObject({ content: 'Hello from someone about to leave', likeCount: 1 });
    expect(data.likes).toEqual([{ postId: priyaPost, username: PRIYA }]);
    expect(data.bookmarks).toEqual([{ postId: priyaPost }]);
    expect(data.following).toEqual([{ _id: priya.user._id, username: PRIYA }]);
    expect(data.followers).toEqual([{ _id: guest.user._id, username: GUEST }]);
    expect(data.muted).toEqual([{ _id: guest.user._id, username: GUEST }]);
    expect(data.blocked).toEqual([{ _id: marcus._id, username: MARCUS }]);
    expect(data.mutedWords).toEqual(['#finale', 'spoilers']);
    const text = JSON.stringify(answer.body);
    expect(text).not.toMatch(/password/i);
    expect(text).not.toContain('guest.private@example.com');
    expect(text).not.toMatch(/\$scrypt|pbkdf2/i);
  });

  it('refuses to delete with a wrong password (403), and the session and the account go on', async () => {
    const { leaver } = await leaverWithData();
    expectRefusal(await call('POST', '/account/delete', { token: leaver.token, body: { password: 'not the password' } }), 403, ACCOUNT_ERRORS.wrongPasswordToDelete);
    expectRefusal(await call('POST', '/account/delete', { token: leaver.token, body: {} }), 400, DECIDED_ERRORS.emptyField('password'));
    expectRefusal(await call('POST', '/account/delete', { body: { password: LEAVER_PASSWORD } }), 401, SPEC_ERRORS.invalidToken);
    expect((await call('GET', '/account', { token: leaver.token })).body.account.username).toBe(leaver.username);
    expect((await call('GET', `/users/by-username/${leaver.username}`)).body.user.postCount).toBe(2);
  });

  it('deletes the account: nothing of it is left anywhere, others’ counts are exact again, and its name stays reserved', async () => {
    const { leaver, guest, priya, priyaPost, ownPost, guestReply, before } = await leaverWithData();
    const deleted = await call('POST', '/account/delete', { token: leaver.token, body: { password: LEAVER_PASSWORD } });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ accountDeleted: true });
    // Before anything below tries the name again (a failed log-in of any name is counted under it).
    const { traces } = getContext();
    if (traces) expect(await traces([leaver.id, leaver.username])).toEqual([]);

    // Others' counts and lists are as before the leaver came (the guest's own like stays).
    const after = await countsOf(priya.token, guest.token, priyaPost);
    const guestLike = after.priyaNotifications.find((line) => line.kind === 'like');
    expect(guestLike?.actorCount).toBe(1);
    expect({ ...after, likeCount: after.likeCount - 1, priyaNotifications: after.priyaNotifications.filter((line) => line !== guestLike) }).toEqual(before);

    // Its session has ended, it cannot log in, and its posts are gone (a reply to one stays).
    expectRefusal(await call('GET', '/account', { token: leaver.token }), 404, SPEC_ERRORS.notRegistered);
    expectRefusal(await call('POST', '/auth/login', { body: { username: leaver.username, password: LEAVER_PASSWORD } }), 404, SPEC_ERRORS.notRegistered);
    expect((await call('GET', `/posts/${ownPost}`)).status).toBe(404);
    expect((await call('GET', `/posts/${guestReply}/thread`)).body.ancestors).toEqual([{ _id: ownPost, deleted: true }]);

    // The username is reserved, in any case (as a taken name: nobody learns the account was deleted).
    for (const name of [leaver.username, leaver.username.toUpperCase()]) {
      const again = await call('POST', '/auth/signup', { body: { username: name, password: LEAVER_PASSWORD, firstName: 'Someone', lastName: 'Else' } });
      expectRefusal(again, 422, SPEC_ERRORS.usernameTaken);
    }
  });

  it('deletes only the caller’s own account: the guest goes on as before', async () => {
    const { leaver, guest } = await leaverWithData();
    const guestBefore = (await call('GET', '/account', { token: guest.token })).body;
    await call('POST', '/account/delete', { token: leaver.token, body: { password: LEAVER_PASSWORD } });
    expect((await call('GET', '/account', { token: guest.token })).body).toEqual(guestBefore);
    expect((await api.login(GUEST, GUEST_CREDENTIALS.password)).user.username).toBe(GUEST);
  });
}
