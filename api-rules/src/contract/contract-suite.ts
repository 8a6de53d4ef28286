/**
 * The API contract of spec sections 3-9 and the decisions taken where the spec is silent (docs/decisions.md), written against a base URL and
 * a `fetch` only. Here it runs against Mirage; a real server must pass it unchanged.
 */
import { DEFAULT_AVATAR, GUEST_CREDENTIALS, MAX_POST_LENGTH, type Post, type User } from '@chirp/contracts';
import { beforeEach, describe, expect, it } from 'vitest';
import { DECIDED_ERRORS, SPEC_ERRORS, TIMESTAMP_PATTERN } from '../index';
import { CALLS, pathTo, type Targets } from './calls';
import {
  contractClient,
  forgeToken,
  tokenClaims,
  unsignedToken,
  UUID_PATTERN,
  type Answer,
  type ContractContext,
} from './contract-client';

const SUMMARY_KEYS = ['_id', 'firstName', 'lastName', 'profilePic', 'username'];
const GUEST = GUEST_CREDENTIALS.username;
const PRIYA = 'priya.nair';
const MARCUS = 'marcus_bell';

/** No password, in any form, anywhere in an answer. */
function expectNoPassword(body: unknown) {
  const text = JSON.stringify(body);
  expect(text).not.toMatch(/password/i);
  expect(text).not.toContain(GUEST_CREDENTIALS.password);
  expect(text).not.toContain('pbkdf2');
}

function expectRefusal(answer: Answer, status: number, message: string) {
  expect({ status: answer.status, body: answer.body }).toEqual({ status, body: { errors: [message] } });
}

function expectSummaries(list: unknown[]) {
  for (const entry of list) expect(Object.keys(entry as object).sort()).toEqual(SUMMARY_KEYS);
}

function expectUserShape(user: User) {
  expect(user).toEqual(
    expect.objectContaining({
      _id: expect.stringMatching(UUID_PATTERN),
      username: expect.any(String),
      firstName: expect.any(String),
      lastName: expect.any(String),
      profilePic: expect.any(String),
      title: expect.any(String),
      bio: expect.any(String),
      website: expect.any(String),
      bookmarks: expect.any(Array),
      followers: expect.any(Array),
      following: expect.any(Array),
      createdAt: expect.stringMatching(TIMESTAMP_PATTERN),
      updatedAt: expect.stringMatching(TIMESTAMP_PATTERN),
    }),
  );
  expectSummaries(user.followers);
  expectSummaries(user.following);
  expectNoPassword(user);
}

function expectPostShape(post: Post) {
  expect(post).toEqual(
    expect.objectContaining({
      _id: expect.stringMatching(UUID_PATTERN),
      content: expect.any(String),
      username: expect.any(String),
      likes: { likeCount: expect.any(Number), likedBy: expect.any(Array), dislikedBy: expect.any(Array) },
      createdAt: expect.stringMatching(TIMESTAMP_PATTERN),
      updatedAt: expect.stringMatching(TIMESTAMP_PATTERN),
    }),
  );
  expectSummaries(post.likes.likedBy);
  expectSummaries(post.likes.dislikedBy);
}

const byNewest = (a: Post, b: Post) => Date.parse(b.createdAt) - Date.parse(a.createdAt);

