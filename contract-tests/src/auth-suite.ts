/**
 * Sign-up, log-in, the seed data and the tokens every protected call needs (spec 3, 5, 6).
 * Written against a base URL and a `fetch` only: every back end runs it unchanged.
 */
import { DEFAULT_AVATAR, GUEST_CREDENTIALS, type User } from '@chirp/contracts';
import { beforeEach, describe, expect, it } from 'vitest';
import { DECIDED_ERRORS, SPEC_ERRORS } from '@chirp/api-rules';
import { CALLS, pathTo } from './calls';
import { forgeToken, tokenClaims, unsignedToken, type ContractContext } from './contract-client';
import { expectNoPassword, expectPostShape, expectRefusal, expectUserShape, GUEST, PRIYA, specFormTools } from './spec-form-tools';

export function defineAuthSuite(getContext: () => ContractContext): void {
  const { api, call, guestSession } = specFormTools(getContext);

  beforeEach(async () => {
    await getContext().reset();
  });

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
      expectRefusal(await call('GET', '/posts/following?view=compact', { token }), 404, SPEC_ERRORS.notRegistered);
    });

    it('refuses a token whose username does not match its user id', async ({ skip }) => {
      const { signToken } = getContext();
      if (!signToken) return skip();
      const priya = await api.userNamed(PRIYA);
      const token = await signToken({ _id: priya._id, username: GUEST });
      expectRefusal(await call('GET', '/users/bookmark', { token }), 404, SPEC_ERRORS.notRegistered);
      expectRefusal(await call('GET', '/posts/following?view=compact', { token }), 404, SPEC_ERRORS.notRegistered);
    });

    it('lets every public call through without a token', async () => {
      const { targets } = await guestSession();
      for (const spec of CALLS.filter((entry) => !entry.protected)) {
        const answer = await call(spec.method, pathTo(spec, targets), { body: spec.body?.() });
        expect([200, 201]).toContain(answer.status);
      }
    });
  });

}
