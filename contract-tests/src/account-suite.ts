/**
 * The account's own settings and logging in by any of its names: the username in any case, or the
 * email address set in the settings. The same suite runs on Mirage, the server on PGlite and on
 * PostgreSQL.
 */
import { ACCOUNT_ERRORS, GUEST_CREDENTIALS, type Account } from '@chirp/contracts';
import { beforeEach, expect, it } from 'vitest';
import { DECIDED_ERRORS, SPEC_ERRORS } from '@chirp/api-rules';
import { contractClient, type ContractContext } from './contract-client';
import { expectRefusal, GUEST, PRIYA } from './spec-form-tools';

const { password } = GUEST_CREDENTIALS;

export function defineAccountSuite(getContext: () => ContractContext): void {
  const api = contractClient(getContext);
  const { call } = api;

  beforeEach(async () => {
    await getContext().reset();
  });

  const logIn = (username: string, secret: string = password) => call('POST', '/auth/login', { body: { username, password: secret } });
  const setEmail = (token: string, email: string) => call('POST', '/account', { token, body: { email } });

  it('logs in with the username in any case, answering the account as it is spelled', async () => {
    for (const typed of ['GUESTUSER', 'GuestUser', GUEST]) {
      const answer = await logIn(typed);
      expect({ typed, status: answer.status, username: answer.body.foundUser?.username }).toEqual({ typed, status: 200, username: GUEST });
    }
    expectRefusal(await logIn('GUESTUSER', 'not the password'), 401, SPEC_ERRORS.wrongPassword);
    expectRefusal(await logIn('guestuser2'), 404, SPEC_ERRORS.notRegistered);
  });

  it('shows its owner their settings, and only with a token', async () => {
    const { token, user } = await api.loginGuest();
    const answer = await call('GET', '/account', { token });
    expect(answer.status).toBe(200);
    expect(answer.body.account).toEqual({ _id: user._id, username: GUEST, firstName: user.firstName, lastName: user.lastName, email: '' });
    expectRefusal(await call('GET', '/account'), 401, SPEC_ERRORS.invalidToken);
    expectRefusal(await call('POST', '/account', { body: { email: 'a@b.co' } }), 401, SPEC_ERRORS.invalidToken);
  });

  it('keeps an email address, which then logs in as the username does, in any case', async () => {
    const { token, user } = await api.loginGuest();
    const answer = await setEmail(token, 'Guest.User@Example.com');
    expect(answer.status).toBe(200);
    expect((answer.body.account as Account).email).toBe('Guest.User@Example.com');
    expect((await call('GET', '/account', { token })).body.account.email).toBe('Guest.User@Example.com');

    const byEmail = await logIn('guest.user@example.COM');
    expect(byEmail.status).toBe(200);
    expect(byEmail.body.foundUser._id).toBe(user._id);
    expectRefusal(await logIn('guest.user@example.com', 'not the password'), 401, SPEC_ERRORS.wrongPassword);
    expectRefusal(await logIn('nobody@example.com'), 404, SPEC_ERRORS.notRegistered);

    // '' removes it: the address names nobody any more.
    expect((await setEmail(token, '')).body.account.email).toBe('');
    expectRefusal(await logIn('guest.user@example.com'), 404, SPEC_ERRORS.notRegistered);
  });

  it('refuses an address another account has, in any case, and one that is not an address', async () => {
    const guest = await api.loginGuest();
    const priya = await api.loginSeedUser(PRIYA);
    expect((await setEmail(priya.token, 'priya@example.com')).status).toBe(200);
    expectRefusal(await setEmail(guest.token, 'PRIYA@example.com'), 409, ACCOUNT_ERRORS.emailTaken);
    // Setting one's own address again, in another case, is no conflict.
    expect((await setEmail(priya.token, 'Priya@Example.com')).status).toBe(200);
    for (const email of ['priya', 'priya@example', 'two words@example.com', '@example.com']) {
      expectRefusal(await setEmail(guest.token, email), 400, ACCOUNT_ERRORS.badEmail);
    }
    expectRefusal(await setEmail(guest.token, `${'a'.repeat(250)}@example.com`), 400, DECIDED_ERRORS.tooLong('email', 254));
    expectRefusal(await call('POST', '/account', { token: guest.token, body: { email: 5 } }), 400, DECIDED_ERRORS.notText('email'));
    expectRefusal(await call('POST', '/account', { token: guest.token, body: {} }), 400, ACCOUNT_ERRORS.nothingToChange);
    expectRefusal(
      await call('POST', '/account', { token: guest.token, body: { emailAddress: 'guest@example.com' } }),
      400,
      ACCOUNT_ERRORS.unknownFields(['emailAddress']),
    );
    expect((await call('GET', '/account', { token: guest.token })).body.account.email).toBe('');
  });

  it('changes the password: the new one logs in, the old does not, and every other session ends at once', async () => {
    const here = await api.loginGuest();
    const elsewhere = await api.loginGuest();
    const changePassword = (token: string, currentPassword: string, newPassword: string) =>
      call('POST', '/account/password', { token, body: { currentPassword, newPassword } });

    expectRefusal(await changePassword(here.token, 'not the password', 'a brand new secret'), 403, ACCOUNT_ERRORS.wrongCurrentPassword);
    expectRefusal(await changePassword(here.token, password, 'short'), 400, SPEC_ERRORS.passwordTooShort);
    // Refused attempts end nothing.
    expect((await call('GET', '/account', { token: elsewhere.token })).status).toBe(200);

    const changed = await changePassword(here.token, password, 'a brand new secret');
    expect(changed.status).toBe(200);
    const renewed = changed.body.encodedToken as string;
    for (const token of [here.token, elsewhere.token]) {
      expectRefusal(await call('GET', '/account', { token }), 401, SPEC_ERRORS.invalidToken);
      expectRefusal(await call('POST', '/posts?view=compact', { token, body: { postData: { content: 'Still me?' } } }), 401, SPEC_ERRORS.invalidToken);
    }
    expect((await call('GET', '/account', { token: renewed })).body.account.username).toBe(GUEST);
    expectRefusal(await logIn(GUEST), 401, SPEC_ERRORS.wrongPassword);
    // Both forms of the log-in answer, at the new session version.
    expect((await logIn(GUEST, 'a brand new secret')).status).toBe(200);
    const compact = await call('POST', '/auth/login?view=compact', { body: { username: GUEST, password: 'a brand new secret' } });
    expect(compact.body.foundUser.username).toBe(GUEST);
    expect((await call('GET', '/account', { token: compact.body.encodedToken })).status).toBe(200);
  });

  it('signs out everywhere: every token of the account stops working, and logging in again works', async () => {
    const here = await api.loginGuest();
    const elsewhere = await api.loginGuest();
    const priya = await api.loginSeedUser(PRIYA);
    const [priyaPost] = await api.postsOf(PRIYA);
    expect((await call('POST', `/users/bookmark/${priyaPost!._id}`, { token: here.token })).status).toBe(201);
    expect((await call('POST', '/account/sign-out-everywhere', { token: here.token })).body).toEqual({ signedOutEverywhere: true });
    for (const token of [here.token, elsewhere.token]) {
      expectRefusal(await call('GET', '/notifications', { token }), 401, SPEC_ERRORS.invalidToken);
      // A read that anyone may make: the compact form refuses the token, as it refuses one not valid;
      // the spec's form ignores it, as it ignores one not valid, and answers as to nobody.
      expectRefusal(await call('GET', '/posts?view=compact', { token }), 401, SPEC_ERRORS.invalidToken);
      const asNobody = await call('GET', `/users/${here.user._id}`);
      expect(await call('GET', `/users/${here.user._id}`, { token })).toEqual(asNobody);
    }
    // Nobody else's session ends.
    expect((await call('GET', '/account', { token: priya.token })).status).toBe(200);
    const again = await api.loginGuest();
    expect((await call('GET', '/account', { token: again.token })).status).toBe(200);
    expect((await call('GET', `/users/${here.user._id}`, { token: again.token })).body.user.bookmarks).toContain(priyaPost!._id);
  });

  it('changes the display name, which profiles then show, and never shows the address to anyone else', async () => {
    const { token, user } = await api.loginGuest();
    const answer = await call('POST', '/account', { token, body: { firstName: 'Gwen', lastName: 'Stacy', email: 'gwen@example.com' } });
    expect(answer.body.account).toEqual({ _id: user._id, username: GUEST, firstName: 'Gwen', lastName: 'Stacy', email: 'gwen@example.com' });
    expectRefusal(await call('POST', '/account', { token, body: { firstName: '' } }), 400, DECIDED_ERRORS.emptyField('firstName'));
    const profile = (await call('GET', `/users/${user._id}`, { token })).body.user;
    expect([profile.firstName, profile.lastName]).toEqual(['Gwen', 'Stacy']);
    for (const path of [`/users/${user._id}`, `/users/${user._id}?view=compact`, '/users', '/posts']) {
      expect(JSON.stringify((await call('GET', path, { token })).body)).not.toContain('gwen@example.com');
    }
    expect(JSON.stringify((await logIn(GUEST)).body)).not.toContain('gwen@example.com');
  });
}
