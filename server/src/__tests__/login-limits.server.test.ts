// @vitest-environment node
/** Log-in abuse: per-account limits, forged client addresses, and what an answer's time tells. */
import { GUEST_CREDENTIALS } from '@chirp/contracts';
import { SPEC_ERRORS } from '@chirp/api-rules';
import { afterEach, describe, expect, it } from 'vitest';
import { SERVER_ERRORS } from '../api/context';
import { memoryFailureCounter } from '../api/login-failures';
import { trustProxyFromEnv } from '../config';
import { startTestServer, type TestServer } from './test-server';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.stop();
  server = undefined;
});

async function logIn(username: string, password: string, headers: Record<string, string> = {}) {
  const started = performance.now();
  const answer = await fetch(`${server!.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ username, password }),
  });
  return { status: answer.status, body: await answer.json(), retryAfter: answer.headers.get('retry-after'), ms: performance.now() - started };
}

describe('failed log-ins per account', { timeout: 60_000 }, () => {
  it('refuses an account’s log-ins after too many failures, from any address, until the window passes', async () => {
    server = await startTestServer({ loginFailureLimit: { max: 3, windowMs: 60_000 } });
    for (let attempt = 0; attempt < 3; attempt += 1) {
      expect((await logIn(GUEST_CREDENTIALS.username, `wrong-${attempt}!`)).status).toBe(401);
    }
    const blocked = await logIn(GUEST_CREDENTIALS.username, GUEST_CREDENTIALS.password);
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual({ errors: [SERVER_ERRORS.tooManyFailedLogins(1)] });
    expect(Number(blocked.retryAfter)).toBeGreaterThan(0);
    // Another account is not held by this one's failures.
    expect((await logIn('priya.nair', 'chirp@demo1')).status).toBe(200);
  });

  it('counts within a window and forgets after it; a success clears the count', () => {
    const counter = memoryFailureCounter({ max: 2, windowMs: 1000 });
    counter.failed('ann', 0);
    counter.failed('ann', 100);
    expect(counter.blockedFor('ann', 500)).toBe(500);
    expect(counter.blockedFor('ann', 999)).toBe(1);
    expect(counter.blockedFor('ann', 1000)).toBe(0);
    counter.failed('bob', 0);
    counter.succeeded('bob');
    counter.failed('bob', 10);
    expect(counter.blockedFor('bob', 20)).toBe(0);
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
    server = await startTestServer();
    const median = async (username: string) => {
      const times = [];
      for (let attempt = 0; attempt < 5; attempt += 1) {
        const answer = await logIn(username, 'not-the-password1');
        expect(answer.status).toBe(username === 'nobody' ? 404 : 401);
        times.push(answer.ms);
      }
      return times.sort((a, b) => a - b)[2]!;
    };
    await median('nobody'); // warms the dummy hash
    const [unknown, wrong] = [await median('nobody'), await median(GUEST_CREDENTIALS.username)];
    expect(unknown).toBeGreaterThan(wrong * 0.5);
    expect((await logIn('nobody', 'x1234567')).body).toEqual({ errors: [SPEC_ERRORS.notRegistered] });
  });
});
