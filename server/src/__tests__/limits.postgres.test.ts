// @vitest-environment node
/**
 * Only with DATABASE_URL (see vitest.config.ts): the log-in limits are counted in the database, so
 * two servers on one PostgreSQL (each with its own connections and memory) limit as one — failed
 * log-ins spread over both count as failures on one (per account and address, and per account for the
 * slow-down), and so do an address's log-ins and sign-ups. Each test is its own account, and its
 * client addresses (behind one trusted proxy) are its own.
 */
import { GUEST_CREDENTIALS } from '@chirp/contracts';
import { SEED_PASSWORD } from '@chirp/api-rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_ERRORS } from '../api/context';
import { authCall, from } from './auth-calls';
import { freshSchemaName, startTestServer, type TestServer } from './test-server';

const FAILURES = 3;
// Above the failures a test makes from one address, so that the per-address limit does not answer first.
const PER_ADDRESS = 10;
const SLOW_DOWN = { afterFailures: 4, baseMs: 1000, maxMs: 2000 };
let a: TestServer;
let b: TestServer;

beforeAll(async () => {
  const shared = {
    databaseUrl: process.env.DATABASE_URL!,
    databaseSchema: freshSchemaName(),
    trustProxy: 1,
    authRateLimit: { max: PER_ADDRESS, windowMs: 60_000 },
    loginFailureLimit: { max: FAILURES, windowMs: 60_000 },
    loginSlowDown: SLOW_DOWN,
  };
  a = await startTestServer(shared);
  b = await startTestServer(shared);
}, 180_000);

afterAll(async () => {
  await b?.stop();
  await a?.stop();
});

/** Calls through a, b, a, b, … */
const through = (index: number) => (index % 2 ? b : a).url;
const statuses = (answers: Array<{ status: number }>) => answers.map((answer) => answer.status);
let addresses = 0;
/** A client address no other test uses. */
const newClient = () => from(`198.51.100.${(addresses += 1)}`);

describe('failed log-ins per account and address, through two instances', { timeout: 120_000 }, () => {
  it('refuses the address past its failures, whichever instance counted them; the owner from another address gets in', async () => {
    const attacker = newClient();
    const answers = [];
    for (let index = 0; index < FAILURES; index += 1) {
      answers.push(await authCall(through(index), 'login', { username: 'marcus_bell', password: `wrong-${index}!` }, attacker));
    }
    expect(statuses(answers)).toEqual([401, 401, 401]);
    for (const server of [a, b]) {
      const refused = await authCall(server.url, 'login', { username: 'marcus_bell', password: SEED_PASSWORD }, attacker);
      expect(refused).toMatchObject({ status: 429, body: { errors: [SERVER_ERRORS.tooManyFailedLogins(1)] } });
      expect(Number(refused.retryAfter)).toBeGreaterThan(0);
      expect(Number(refused.retryAfter)).toBeLessThanOrEqual(60);
    }
    for (const server of [a, b]) {
      expect((await authCall(server.url, 'login', { username: 'marcus_bell', password: SEED_PASSWORD }, newClient())).status).toBe(200);
    }
    // Another account is not held by this one's failures.
    expect((await authCall(b.url, 'login', GUEST_CREDENTIALS, attacker)).status).toBe(200);
  });

  it('lets simultaneous attempts through both make no more guesses than the limit', async () => {
    const client = newClient();
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, index) => authCall(through(index), 'login', { username: 'sofia.alvarez', password: `wrong-${index}!` }, client)),
    );
    expect(statuses(answers).sort()).toEqual([401, 401, 401, 429, 429, 429, 429, 429]);
    expect(answers.find((answer) => answer.status === 429)!.body).toEqual({ errors: [SERVER_ERRORS.tooManyFailedLogins(1)] });
  });

  it('forgets the failures counted through one after a success through the other', async () => {
    const passwords = ['wrong-1!', 'wrong-2!', SEED_PASSWORD, 'wrong-3!', 'wrong-4!', 'wrong-5!', SEED_PASSWORD];
    const client = newClient();
    const answers = [];
    for (const [index, password] of passwords.entries()) {
      answers.push(await authCall(through(index), 'login', { username: 'kenji.w', password }, client));
    }
    expect(statuses(answers)).toEqual([401, 401, 200, 401, 401, 401, 429]);
  });

  it('holds back log-ins on an account failed from many addresses through both, the right password’s too', async () => {
    const [first, second] = [newClient(), newClient()];
    const failures = [];
    for (let index = 0; index < SLOW_DOWN.afterFailures; index += 1) {
      const client = index < FAILURES ? first : second;
      failures.push(await authCall(through(index), 'login', { username: 'amara_okafor', password: `wrong-${index}!` }, client));
    }
    expect(statuses(failures)).toEqual([401, 401, 401, 401]);
    for (const server of [a, b]) {
      const started = performance.now();
      expect((await authCall(server.url, 'login', { username: 'amara_okafor', password: SEED_PASSWORD }, newClient())).status).toBe(200);
      expect(performance.now() - started).toBeGreaterThanOrEqual(SLOW_DOWN.baseMs);
    }
  });
});

describe('log-ins and sign-ups per client address, through two instances', { timeout: 120_000 }, () => {
  it('counts an address’s log-ins through both against one limit, and its sign-ups against another', async () => {
    const client = newClient();
    const logIns = [];
    for (let index = 0; index <= PER_ADDRESS; index += 1) {
      logIns.push(await authCall(through(index), 'login', { username: `ghost.${index}`, password: 'whatever1' }, client));
    }
    expect(logIns.map(({ status, remaining }) => [status, remaining])).toEqual([
      ...Array.from({ length: PER_ADDRESS }, (_, index) => [404, String(PER_ADDRESS - 1 - index)]),
      [429, '0'],
    ]);
    const refused = logIns[PER_ADDRESS]!;
    expect(refused.body).toEqual({ errors: [SERVER_ERRORS.tooManyAttempts] });
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    expect(Number(refused.retryAfter)).toBeLessThanOrEqual(60);
    // Refused through the other instance too; another address is not.
    expect((await authCall(b.url, 'login', { username: 'ghost', password: 'whatever1' }, client)).status).toBe(429);
    expect((await authCall(b.url, 'login', { username: 'ghost', password: 'whatever1' }, newClient())).status).toBe(404);

    const signUps = [];
    for (let index = 0; index <= PER_ADDRESS; index += 1) signUps.push(await authCall(through(index + 1), 'signup', {}, client));
    expect(statuses(signUps)).toEqual([...Array(PER_ADDRESS).fill(400), 429]);
    expect(signUps[PER_ADDRESS]!.body).toEqual({ errors: [SERVER_ERRORS.tooManyAttempts] });
  });

  it('lets exactly the limit of simultaneous calls from one address through both', async () => {
    const client = newClient();
    const answers = await Promise.all(Array.from({ length: 20 }, (_, index) => authCall(through(index), 'signup', {}, client)));
    expect(statuses(answers).sort()).toEqual([...Array(PER_ADDRESS).fill(400), ...Array(20 - PER_ADDRESS).fill(429)]);
  });
});