export function defineContractSuite(getContext: () => ContractContext): void {
  const api = contractClient(getContext);
  const { call } = api;

  beforeEach(async () => {
    await getContext().reset();
  });

  /** Logs in as the guest and finds a post of the guest, a post of Priya, and Priya. */
  async function guestSession() {
    const { token, user } = await api.loginGuest();
    const priya = await api.userNamed(PRIYA);
    const [ownPost] = await api.postsOf(GUEST);
    const [otherPost] = await api.postsOf(PRIYA);
    const targets: Targets = {
      ownPostId: ownPost!._id,
      otherPostId: otherPost!._id,
      otherUserId: priya._id,
      otherUsername: PRIYA,
    };
    return { token, user, priya, ownPost: ownPost!, otherPost: otherPost!, targets };
  }

  async function createPost(token: string, postData: unknown) {
    return call('POST', '/posts', { token, body: { postData } });
  }

  describe('seed data (spec 3)', () => {
    it('has 8 users, among them the guest account', async () => {
      const users = await api.users();
      expect(users).toHaveLength(8);
      users.forEach(expectUserShape);
      expect(new Set(users.map((user) => user._id)).size).toBe(8);
      expect(users.map((user) => user.username)).toContain(GUEST);
      expect(users.every((user) => user.firstName && user.lastName && user.title && user.bio && user.website)).toBe(true);
      expect(users.some((user) => user.following.length > 0 && user.followers.length > 0)).toBe(true);
    });

    it('has 16 posts, two per user, with like counts from 39 to 9432', async () => {
      const [users, posts] = [await api.users(), await api.posts()];
      expect(posts).toHaveLength(16);
      posts.forEach(expectPostShape);
      for (const user of users) expect(posts.filter((post) => post.username === user.username)).toHaveLength(2);
      const counts = posts.map((post) => post.likes.likeCount);
      expect(Math.min(...counts)).toBe(39);
      expect(Math.max(...counts)).toBe(9432);
      expect(posts.some((post) => post.content.includes('\n'))).toBe(true);
      expect(posts.some((post) => post.image)).toBe(true);
    });

    it('lets the guest log in with the fixed demo credentials', async () => {
      const { user } = await api.loginGuest();
      expect(user.username).toBe(GUEST);
    });
  });

  describe('POST /api/auth/signup', () => {
    const person = { username: 'ada.l', password: 'engines!1', firstName: 'Ada', lastName: 'Lovelace' };

    it('creates a user with the defaults of spec 3 and answers 201 { createdUser, encodedToken }', async () => {
      const answer = await call('POST', '/auth/signup', { body: person });
      expect(answer.status).toBe(201);
      expect(Object.keys(answer.body).sort()).toEqual(['createdUser', 'encodedToken']);
      const user: User = answer.body.createdUser;
      expectUserShape(user);
      expect(user).toMatchObject({
        username: 'ada.l',
        firstName: 'Ada',
        lastName: 'Lovelace',
        profilePic: DEFAULT_AVATAR,
        bio: 'Add bio',
        title: 'Add title',
        website: 'Add website',
        followers: [],
        following: [],
        bookmarks: [],
      });
      expectNoPassword(answer.body.createdUser);
      expect(tokenClaims(answer.body.encodedToken)).toMatchObject({ _id: user._id, username: 'ada.l' });
      expect((await api.users()).map((entry) => entry.username)).toContain('ada.l');
    });

    it('gives a token that works at once, and lets the new user log in', async () => {
      const { body } = await call('POST', '/auth/signup', { body: person });
      expect((await call('GET', '/users/bookmark', { token: body.encodedToken })).status).toBe(200);
      const { user } = await api.login(person.username, person.password);
      expect(user._id).toBe(body.createdUser._id);
    });

    it('trims names and keeps other sign-up fields as given, except anything naming a password', async () => {
      const answer = await call('POST', '/auth/signup', {
        body: { ...person, firstName: '  Ada ', username: ' ada.l ', emailAddress: 'ada@example.com', rePassword: 'engines!1' },
      });
      expect(answer.status).toBe(201);
      expect(answer.body.createdUser).toMatchObject({ firstName: 'Ada', username: 'ada.l', emailAddress: 'ada@example.com' });
      expect(answer.body.createdUser).not.toHaveProperty('rePassword');
      expectNoPassword(answer.body);
    });

    it('accepts profile fields on sign-up, checked like an edit', async () => {
      const answer = await call('POST', '/auth/signup', { body: { ...person, bio: 'Counting engines', profilePic: '/avatars/avatar-3.svg' } });
      expect(answer.body.createdUser).toMatchObject({ bio: 'Counting engines', profilePic: '/avatars/avatar-3.svg' });
      const bad = await call('POST', '/auth/signup', { body: { ...person, profilePic: 'javascript:alert(1)' } });
      expectRefusal(bad, 400, DECIDED_ERRORS.badImage);
    });

    it('refuses a username that exists, whatever its case, with 422', async () => {
      expectRefusal(await call('POST', '/auth/signup', { body: { ...person, username: GUEST } }), 422, SPEC_ERRORS.usernameTaken);
      expectRefusal(await call('POST', '/auth/signup', { body: { ...person, username: 'GuestUser' } }), 422, SPEC_ERRORS.usernameTaken);
    });

    it.each(['username', 'password', 'firstName', 'lastName'])('refuses a missing or blank %s', async (field) => {
      const missing = { ...person } as Record<string, unknown>;
      delete missing[field];
      expectRefusal(await call('POST', '/auth/signup', { body: missing }), 400, SPEC_ERRORS.emptySignupField);
      expectRefusal(await call('POST', '/auth/signup', { body: { ...person, [field]: '   ' } }), 400, SPEC_ERRORS.emptySignupField);
    });

    it('refuses a password shorter than 8 characters, and one over 128', async () => {
      expectRefusal(await call('POST', '/auth/signup', { body: { ...person, password: 'seven77' } }), 400, SPEC_ERRORS.passwordTooShort);
      expectRefusal(
        await call('POST', '/auth/signup', { body: { ...person, password: 'x'.repeat(129) } }),
        400,
        DECIDED_ERRORS.passwordTooLong,
      );
      expect((await call('POST', '/auth/signup', { body: { ...person, password: '8 chars!' } })).status).toBe(201);
    });

    it('refuses wrongly typed, over-long and ill-formed fields with 400', async () => {
      expectRefusal(await call('POST', '/auth/signup', { body: { ...person, firstName: 42 } }), 400, DECIDED_ERRORS.notText('firstName'));
      expectRefusal(
        await call('POST', '/auth/signup', { body: { ...person, lastName: 'L'.repeat(51) } }),
        400,
        DECIDED_ERRORS.tooLong('lastName', 50),
      );
      expectRefusal(
        await call('POST', '/auth/signup', { body: { ...person, username: 'a'.repeat(31) } }),
        400,
        DECIDED_ERRORS.tooLong('username', 30),
      );
      expectRefusal(
        await call('POST', '/auth/signup', { body: { ...person, username: 'ada lovelace' } }),
        400,
        DECIDED_ERRORS.usernameCharacters,
      );
      // '.' and '..' cannot be reached as /profile/{name}; '-' and '_' alone name no one.
      // Nor do names without a letter ('0', '123', '.1.'): they read as ids or paths.
      for (const username of ['.', '..', '-', '_', '._-', '...', '0', '123', '.1.', '2026-11-26']) {
        expectRefusal(await call('POST', '/auth/signup', { body: { ...person, username } }), 400, DECIDED_ERRORS.usernameCharacters);
      }
      expect((await call('POST', '/auth/signup', { body: { ...person, username: '_a.' } })).status).toBe(201);
      expectRefusal(await call('POST', '/auth/signup', { body: { ...person, nickname: ['x'] } }), 400, DECIDED_ERRORS.notText('nickname'));
      expectRefusal(await call('POST', '/auth/signup', { body: { ...person, _id: 'mine' } }), 400, DECIDED_ERRORS.badExtraFieldName('_id'));
      expectRefusal(
        await call('POST', '/auth/signup', { body: { ...person, followers: 'x' } }),
        400,
        DECIDED_ERRORS.badExtraFieldName('followers'),
      );
      const many = Object.fromEntries(Array.from({ length: 11 }, (_, index) => [`extra${index}`, 'x']));
      expectRefusal(await call('POST', '/auth/signup', { body: { ...person, ...many } }), 400, DECIDED_ERRORS.tooManyExtraFields);
      expect((await api.users()).map((user) => user.username)).not.toContain('ada.l');
    });

    it('refuses malformed JSON and a body that is not an object', async () => {
      expectRefusal(await call('POST', '/auth/signup', { rawBody: '{"username":' }), 400, DECIDED_ERRORS.malformedJson);
      expectRefusal(await call('POST', '/auth/signup', { rawBody: '["a"]' }), 400, DECIDED_ERRORS.bodyNotObject);
    });
  });

  describe('POST /api/auth/login', () => {
    it('answers 200 { foundUser, encodedToken } with a JWT carrying _id and username', async () => {
      const answer = await call('POST', '/auth/login', { body: GUEST_CREDENTIALS });
      expect(answer.status).toBe(200);
      expect(Object.keys(answer.body).sort()).toEqual(['encodedToken', 'foundUser']);
      expectUserShape(answer.body.foundUser);
      expectNoPassword(answer.body.foundUser);
      const claims = tokenClaims(answer.body.encodedToken);
      expect(claims).toMatchObject({ _id: answer.body.foundUser._id, username: GUEST });
      expect(claims).not.toHaveProperty('password');
    });

    it('refuses empty fields with "Invaild Credentials" (sic)', async () => {
      expectRefusal(await call('POST', '/auth/login', { body: { username: '', password: 'x' } }), 400, SPEC_ERRORS.emptyCredentials);
      expectRefusal(await call('POST', '/auth/login', { body: { username: GUEST } }), 400, SPEC_ERRORS.emptyCredentials);
      expectRefusal(await call('POST', '/auth/login', { body: {} }), 400, SPEC_ERRORS.emptyCredentials);
    });

    it('refuses an unknown username with 404 and a wrong password with 401', async () => {
      expectRefusal(await call('POST', '/auth/login', { body: { username: 'nobody', password: 'whatever1' } }), 404, SPEC_ERRORS.notRegistered);
      expectRefusal(
        await call('POST', '/auth/login', { body: { username: GUEST, password: GUEST_CREDENTIALS.password.toUpperCase() } }),
        401,
        SPEC_ERRORS.wrongPassword,
      );
    });

    it('refuses wrongly typed fields with 400', async () => {
      expectRefusal(await call('POST', '/auth/login', { body: { username: 7, password: 'x' } }), 400, DECIDED_ERRORS.notText('username'));
    });
  });

  describe('tokens on the 11 protected calls (spec 6)', () => {
    const protectedCalls = CALLS.filter((spec) => spec.protected);

    it('counts 11 protected and 7 public calls', () => {
      expect(CALLS).toHaveLength(18);
      expect(protectedCalls).toHaveLength(11);
    });

    it.each(protectedCalls.map((spec) => [spec.name, spec] as const))(
      '%s: refuses no token, a malformed one, a forged one and an unsigned one with 401, changing nothing',
      async (_name, spec) => {
        const { user, targets } = await guestSession();
        const claims = { _id: user._id, username: user.username };
        const before = await api.snapshot();
        const badTokens = [undefined, '', 'garbage', 'Bearer ', 'a.b.c', await forgeToken(claims), unsignedToken(claims)];
        for (const token of badTokens) {
          const answer = await call(spec.method, pathTo(spec, targets), { token, body: spec.body?.() });
          expectRefusal(answer, 401, SPEC_ERRORS.invalidToken);
        }
        expect(await api.snapshot()).toEqual(before);
      },
    );

    it('accepts the raw token (as the client sends it) and "Bearer <token>"', async () => {
      const { token } = await api.loginGuest();
      expect((await call('GET', '/users/bookmark', { token })).status).toBe(200);
      expect((await call('GET', '/users/bookmark', { token: `Bearer ${token}` })).status).toBe(200);
    });

    it('refuses a valid token whose user no longer exists with 404', async ({ skip }) => {
      const { signToken } = getContext();
      if (!signToken) return skip();
      const token = await signToken({ _id: crypto.randomUUID(), username: 'gone.user' });
      expectRefusal(await call('GET', '/users/bookmark', { token }), 404, SPEC_ERRORS.notRegistered);
      expectRefusal(await call('POST', '/posts', { token, body: { postData: { content: 'hi' } } }), 404, SPEC_ERRORS.notRegistered);
    });

    it('refuses a token whose username does not match its user id', async ({ skip }) => {
      const { signToken } = getContext();
      if (!signToken) return skip();
      const priya = await api.userNamed(PRIYA);
      const token = await signToken({ _id: priya._id, username: GUEST });
      expectRefusal(await call('GET', '/users/bookmark', { token }), 404, SPEC_ERRORS.notRegistered);
    });

    it('lets every public call through without a token', async () => {
      const { targets } = await guestSession();
      for (const spec of CALLS.filter((entry) => !entry.protected)) {
        const answer = await call(spec.method, pathTo(spec, targets), { body: spec.body?.() });
        expect([200, 201]).toContain(answer.status);
      }
    });
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
