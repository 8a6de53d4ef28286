/**
 * Likes and dislikes per account (LIKES_PER_MINUTE, migration 011): each one changes a count that
 * every page showing the post hears live, so an account liking and disliking in a loop made work for
 * every stream. Counted in the database, in one statement that locks the account's row, so the limit
 * holds across instances and under a burst of simultaneous calls. Past it: 429 with Retry-After.
 */
import { QuotaRefusal, type Quotas } from './quotas';
import type { Queryable } from './db/sql';

export const LIKE_LIMIT_ERRORS = {
  tooMany: (seconds: number) => `You are liking too fast. Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`,
} as const;

const WINDOW_MS = 60_000;

/**
 * Counts a like or dislike of `userId`, or refuses it: a fixed window that opens with the first one
 * (as the log-in limit counts, so up to twice the limit can pass around the end of a window). A
 * refused one is not counted: it changed nothing.
 */
export async function claimLike(q: Queryable, userId: string, quotas: Quotas): Promise<void> {
  const { rows } = await q.query(
    `INSERT INTO like_windows AS w (user_id, hits, window_ends)
       VALUES ($1::uuid, 1, now() + $2::double precision * interval '1 millisecond')
     ON CONFLICT (user_id) DO UPDATE SET
       hits = CASE WHEN w.window_ends <= now() THEN 1 ELSE w.hits + 1 END,
       window_ends = CASE WHEN w.window_ends <= now() THEN EXCLUDED.window_ends ELSE w.window_ends END
     WHERE w.window_ends <= now() OR w.hits < $3
     RETURNING 1`,
    [userId, WINDOW_MS, quotas.likesPerMinute],
  );
  if (rows.length > 0) return;
  const { rows: window } = await q.query<{ seconds: number }>(
    'SELECT ceil(extract(epoch FROM window_ends - now()))::integer AS seconds FROM like_windows WHERE user_id = $1::uuid',
    [userId],
  );
  const seconds = Math.max(1, window[0]?.seconds ?? 1);
  throw new QuotaRefusal(LIKE_LIMIT_ERRORS.tooMany(seconds), seconds);
}
