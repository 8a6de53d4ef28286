/**
 * Reports and moderation: a report kept once per reporter and post, what a moderator reads and does,
 * what everyone else then sees (a hidden post, a suspended account), and the audit log. The same
 * suite runs on Mirage, the server on PGlite and on PostgreSQL; each gives CONTRACT_MODERATOR the
 * moderator role through its configuration (the server's CHIRP_MODERATORS, the app's `moderators`).
 */
import { MODERATION_ERRORS, type AuditEntry, type CompactPost, type ReportedPost } from '@chirp/contracts';
import { DECIDED_ERRORS, SEED_PASSWORD, SPEC_ERRORS } from '@chirp/api-rules';
import { beforeEach, expect, it } from 'vitest';
import { contractClient, type ContractContext } from './contract-client';
import { expectRefusal, GUEST, MARCUS, PRIYA } from './spec-form-tools';

/** The seed account every back end under test makes a moderator. */
export const CONTRACT_MODERATOR = MARCUS;

export function defineModerationSuite(getContext: () => ContractContext): void {
  const api = contractClient(getContext);
  const { call } = api;

  beforeEach(async () => {
    await getContext().reset();
  });

  /** Priya's post, reported by the guest; Marcus moderates. */
  async function reportedPost(reason = 'spam', details?: string) {
    const guest = await api.loginGuest();
    const priya = await api.loginSeedUser(PRIYA);
    const moderator = await api.loginSeedUser(CONTRACT_MODERATOR);
    const [post] = await api.postsOf(PRIYA);
    const reported = await call('POST', `/posts/report/${post!._id}`, { token: guest.token, body: { reason, ...(details ? { details } : {}) } });
    return { guest, priya, moderator, post: post!, reported };
  }

  const openReports = async (token: string) => (await call('GET', '/moderation/reports', { token })).body.reports as ReportedPost[];
  const auditLog = async (token: string) => (await call('GET', '/moderation/audit', { token })).body.entries as AuditEntry[];
  const feedIds = async (token?: string) =>
    ((await call('GET', '/posts?view=compact&limit=100', { token })).body.posts as CompactPost[]).map((post) => post._id);
  const profilePosts = async (username: string, token?: string) =>
    (await call('GET', `/posts/user/${username}?view=compact&limit=100`, { token })).body.posts as CompactPost[];

  it('keeps one report per reporter and post: reporting again replaces its reason and details', async () => {
    const { guest, moderator, post, reported } = await reportedPost('spam');
    expect(reported.status).toBe(201);
    expect(reported.body.report).toMatchObject({ postId: post._id, reason: 'spam', details: '' });
    const again = await call('POST', `/posts/report/${post._id}`, { token: guest.token, body: { reason: 'harassment', details: '  Insults in the replies.  ' } });
    expect(again.status).toBe(201);
    expect(again.body.report).toMatchObject({ reason: 'harassment', details: 'Insults in the replies.' });

    const [entry, ...others] = await openReports(moderator.token);
    expect(others).toEqual([]);
    expect(entry).toMatchObject({
      post: { _id: post._id, username: PRIYA },
      authorSuspended: false,
      reportCount: 1,
      reasons: { spam: 0, harassment: 1, illegal: 0, other: 0 },
      details: ['Insults in the replies.'],
    });
  });

  it('refuses a report without one of the reasons, of one’s own post, of no post, or without a token', async () => {
    const { priya, post } = await reportedPost();
    const guest = await api.loginGuest();
    for (const body of [{}, { reason: 'boring' }, { reason: 5 }, { reason: 'spam', details: 7 }]) {
      expectRefusal(await call('POST', `/posts/report/${post._id}`, { token: guest.token, body }), 400, MODERATION_ERRORS.badReason);
    }
    expectRefusal(
      await call('POST', `/posts/report/${post._id}`, { token: guest.token, body: { reason: 'other', details: 'x'.repeat(501) } }),
      400,
      MODERATION_ERRORS.detailsTooLong,
    );
    expectRefusal(await call('POST', `/posts/report/${post._id}`, { token: priya.token, body: { reason: 'spam' } }), 400, MODERATION_ERRORS.ownPost);
    expectRefusal(
      await call('POST', '/posts/report/00000000-0000-4000-8000-000000000000', { token: guest.token, body: { reason: 'spam' } }),
      404,
      DECIDED_ERRORS.postNotFound,
    );
    expect((await call('POST', `/posts/report/${post._id}`, { body: { reason: 'spam' } })).status).toBe(401);
  });

  it('lets only moderators read the reports and act on them', async () => {
    const { guest, moderator, priya, post } = await reportedPost();
    for (const [method, path] of [
      ['GET', '/moderation/reports'],
      ['GET', '/moderation/audit'],
      ['POST', `/moderation/posts/${post._id}/hide`],
      ['POST', `/moderation/posts/${post._id}/restore`],
      ['POST', `/moderation/posts/${post._id}/dismiss`],
      ['POST', `/moderation/users/${priya.user._id}/suspend`],
      ['POST', `/moderation/users/${priya.user._id}/unsuspend`],
    ] as const) {
      expectRefusal(await call(method, path, { token: guest.token }), 403, MODERATION_ERRORS.notModerator);
    }
    expect((await call('GET', '/account', { token: moderator.token })).body.account.moderator).toBe(true);
    expect((await call('GET', '/account', { token: guest.token })).body.account.moderator).toBeUndefined();
    expect(await feedIds(guest.token)).toContain(post._id);
  });

  it('report → hide: nobody else finds the post, its author sees it marked "removed by moderators", and restoring brings it back', async () => {
    const { guest, priya, moderator, post } = await reportedPost();
    const hidden = await call('POST', `/moderation/posts/${post._id}/hide`, { token: moderator.token });
    expect(hidden.status).toBe(200);
    expect(hidden.body).toEqual({ postId: post._id, removedByModerators: true });

    // Nobody else: not in the feeds, the profile, or one read, in either form.
    for (const token of [guest.token, undefined]) {
      expect(await feedIds(token)).not.toContain(post._id);
      expect((await profilePosts(PRIYA, token)).map((entry) => entry._id)).not.toContain(post._id);
      expectRefusal(await call('GET', `/posts/${post._id}?view=compact`, { token }), 404, DECIDED_ERRORS.postNotFound);
      expectRefusal(await call('GET', `/posts/${post._id}`, { token }), 404, DECIDED_ERRORS.postNotFound);
      expect(((await call('GET', '/posts?limit=100', { token })).body.posts as { _id: string }[]).map((entry) => entry._id)).not.toContain(post._id);
    }
    expectRefusal(await call('POST', `/posts/like/${post._id}`, { token: guest.token }), 404, DECIDED_ERRORS.postNotFound);

    // Its author still sees it, marked.
    const own = (await profilePosts(PRIYA, priya.token)).find((entry) => entry._id === post._id);
    expect(own?.removedByModerators).toBe(true);
    expect((await call('GET', `/posts/${post._id}?view=compact`, { token: priya.token })).body.post.removedByModerators).toBe(true);
    // Others' posts carry no such mark.
    expect((await profilePosts(GUEST, guest.token)).every((entry) => entry.removedByModerators === undefined)).toBe(true);

    // The report is closed, and the action written down.
    expect(await openReports(moderator.token)).toEqual([]);
    expect((await auditLog(moderator.token))[0]).toMatchObject({ action: 'hide', moderator: CONTRACT_MODERATOR, postId: post._id, username: PRIYA });

    const restored = await call('POST', `/moderation/posts/${post._id}/restore`, { token: moderator.token });
    expect(restored.body).toEqual({ postId: post._id, removedByModerators: false });
    expect(await feedIds(guest.token)).toContain(post._id);
    expect((await call('GET', `/posts/${post._id}?view=compact`, { token: priya.token })).body.post.removedByModerators).toBeUndefined();
    expect((await auditLog(moderator.token)).map((entry) => entry.action)).toEqual(['restore', 'hide']);
  });

  it('suspend: the account cannot log in, its sessions end, its posts and name leave every list; unsuspending lets it back', async () => {
    const { guest, priya, moderator, post } = await reportedPost();
    const suspended = await call('POST', `/moderation/users/${priya.user._id}/suspend`, { token: moderator.token });
    expect(suspended.body).toEqual({ userId: priya.user._id, suspended: true });

    expectRefusal(await call('POST', '/auth/login', { body: { username: PRIYA, password: SEED_PASSWORD } }), 403, MODERATION_ERRORS.suspended);
    // A wrong password is still only a wrong password: the suspension is told to its owner alone.
    expectRefusal(await call('POST', '/auth/login', { body: { username: PRIYA, password: 'not-the-password' } }), 401, SPEC_ERRORS.wrongPassword);
    expectRefusal(await call('GET', '/account', { token: priya.token }), 401, SPEC_ERRORS.invalidToken);

    expect(await feedIds(guest.token)).not.toContain(post._id);
    expect(await profilePosts(PRIYA, guest.token)).toEqual([]);
    expect((await call('GET', `/users/by-username/${PRIYA}`, { token: guest.token })).body.user.suspended).toBe(true);
    const people = (await call('GET', '/search/users?q=priya', { token: guest.token })).body.users as { username: string }[];
    expect(people.map((person) => person.username)).not.toContain(PRIYA);
    expect(await openReports(moderator.token)).toEqual([]);
    // Nobody finds a suspended author's post to act on: liking, disliking, bookmarking it and replying to it are 404s.
    for (const [path, body] of [
      [`/posts/like/${post._id}`],
      [`/posts/dislike/${post._id}`],
      [`/users/bookmark/${post._id}`],
      ['/posts', { postData: { content: 'A reply', replyTo: post._id } }],
    ] as const) {
      expectRefusal(await call('POST', path, { token: guest.token, body }), 404, DECIDED_ERRORS.postNotFound);
    }
    expect((await auditLog(moderator.token))[0]).toMatchObject({ action: 'suspend', moderator: CONTRACT_MODERATOR, username: PRIYA });

    expectRefusal(await call('POST', `/moderation/users/${moderator.user._id}/suspend`, { token: moderator.token }), 400, MODERATION_ERRORS.suspendSelf);
    expectRefusal(
      await call('POST', '/moderation/users/00000000-0000-4000-8000-000000000000/suspend', { token: moderator.token }),
      404,
      DECIDED_ERRORS.userNotFound,
    );

    expect((await call('POST', `/moderation/users/${priya.user._id}/unsuspend`, { token: moderator.token })).body).toEqual({
      userId: priya.user._id,
      suspended: false,
    });
    const back = await api.loginSeedUser(PRIYA);
    expect(back.token).toBeTruthy();
    expect(await feedIds(guest.token)).toContain(post._id);
    expect((await call('GET', `/users/by-username/${PRIYA}`, { token: guest.token })).body.user.suspended).toBeUndefined();
  });

  it('a post’s reply count leaves out the replies moderators hid and those of a suspended author', async () => {
    const { guest, priya, moderator } = await reportedPost();
    const post = (await call('POST', '/posts?view=compact', { token: guest.token, body: { postData: { content: 'Ask me anything' } } })).body.post as CompactPost;
    const reply = async (content: string) =>
      (await call('POST', '/posts?view=compact', { token: priya.token, body: { postData: { content, replyTo: post._id } } })).body.post as CompactPost;
    const first = await reply('First question');
    await reply('Second question');
    const replyCount = async () => ((await call('GET', `/posts/${post._id}?view=compact`, { token: guest.token })).body.post as CompactPost).replyCount;
    expect(await replyCount()).toBe(2);
    await call('POST', `/moderation/posts/${first._id}/hide`, { token: moderator.token });
    expect(await replyCount()).toBe(1);
    await call('POST', `/moderation/users/${priya.user._id}/suspend`, { token: moderator.token });
    expect(await replyCount()).toBe(0);
    await call('POST', `/moderation/users/${priya.user._id}/unsuspend`, { token: moderator.token });
    expect(await replyCount()).toBe(1);
  });

  it('dismiss: the reports close and the post stays', async () => {
    const { guest, moderator, post } = await reportedPost('other', 'Not sure about this one.');
    const dismissed = await call('POST', `/moderation/posts/${post._id}/dismiss`, { token: moderator.token });
    expect(dismissed.body).toEqual({ postId: post._id, dismissed: 1 });
    expect(await openReports(moderator.token)).toEqual([]);
    expect(await feedIds(guest.token)).toContain(post._id);
    expect((await auditLog(moderator.token))[0]).toMatchObject({ action: 'dismiss', postId: post._id, username: PRIYA });
    expectRefusal(
      await call('POST', '/moderation/posts/00000000-0000-4000-8000-000000000000/hide', { token: moderator.token }),
      404,
      DECIDED_ERRORS.postNotFound,
    );
  });
}
