/**
 * The log-in limits, counted in the database (migration 008) so that every instance on one database
 * shares them: log-ins and sign-ups per client address (AUTH_RATE_LIMIT, through @fastify/rate-limit
 * with this store) and failed log-ins per account (LOGIN_FAILURE_LIMIT). Each count is one statement
 * that locks its row — never a read, then a write — and keeps no session state (PgBouncer in
 * transaction mode is fine). The database's clock is the one clock of every instance.
 */
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { ServerConfig } from './config';
import type { Queryable } from './db/sql';
import { sweepUsageWindows } from './db/usage-windows';

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

/** Failed log-ins per account, from any address, in the table `login_failures`. */
export interface FailureCounter {
  /**
   * Claims a log-in attempt: 0 when it may go ahead — it counts as a failure from now on, unless
   * `succeeded` takes it back — else the milliseconds until the oldest failure leaves the window.
   */
  claimAttempt(account: string): Promise<number>;
  /** The password was right: the account's failures are forgotten. */
  succeeded(account: string): Promise<void>;
}

/**
 * After `max` failures within `windowMs` (a sliding window), an account's log-ins are refused until
 * the oldest of them leaves it — whatever address they come from: the per-address limit alone lets
 * a botnet guess one account's password. An attempt is counted when it starts, so simultaneous
 * attempts through any instances get no more than `max` guesses.
 */
export function databaseFailureCounter(sql: Queryable, { max, windowMs }: ServerConfig['loginFailureLimit']): FailureCounter {
  return {
    async claimAttempt(account) {
      const { rows } = await sql.query<{ wait: number }>('SELECT chirp_claim_login_attempt($1, $2, $3) AS wait', [account, windowMs, max]);
      return rows[0]!.wait;
    },
    async succeeded(account) {
      await sql.query('DELETE FROM login_failures WHERE account = $1', [account]);
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
