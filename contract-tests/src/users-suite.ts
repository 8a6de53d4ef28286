/**
 * People: reading users, editing one's profile, what others see, bookmarks, follow and unfollow (spec 7).
 * Written against a base URL and a `fetch` only: every back end runs it unchanged.
 */
import { type User } from '@chirp/contracts';
import { beforeEach, describe, expect, it } from 'vitest';
import { DECIDED_ERRORS, SPEC_ERRORS } from '@chirp/api-rules';
import { type ContractContext } from './contract-client';
import { expectNoPassword, expectRefusal, expectSummaries, expectUserShape, GUEST, PRIYA, specFormTools } from './spec-form-tools';

export function defineUsersSuite(getContext: () => ContractContext): void {
  const { api, call, guestSession } = specFormTools(getContext);

  beforeEach(async () => {
    await getContext().reset();
  });

  describe('GET /api/users and GET /api/users/{id}', () => {
    it('lists users with current follow summaries and no password', async () => {
      const answer = await call('GET', '/users');
      expect(answer.status).toBe(200);
      expect(Object.keys(answer.body)).toEqual(['users']);
      answer.body.users.forEach(expectUserShape);
      expectNoPassword(answer.body);
    });

    it('reads one user by id', async () => {
      const priya = await api.userNamed(PRIYA);
      const answer = await call('GET', `/users/${priya._id}`);
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ user: priya });
    });

    it('answers 404 with a message for an unknown id', async () => {
      expectRefusal(await call('GET', `/users/${crypto.randomUUID()}`), 404, DECIDED_ERRORS.userNotFound);
    });
  });

  describe('POST /api/users/edit', () => {
    const userData = { profilePic: '/avatars/avatar-5.svg', title: 'New title', bio: 'New bio', website: 'https://new.example' };

    it('changes the four fields and answers { user }', async () => {
      const { token, user } = await api.loginGuest();
      const answer = await call('POST', '/users/edit', { token, body: { userData } });
      expect(answer.status).toBe(201);
      expect(Object.keys(answer.body)).toEqual(['user']);
      expect(answer.body.user).toMatchObject({ ...userData, _id: user._id, username: GUEST });
      expectNoPassword(answer.body);
      expect(await api.userNamed(GUEST)).toMatchObject(userData);
    });

    it('accepts the same username, refuses another one with 404, changing nothing', async () => {
      const { token } = await api.loginGuest();
      expect((await call('POST', '/users/edit', { token, body: { userData: { ...userData, username: GUEST } } })).status).toBe(201);
      const before = await api.snapshot(token);
      const answer = await call('POST', '/users/edit', { token, body: { userData: { ...userData, bio: 'x', username: 'someone.else' } } });
      expectRefusal(answer, 404, SPEC_ERRORS.usernameChange);
      expect(await api.snapshot(token)).toEqual(before);
    });

    it('shows a changed picture everywhere the user appears', async () => {
      const { token, user } = await api.loginGuest();
      await call('POST', '/users/edit', { token, body: { userData: { profilePic: 'https://cdn.example/me.png' } } });
      const users = await api.users();
      const entries = users.flatMap((other) => [...other.followers, ...other.following]).filter((entry) => entry._id === user._id);
      expect(entries.length).toBeGreaterThan(0);
      expect(entries.every((entry) => entry.profilePic === 'https://cdn.example/me.png')).toBe(true);
      const likes = (await api.posts()).flatMap((post) => post.likes.likedBy).filter((entry) => entry._id === user._id);
      expect(likes.length).toBeGreaterThan(0);
      expect(likes.every((entry) => entry.profilePic === 'https://cdn.example/me.png')).toBe(true);
    });

    it('accepts http(s), data:image/ and app images as a picture; refuses anything else', async () => {
      const { token } = await api.loginGuest();
      for (const profilePic of ['http://pics.example/a.jpg', 'data:image/png;base64,iVBORw0KGgo=', '/avatars/avatar-1.svg']) {
        expect((await call('POST', '/users/edit', { token, body: { userData: { profilePic } } })).status).toBe(201);
      }
      for (const profilePic of ['javascript:alert(1)', 'data:text/html,<b>x</b>', 'ftp://x.example/a.png', '//evil.example/a.png', '']) {
        expectRefusal(await call('POST', '/users/edit', { token, body: { userData: { profilePic } } }), 400, DECIDED_ERRORS.badImage);
      }
    });

    it('keeps websites to http(s) or plain text, trimmed and bounded', async () => {
      const { token } = await api.loginGuest();
      const plain = await call('POST', '/users/edit', { token, body: { userData: { website: '  find me at the market  ' } } });
      expect(plain.body.user.website).toBe('find me at the market');
      expectRefusal(
        await call('POST', '/users/edit', { token, body: { userData: { website: 'javascript:alert(1)' } } }),
        400,
        DECIDED_ERRORS.badWebsite,
      );
      expectRefusal(
        await call('POST', '/users/edit', { token, body: { userData: { bio: 'b'.repeat(301) } } }),
        400,
        DECIDED_ERRORS.tooLong('bio', 300),
      );
      expectRefusal(await call('POST', '/users/edit', { token, body: { userData: { title: 5 } } }), 400, DECIDED_ERRORS.notText('title'));
    });

    it('refuses a body without userData, and fields it cannot change (naming them), changing nothing', async () => {
      const { token } = await api.loginGuest();
      const before = await api.snapshot(token);
      expectRefusal(await call('POST', '/users/edit', { token, body: { title: 'x' } }), 400, DECIDED_ERRORS.missingObject('userData'));
      expectRefusal(
        await call('POST', '/users/edit', { token, body: { userData: { title: 'ok', _id: 'x', password: 'changed!!', bookmarks: ['y'] } } }),
        400,
        DECIDED_ERRORS.cannotChange(['_id', 'password', 'bookmarks']),
      );
      expect(await api.snapshot(token)).toEqual(before);
      await api.loginGuest();
    });
  });

  describe('what others see of a user', () => {
    it('shows bookmarks and extra sign-up fields only to their owner', async () => {
      const person = { username: 'ada.l', password: 'engines!1', firstName: 'Ada', lastName: 'Lovelace', emailAddress: 'ada@example.com' };
      const { createdUser, encodedToken } = (await call('POST', '/auth/signup', { body: person })).body;
      expect(createdUser.emailAddress).toBe('ada@example.com');
      const [post] = await api.posts();
      await call('POST', `/users/bookmark/${post!._id}`, { token: encodedToken });
      const { token: guestToken } = await api.loginGuest();
      for (const token of [undefined, guestToken, 'not-a-token']) {
        const listed = (await call('GET', '/users', { token })).body.users.find((entry: User) => entry._id === createdUser._id);
        const one = (await call('GET', `/users/${createdUser._id}`, { token })).body.user;
        for (const shown of [listed, one]) {
          expect(shown.bookmarks).toEqual([]);
          expect(shown).not.toHaveProperty('emailAddress');
        }
      }
      const own = (await call('GET', `/users/${createdUser._id}`, { token: encodedToken })).body.user;
      expect(own).toMatchObject({ bookmarks: [post!._id], emailAddress: 'ada@example.com' });
      const login = await call('POST', '/auth/login', { body: { username: person.username, password: person.password } });
      expect(login.body.foundUser).toMatchObject({ bookmarks: [post!._id], emailAddress: 'ada@example.com' });
      expect((await call('GET', '/users/bookmark', { token: encodedToken })).body.bookmarks).toEqual([post!._id]);
    });
  });

  describe('bookmarks', () => {
    it('reads the caller\'s bookmarks as a list of post ids', async () => {
      const { token, user } = await api.loginGuest();
      const answer = await call('GET', '/users/bookmark', { token });
      expect(answer).toMatchObject({ status: 200, body: { bookmarks: user.bookmarks } });
      expect(answer.body.bookmarks.every((id: unknown) => typeof id === 'string')).toBe(true);
    });

    it('adds and removes a bookmark, each answering { bookmarks }', async () => {
      const { token, otherPost, user } = await guestSession();
      const added = await call('POST', `/users/bookmark/${otherPost._id}`, { token });
      expect(added).toMatchObject({ status: 201, body: { bookmarks: [...user.bookmarks, otherPost._id] } });
      const mine = (await call('GET', '/users', { token })).body.users.find((entry: User) => entry.username === GUEST);
      expect(mine.bookmarks).toContain(otherPost._id);
      const removed = await call('POST', `/users/remove-bookmark/${otherPost._id}`, { token });
      expect(removed).toMatchObject({ status: 201, body: { bookmarks: user.bookmarks } });
    });

    it('refuses a second bookmark and removing one that is absent', async () => {
      const { token, otherPost } = await guestSession();
      await call('POST', `/users/bookmark/${otherPost._id}`, { token });
      expectRefusal(await call('POST', `/users/bookmark/${otherPost._id}`, { token }), 400, SPEC_ERRORS.alreadyBookmarked);
      await call('POST', `/users/remove-bookmark/${otherPost._id}`, { token });
      expectRefusal(await call('POST', `/users/remove-bookmark/${otherPost._id}`, { token }), 400, SPEC_ERRORS.notBookmarked);
    });

    it('answers 404 for an unknown post', async () => {
      const { token } = await api.loginGuest();
      expectRefusal(await call('POST', `/users/bookmark/${crypto.randomUUID()}`, { token }), 404, DECIDED_ERRORS.postNotFound);
      expectRefusal(await call('POST', `/users/remove-bookmark/${crypto.randomUUID()}`, { token }), 404, DECIDED_ERRORS.postNotFound);
    });
  });

  describe('follow and unfollow', () => {
    it('follows: the caller gains a following, the target a follower; answers { user, followUser }', async () => {
      const { token, user } = await api.loginGuest();
      const kenji = await api.userNamed('kenji.w');
      const answer = await call('POST', `/users/follow/${kenji._id}`, { token });
      expect(answer.status).toBe(201);
      expect(Object.keys(answer.body).sort()).toEqual(['followUser', 'user']);
      expectNoPassword(answer.body);
      expect(answer.body.user.following.map((entry: User) => entry._id)).toContain(kenji._id);
      expect(answer.body.followUser.followers.map((entry: User) => entry._id)).toContain(user._id);
      expectSummaries(answer.body.user.following);
      expect(answer.body.user.updatedAt).not.toBe(user.updatedAt);
      expect(answer.body.followUser.updatedAt).not.toBe(kenji.updatedAt);
      expect((await api.userNamed('kenji.w')).followers.map((entry) => entry.username)).toContain(GUEST);
    });

    it('unfollows, reversing both lists', async () => {
      const { token, user } = await api.loginGuest();
      const priya = await api.userNamed(PRIYA);
      expect(user.following.map((entry) => entry._id)).toContain(priya._id);
      const answer = await call('POST', `/users/unfollow/${priya._id}`, { token });
      expect(answer.status).toBe(201);
      expect(answer.body.user.following.map((entry: User) => entry._id)).not.toContain(priya._id);
      expect(answer.body.followUser.followers.map((entry: User) => entry._id)).not.toContain(user._id);
    });

    it('refuses following twice, unfollowing someone not followed, and following oneself', async () => {
      const { token, user } = await api.loginGuest();
      const priya = await api.userNamed(PRIYA);
      const kenji = await api.userNamed('kenji.w');
      const before = await api.snapshot(token);
      expectRefusal(await call('POST', `/users/follow/${priya._id}`, { token }), 400, SPEC_ERRORS.alreadyFollowing);
      expectRefusal(await call('POST', `/users/unfollow/${kenji._id}`, { token }), 400, SPEC_ERRORS.notFollowing);
      expectRefusal(await call('POST', `/users/follow/${user._id}`, { token }), 404, SPEC_ERRORS.followSelf);
      expect(await api.snapshot(token)).toEqual(before);
    });

    it('answers 404 for an unknown user', async () => {
      const { token } = await api.loginGuest();
      expectRefusal(await call('POST', `/users/follow/${crypto.randomUUID()}`, { token }), 404, DECIDED_ERRORS.userNotFound);
      expectRefusal(await call('POST', `/users/unfollow/${crypto.randomUUID()}`, { token }), 404, DECIDED_ERRORS.userNotFound);
    });
  });

}
