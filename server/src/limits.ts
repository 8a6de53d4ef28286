/**
 * The log-in limits, counted in the database so that every instance on one database shares them:
 * log-ins and sign-ups per client address (AUTH_RATE_LIMIT, through @fastify/rate-limit with this
 * store; migration 008), failed log-ins per account and client address (LOGIN_FAILURE_LIMIT), and the
 * slow-down of an account that fails from everywhere (LOGIN_SLOWDOWN_*; both in the usage windows of
 * migration 010). Each count is one statement that locks its row — never a read, then a write — and
 * keeps no session state (PgBouncer in transaction mode is fine). The database's clock is the one
 * clock of every instance.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { LIMITS } from '@chirp/api-rules';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { ServerConfig } from './config';
import type { Queryable } from './db/sql';
import { claimUsage, clearUsage, releaseUsage, sweepUsageWindows, type Claimed } from './db/usage-windows';

/** How often each instance removes the rows whose window has passed. */
export const LIMITS_SWEEP_MS = 60_000;

type Callback = Parameters<FastifyRateLimitStore['incr']>[1];

/**
 * @fastify/rate-limit's store, in the table `auth_rate_windows`: a fixed window per route and client
 * address, as the plugin's own in-memory store counts (the window opens with the first call; every
 * call in it counts, refused ones too; the next call after it opens a new one). So an address can
 * make up to twice the limit around the end of a window, as before; a sliding window would need a
 * row per call.
 */
export function databaseRateLimitStore(sql: Queryable): FastifyRateLimitStoreCtor {
  class DatabaseRateLimitStore implements FastifyRateLimitStore {
    readonly #route: string;

    constructor(_options: unknown, route = '') {
      this.#route = route;
    }

    incr(address: string, callback: Callback, timeWindow: number): void {
      sql
        .query<{ hits: number; ttl: number }>(
          `INSERT INTO auth_rate_windows AS w (route, address, hits, window_ends)
             VALUES ($1, $2, 1, now() + $3::double precision * interval '1 millisecond')
           ON CONFLICT (route, address) DO UPDATE SET
             hits = CASE WHEN w.window_ends <= now() THEN 1 ELSE w.hits + 1 END,
             window_ends = CASE WHEN w.window_ends <= now() THEN EXCLUDED.window_ends ELSE w.window_ends END
           RETURNING hits, ceil(extract(epoch FROM window_ends - now()) * 1000)::integer AS ttl`,
          [this.#route, address, timeWindow],
        )
        .then(({ rows }) => callback(null, { current: rows[0]!.hits, ttl: rows[0]!.ttl }), (error: Error) => callback(error));
    }

    /**
     * A route's own counts: log-ins and sign-ups are limited apart. (The plugin's types call this
     * argument the route's options; what it passes is its settings with the route in `routeInfo`, as
     * its README says.)
     */
    child(settings: Parameters<FastifyRateLimitStore['child']>[0] & { routeInfo?: { url?: string } }): FastifyRateLimitStore {
      return new DatabaseRateLimitStore(settings, settings.routeInfo?.url);
    }
  }
  return DatabaseRateLimitStore;
}

/**
 * The client as the limits count it. An IPv6 address counts as its /64, which one subscriber usually
 * holds whole: counted one by one, its 2^64 addresses would each get the limit afresh.
 */
export function clientOf(address: string): string {
  const bare = address.replace(/%.*$/, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(bare);
  if (mapped) return mapped[1]!;
  if (!bare.includes(':')) return bare;
  const [head = '', tail] = bare.split('::');
  const groups = (part: string | undefined) => (part ? part.split(':').flatMap((group) => (group.includes('.') ? ['0', '0'] : [group])) : []);
  const before = groups(head);
  const after = groups(tail);
  const all = [...before, ...Array<string>(Math.max(0, 8 - before.length - after.length)).fill('0'), ...after];
  return `${all.slice(0, 4).map((group) => parseInt(group, 16).toString(16)).join(':')}::/64`;
}

/** How long a log-in on an account with `failures` (from all addresses, in the window) is held back. */
export function loginHoldBackMs(failures: number, { afterFailures, baseMs, maxMs }: ServerConfig['loginSlowDown']): number {
  return failures < afterFailures ? 0 : Math.min(maxMs, baseMs * 2 ** (failures - afterFailures));
}

/** A log-in attempt as the limits saw it. */
export interface LoginAttempt {
  /** 0: it may go ahead (it counts as a failure until `succeeded`); else the milliseconds until this address may try this account again. */
  waitMs: number;
  /** The claims `succeeded` takes back. */
  claims: Claimed[];
}

/** Failed log-ins, per account and client address, and per account from all addresses. */
export interface FailureCounter {
  /**
   * Claims a log-in attempt on `account` from `address`. Refused past the failures the address may
   * make on the account; else counted as a failure at once, and answered only after the slow-down
   * when the account has failed too often from everywhere.
   */
  claimAttempt(account: string, address: string): Promise<LoginAttempt>;
  /** The password was right: the address's failures on the account are forgotten, and this attempt is no failure. */
  succeeded(attempt: LoginAttempt): Promise<void>;
}

/**
 * Past `max` failures within `windowMs` (a sliding window) from one address, that address's log-ins on
 * the account are refused until the oldest of them leaves it; other addresses — the owner's — still
 * get in. Past `afterFailures` on the account from all addresses, every attempt on it is held back
 * (`baseMs` × 2 per failure beyond, at most `maxMs`): many addresses together guess slowly, and the
 * right password still gets in, late. An attempt is counted when it starts, so simultaneous attempts
 * through any instances get no more than `max` guesses from one address.
 */
export function databaseFailureCounter(
  sql: Queryable,
  { max, windowMs }: ServerConfig['loginFailureLimit'],
  slowDown: ServerConfig['loginSlowDown'],
): FailureCounter {
  const { afterFailures, baseMs, maxMs } = slowDown;
  const doublings = maxMs > baseMs && baseMs > 0 ? Math.ceil(Math.log2(maxMs / baseMs)) : 0;
  // Failures beyond these no longer lengthen the wait: the account's window keeps no more.
  const accountFailuresKept = afterFailures + doublings + 1;
  return {
    async claimAttempt(account, address) {
      // Longer names are no account's: they all share one count.
      const name = account.toLowerCase().slice(0, LIMITS.maxUsername + 1);
      const fromAddress = await claimUsage(sql, { kind: 'login-from', subject: JSON.stringify([name, clientOf(address)]), windowMs, maxCount: max });
      if (fromAddress.granted === 0) return { waitMs: fromAddress.waitMs, claims: [] };
      const onAccount = await claimUsage(sql, { kind: 'login', subject: name, windowMs, maxCount: accountFailuresKept });
      const wait = loginHoldBackMs(onAccount.counted, slowDown);
      if (wait > 0) await sleep(wait);
      return { waitMs: 0, claims: [fromAddress, onAccount] };
    },
    async succeeded({ claims: [fromAddress, onAccount] }) {
      if (fromAddress) await clearUsage(sql, fromAddress.kind, fromAddress.subject);
      if (onAccount) await releaseUsage(sql, onAccount);
    },
  };
}

/**
 * Removes the rows of the limits and quotas whose window has passed. A call counted at the same moment
 * is not lost: the delete and the count lock the same row, and whichever comes second sees the other's work.
 */
export async function sweepExpiredLimits(sql: Queryable): Promise<void> {
  await sql.query('DELETE FROM auth_rate_windows WHERE window_ends <= now()');
  await sql.query('DELETE FROM login_failures WHERE expires_at <= now()');
  await sweepUsageWindows(sql);
}
