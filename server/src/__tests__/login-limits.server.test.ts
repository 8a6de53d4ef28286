// @vitest-environment node
/**
 * Log-in abuse on one instance (PGlite): failed log-ins per account and address (which cannot lock the
 * owner out), the slow-down of an account failed from everywhere, per-address limits (counted in the
 * database: limits.postgres.test.ts has two instances share them), forged client addresses, and what
 * an answer's time tells.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { GUEST_CREDENTIALS } from '@chirp/contracts';
import { SEED_PASSWORD, SPEC_ERRORS } from '@chirp/api-rules';
import { afterEach, describe, expect, it } from 'vitest';
import { SERVER_ERRORS } from '../api/context';
import { trustProxyFromEnv } from '../config';
import { clientOf, loginHoldBackMs, sweepExpiredLimits } from '../limits';
import { SCRYPT_COST } from '../passwords';
import { authCall, from } from './auth-calls';
import { startTestServer, type TestServer } from './test-server';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.stop();
  server = undefined;
});

async function logIn(username: string, password: string, headers: Record<string, string> = {}) {
  const started = performance.now();
  const answer = await authCall(server!.url, 'login', { username, password }, headers);
  return { ...answer, ms: performance.now() - started };
}

describe('failed log-ins per account and address', { timeout: 120_000 }, () => {
  it('refuses the address that failed too often on an account; the owner from another address gets in at once', async () => {
    server = await startTestServer({ loginFailureLimit: { max: 3, windowMs: 60_000 }, trustProxy: 1 });
    const { username, password } = GUEST_CREDENTIALS;
    const attacker = from('203.0.113.10');
    const statuses = [];
    for (let attempt = 0; attempt < 10; attempt += 1) statuses.push((await logIn(username, `wrong-${attempt}!`, attacker)).status);
    expect(statuses).toEqual([401, 401, 401, 429, 429, 429, 429, 429, 429, 429]);

    expect((await logIn(username, password, from('198.51.100.20'))).status).toBe(200);
    const refused = await logIn(username, password, attacker);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ errors: [SERVER_ERRORS.tooManyFailedLogins(1)] });
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    expect(Number(refused.retryAfter)).toBeLessThanOrEqual(60);
    // The address may still log in to another account.
    expect((await logIn('priya.nair', SEED_PASSWORD, attacker)).status).toBe(200);
  });

  it('counts an IPv6 client by its /64', async () => {
    server = await startTestServer({ loginFailureLimit: { max: 2, windowMs: 60_000 }, trustProxy: 1 });
    const { username, password } = GUEST_CREDENTIALS;
    expect((await logIn(username, 'wrong-1!', from('2001:db8:1:2::a'))).status).toBe(401);
    expect((await logIn(username, 'wrong-2!', from('2001:db8:1:2:ffff::b'))).status).toBe(401);
    expect((await logIn(username, password, from('2001:db8:1:2::c'))).status).toBe(429);
    expect((await logIn(username, password, from('2001:db8:1:3::c'))).status).toBe(200);
    expect(clientOf('::ffff:203.0.113.5')).toBe('203.0.113.5');
    expect(clientOf('2001:DB8:0:0:1:2:3:4')).toBe('2001:db8:0:0::/64');
    expect(clientOf('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });

  it('forgets the failures before a success', async () => {
    server = await startTestServer({ loginFailureLimit: { max: 3, windowMs: 60_000 } });
    const statuses = [];
    for (const password of ['wrong-1!', 'wrong-2!', SEED_PASSWORD, 'wrong-3!', 'wrong-4!', 'wrong-5!', SEED_PASSWORD]) {
      statuses.push((await logIn('kenji.w', password)).status);
    }
    expect(statuses).toEqual([401, 401, 200, 401, 401, 401, 429]);
  });

  it('lets simultaneous attempts make no more guesses than the limit', async () => {
    server = await startTestServer({ loginFailureLimit: { max: 3, windowMs: 60_000 } });
    const answers = await Promise.all(Array.from({ length: 8 }, (_, index) => logIn('priya.nair', `wrong-${index}!`)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([401, 401, 401, 429, 429, 429, 429, 429]);
    expect(answers.find((answer) => answer.status === 429)!.body).toEqual({ errors: [SERVER_ERRORS.tooManyFailedLogins(1)] });
    expect((await logIn('priya.nair', SEED_PASSWORD)).status).toBe(429);
  });

  // Windows of seconds, not minutes, but longer than two scrypt hashes on a busy machine.
  it('lets the account in again once its oldest failure leaves the window (Retry-After)', async () => {
    server = await startTestServer({ loginFailureLimit: { max: 2, windowMs: 10_000 } });
    const { username, password } = GUEST_CREDENTIALS;
    expect((await logIn(username, 'wrong-1!')).status).toBe(401);
    expect((await logIn(username, 'wrong-2!')).status).toBe(401);
    const blocked = await logIn(username, password);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.retryAfter)).toBeGreaterThan(0);
    expect(Number(blocked.retryAfter)).toBeLessThanOrEqual(10);
    await sleep(Number(blocked.retryAfter) * 1000);
    expect((await logIn(username, password)).status).toBe(200);
  });
});

describe('an account failed from everywhere', { timeout: 120_000 }, () => {
  const slowDown = { afterFailures: 4, baseMs: 1000, maxMs: 2000 };

  it('holds back every log-in on it, the right password’s too, longer with each failure', async () => {
    server = await startTestServer({ loginFailureLimit: { max: 2, windowMs: 60_000 }, loginSlowDown: slowDown, trustProxy: 1 });
    const { username, password } = GUEST_CREDENTIALS;
    for (const address of ['203.0.113.1', '203.0.113.2']) {
      for (const attempt of [1, 2]) expect((await logIn(username, `wrong-${attempt}!`, from(address))).status).toBe(401);
    }
    // Four failures: from now on every attempt waits, from any address.
    const first = await logIn(username, password, from('198.51.100.1'));
    expect(first.status).toBe(200);
    expect(first.ms).toBeGreaterThanOrEqual(slowDown.baseMs);
    const failed = await logIn(username, 'wrong-3!', from('198.51.100.2'));
    expect(failed.status).toBe(401);
    expect(failed.ms).toBeGreaterThanOrEqual(slowDown.baseMs);
    const second = await logIn(username, password, from('198.51.100.3'));
    expect(second.status).toBe(200);
    expect(second.ms).toBeGreaterThanOrEqual(2 * slowDown.baseMs);
  });

  it('waits twice as long with each failure past the threshold, up to the longest wait', () => {
    const waits = [0, 3, 4, 5, 6, 50].map((failures) => loginHoldBackMs(failures, slowDown));
    expect(waits).toEqual([0, 0, 1000, 2000, 2000, 2000]);
    expect(loginHoldBackMs(23, { afterFailures: 20, baseMs: 250, maxMs: 4000 })).toBe(2000);
  });
});

describe('log-ins and sign-ups per client address', { timeout: 120_000 }, () => {
  // Sign-ups without a body: refused at once (400), no hash, so a window of seconds is plenty.
  it('counts each in a fixed window of its own, says when it ends, and lets the address in after it', async () => {
    server = await startTestServer({ authRateLimit: { max: 2, windowMs: 5000 }, trustProxy: 1 });
    const client = from('203.0.113.5');
    const signUp = () => authCall(server!.url, 'signup', {}, client);
    expect(await signUp()).toMatchObject({ status: 400, remaining: '1' });
    expect(await signUp()).toMatchObject({ status: 400, remaining: '0' });
    const refused = await signUp();
    expect(refused).toMatchObject({ status: 429, body: { errors: [SERVER_ERRORS.tooManyAttempts] }, remaining: '0' });
    expect(['1', '2', '3', '4', '5']).toContain(refused.retryAfter);
    // Another address, and this address's log-ins, are counted apart.
    expect((await authCall(server.url, 'signup', {}, from('203.0.113.6'))).status).toBe(400);
    expect((await logIn('ghost', 'whatever1', client)).status).toBe(404);
    await sleep(Number(refused.retryAfter) * 1000);
    expect(await signUp()).toMatchObject({ status: 400, remaining: '1' });
  });

  it('counts password changes too: a stolen token guesses the current password no faster than a log-in would', async () => {
    server = await startTestServer({ authRateLimit: { max: 2, windowMs: 60_000 }, trustProxy: 1 });
    const client = from('203.0.113.9');
    const { body } = await authCall(server.url, 'login', GUEST_CREDENTIALS, client);
    const guess = (currentPassword: string) =>
      fetch(`${server!.url}/api/account/password`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: String((body as { encodedToken?: string }).encodedToken), ...client },
        body: JSON.stringify({ currentPassword, newPassword: 'a brand new secret' }),
      });
    expect((await guess('guess-1')).status).toBe(403);
    expect((await guess('guess-2')).status).toBe(403);
    const refused = await guess(GUEST_CREDENTIALS.password);
    expect({ status: refused.status, body: await refused.json() }).toEqual({ status: 429, body: { errors: [SERVER_ERRORS.tooManyAttempts] } });
  });

  it('keeps no count whose window has passed', async () => {
    server = await startTestServer({ authRateLimit: { max: 5, windowMs: 10_000 }, loginFailureLimit: { max: 5, windowMs: 10_000 } });
    const { sql } = server;
    const rows = async () => {
      const { rows: [counts] } = await sql.query<{ windows: number; failures: number }>(
        'SELECT (SELECT count(*) FROM auth_rate_windows)::int AS windows, (SELECT count(*) FROM usage_windows)::int AS failures',
      );
      return counts;
    };
    expect((await logIn(GUEST_CREDENTIALS.username, 'wrong-1!')).status).toBe(401);
    await sweepExpiredLimits(sql);
    // The failures from this address on the account, and on the account from everywhere.
    expect(await rows()).toEqual({ windows: 1, failures: 2 });
    await sleep(10_000);
    await sweepExpiredLimits(sql);
    expect(await rows()).toEqual({ windows: 0, failures: 0 });
  });
});

describe('the client address behind a proxy', { timeout: 60_000 }, () => {
  it('believes only the configured hops: a forged X-Forwarded-For does not escape the limit', async () => {
    server = await startTestServer({ authRateLimit: { max: 3, windowMs: 60_000 }, trustProxy: 1 });
    const statuses = [];
    for (let attempt = 0; attempt < 4; attempt += 1) {
      // The client names itself anew each time; the one load balancer in front appends what it saw.
      const answer = await logIn('nobody', 'whatever1', { 'x-forwarded-for': `203.0.113.${attempt}, 10.9.8.7` });
      statuses.push(answer.status);
    }
    expect(statuses).toEqual([404, 404, 404, 429]);
  });

  it('reads TRUST_PROXY as hops or as proxy addresses', () => {
    expect(trustProxyFromEnv({})).toBe(false);
    expect(trustProxyFromEnv({ TRUST_PROXY: '0' })).toBe(false);
    expect(trustProxyFromEnv({ TRUST_PROXY: '1' })).toBe(1);
    expect(trustProxyFromEnv({ TRUST_PROXY: '2' })).toBe(2);
    expect(trustProxyFromEnv({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' })).toEqual(['10.0.0.0/8', '127.0.0.1']);
    expect(() => trustProxyFromEnv({ TRUST_PROXY: 'yes please' })).toThrow(/TRUST_PROXY/);
  });
});

describe('what the time of an answer tells', { timeout: 60_000 }, () => {
  it('takes as long for an unknown name as for a wrong password (both hash)', async () => {
    // Hashes at the real cost (the other tests' servers hash at a 32nd of it), for an account made here.
    server = await startTestServer({ passwordCost: SCRYPT_COST });
    const known = { username: 'known.person', password: 'the-password1', firstName: 'Known', lastName: 'Person' };
    expect((await authCall(server.url, 'signup', known)).status).toBe(201);
    // Interleaved, and each side's fastest answer: the machine's load (other suites run beside this
    // one) lengthens either side at random, never shortens it, so the fastest is each path's own cost.
    const fastest = { nobody: Infinity, known: Infinity };
    await logIn('nobody', 'not-the-password1'); // makes the dummy hash
    for (let attempt = 0; attempt < 7; attempt += 1) {
      const unknown = await logIn('nobody', 'not-the-password1');
      const wrong = await logIn(known.username, 'not-the-password1');
      expect([unknown.status, wrong.status]).toEqual([404, 401]);
      fastest.nobody = Math.min(fastest.nobody, unknown.ms);
      fastest.known = Math.min(fastest.known, wrong.ms);
    }
    // Without the dummy hash an unknown name answers in a few milliseconds: a twentieth of a hash.
    expect(fastest.nobody).toBeGreaterThan(fastest.known * 0.4);
    expect((await logIn('nobody', 'x1234567')).body).toEqual({ errors: [SPEC_ERRORS.notRegistered] });
  });
});
