/**
 * Sliding windows of claims, kept in the database (`usage_windows`, migration 010) so that every
 * instance on it shares them: the quotas (quotas.ts) and the log-in limits (limits.ts). A claim is one
 * statement that locks its window's row and checks and records together, so claims made at the same
 * moment — a burst, through any instances — queue on that row and never both take the last place.
 */
import type { Queryable } from './sql';

export interface WindowClaim {
  /** Which limit (`posts`, `uploads`, …). */
  kind: string;
  /** Whose window (a user's id, an account, …). */
  subject: string;
  windowMs: number;
  /** At most this many claims in the window; absent: no bound on the count. */
  maxCount?: number;
  /** At most this much in all in the window; absent: no bound on the amount. */
  maxAmount?: number;
  /** How much this claim takes (at least 1). */
  wanted?: number;
  /** Past `maxAmount`, take what is left rather than nothing. */
  partial?: boolean;
}

export interface Claimed {
  kind: string;
  subject: string;
  /** What was taken: 0 when refused. */
  granted: number;
  /** The claims in the window before this one. */
  counted: number;
  /** When refused: the milliseconds until the window has room for the claim. */
  waitMs: number;
  /** Names the claim for `releaseUsage` (exactly, to the microsecond); null when refused. */
  claimedAt: string | null;
}

export async function claimUsage(q: Queryable, claim: WindowClaim): Promise<Claimed> {
  const { rows } = await q.query<{ granted: string; counted: number; wait_ms: number; claimed_at: string | null }>(
    `SELECT granted::text, counted, wait_ms, claimed_at::text
       FROM chirp_claim_usage($1, $2, $3, $4::integer, $5::bigint, $6::bigint, $7)`,
    [claim.kind, claim.subject, claim.windowMs, claim.maxCount ?? null, claim.maxAmount ?? null, claim.wanted ?? 1, claim.partial ?? false],
  );
  const row = rows[0]!;
  return { kind: claim.kind, subject: claim.subject, granted: Number(row.granted), counted: row.counted, waitMs: row.wait_ms, claimedAt: row.claimed_at };
}

/** Takes a granted claim back: what it allowed did not happen. */
export async function releaseUsage(q: Queryable, claimed: Claimed): Promise<void> {
  if (claimed.claimedAt === null) return;
  await q.query('SELECT chirp_release_usage($1, $2, $3::timestamptz, $4::bigint)', [
    claimed.kind,
    claimed.subject,
    claimed.claimedAt,
    claimed.granted,
  ]);
}

/** Forgets a whole window (a log-in that succeeded forgets its address's failures). */
export async function clearUsage(q: Queryable, kind: string, subject: string): Promise<void> {
  await q.query('DELETE FROM usage_windows WHERE kind = $1 AND subject = $2', [kind, subject]);
}

/** Removes the windows whose every claim has left them. */
export async function sweepUsageWindows(q: Queryable): Promise<void> {
  await q.query('DELETE FROM usage_windows WHERE expires_at <= now()');
}
