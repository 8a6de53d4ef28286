/**
 * Clients written for the original mock back end (the public app the spec was written from) work
 * unchanged: its trailing-slash routes, its 201 on every change where the spec names no status, and
 * its edit of the display name. The same suite runs on Mirage, the server on PGlite and on PostgreSQL.
 */
import { GUEST_CREDENTIALS, type User } from '@chirp/contracts';
import { beforeEach, expect, it } from 'vitest';
import { DECIDED_ERRORS } from '@chirp/api-rules';
import { expectRefusal } from './compact-suite';
import { contractClient, type ContractContext } from './contract-client';

const GUEST = GUEST_CREDENTIALS.username;

export function defineCompatSuite(getContext: () => ContractContext): void {
  const api = contractClient(getContext);
  const { call } = api;

  beforeEach(async () => {
    await getContext().reset();
  });

  async function guestAndTargets() {
    const { token, user } = await api.loginGuest();
    const priya = await api.userNamed('priya.nair');
    const [otherPost] = await api.postsOf(priya.username);
    // Someone the guest does not follow in the seeds.
    const amara = await api.userNamed('amara_okafor');
    const [ownPost] = await api.postsOf(GUEST);
    return { token, user, priya, amara, otherPost: otherPost!, ownPost: ownPost! };
  }

  it('takes a trailing slash on every route, as the original registers some', async () => {
    const { token, priya, amara, otherPost } = await guestAndTargets();
    expect((await call('GET', '/posts/', {})).status).toBe(200);
    expect((await call('GET', `/users/${priya._id}/`, {})).body.user.username).toBe('priya.nair');
    expect((await call('GET', '/users/bookmark/', { token })).status).toBe(200);
    expect((await call('POST', `/users/bookmark/${otherPost._id}/`, { token })).body.bookmarks).toContain(otherPost._id);
    expect((await call('POST', `/users/remove-bookmark/${otherPost._id}/`, { token })).body.bookmarks).not.toContain(otherPost._id);
    const followed = await call('POST', `/users/follow/${amara._id}/`, { token });
    expect(followed.status).toBe(201);
    expect((followed.body.user as User).following.map((entry) => entry._id)).toContain(amara._id);
    expect((await call('POST', `/users/unfollow/${amara._id}/`, { token })).status).toBe(201);
  });

  it('answers 201 to every change the spec gives no status for, as the original does', async () => {
    const { token, amara, otherPost, ownPost } = await guestAndTargets();
    const changes: [string, 'POST' | 'DELETE', string, unknown?][] = [
      ['edit post', 'POST', `/posts/edit/${ownPost._id}`, { postData: { content: 'Edited' } }],
      ['like', 'POST', `/posts/like/${otherPost._id}`],
      ['dislike', 'POST', `/posts/dislike/${otherPost._id}`],
      ['bookmark', 'POST', `/users/bookmark/${otherPost._id}`],
      ['remove bookmark', 'POST', `/users/remove-bookmark/${otherPost._id}`],
      ['follow', 'POST', `/users/follow/${amara._id}`],
      ['unfollow', 'POST', `/users/unfollow/${amara._id}`],
      ['edit user', 'POST', '/users/edit', { userData: { bio: 'Changed' } }],
      ['delete', 'DELETE', `/posts/${ownPost._id}`],
    ];
    for (const [name, method, path, body] of changes) {
      const answer = await call(method, path, { token, ...(body === undefined ? {} : { body }) });
      expect({ name, status: answer.status }).toEqual({ name, status: 201 });
    }
    // The spec's own statuses stay: 201 for sign-up and a new post, 200 for log in and reads.
    expect((await call('POST', '/posts', { token, body: { postData: { content: 'New' } } })).status).toBe(201);
    expect((await call('POST', '/auth/login', { body: GUEST_CREDENTIALS })).status).toBe(200);
    expect((await call('GET', '/posts')).status).toBe(200);
  });

  it('applies firstName and lastName in an edit, and accepts the whole user object sent back unchanged', async () => {
    const { token, user } = await guestAndTargets();
    const edited = await call('POST', '/users/edit', { token, body: { userData: { firstName: ' Ada ', lastName: 'Lovelace' } } });
    expect(edited.status).toBe(201);
    expect(edited.body.user).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace' });
    const [post] = (await call('GET', `/posts/user/${GUEST}?view=compact`)).body.posts;
    expect(post.author).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace' });

    // A client of the original edits by sending back the user it was given, with one field changed.
    const current = (await call('GET', `/users/${user._id}`, { token })).body.user as User;
    const echoed = await call('POST', '/users/edit', { token, body: { userData: { ...current, bio: 'Echoed' } } });
    expect(echoed.status).toBe(201);
    expect(echoed.body.user.bio).toBe('Echoed');
  });

  it('refuses, naming them, the fields an edit cannot change, and changes nothing', async () => {
    const { token, priya } = await guestAndTargets();
    const before = await api.snapshot(token);
    expectRefusal(
      await call('POST', '/users/edit', { token, body: { userData: { bio: 'x', password: 'new password 1' } } }),
      400,
      DECIDED_ERRORS.cannotChange(['password']),
    );
    expectRefusal(
      await call('POST', '/users/edit', { token, body: { userData: { followers: [{ _id: priya._id }], isAdmin: true } } }),
      400,
      DECIDED_ERRORS.cannotChange(['followers', 'isAdmin']),
    );
    expectRefusal(
      await call('POST', '/users/edit', { token, body: { userData: { _id: priya._id } } }),
      400,
      DECIDED_ERRORS.cannotChange(['_id']),
    );
    expectRefusal(await call('POST', '/users/edit', { token, body: { userData: { firstName: '  ' } } }), 400, DECIDED_ERRORS.emptyField('firstName'));
    expect(await api.snapshot(token)).toEqual(before);
  });
}
