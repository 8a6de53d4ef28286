/**
 * Per-user quotas, counted in the database so that every instance sees the same counts: uploads per
 * hour (how many, and how many bytes) and posts per minute. Over a quota the call answers 429 with
 * `Retry-After` (when the oldest counted item leaves the window) and `{ errors: [text] }`.
 * And the sweep: uploads that no post or profile refers to after `graceMs` are removed.
 */
import { Refusal } from '@chirp/api-rules';
import type { ServerConfig } from './config';
import type { ImageStore } from './image-store';
import type { Queryable, Sql } from './db/sql';

export type Quotas = ServerConfig['quotas'];

export const QUOTA_ERRORS = {
  uploads: (minutes: number) => `You have uploaded too many images this hour. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  posts: (seconds: number) => `You are posting too fast. Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`,
} as const;

/** A 429 that says when to come back (Retry-After). */
export class QuotaRefusal extends Refusal {
  readonly retryAfterSeconds: number;

  constructor(message: string, retryAfterSeconds: number) {
    super(429, message, { 'retry-after': String(retryAfterSeconds) });
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

interface Window {
  count: number;
  bytes: number;
  /** Seconds until the oldest counted item leaves the window. */
  frees_in: number | null;
}

/** Refuses an upload of `bytes` that would go over the user's hourly upload quota. */
export async function checkUploadQuota(q: Queryable, userId: string, bytes: number, quotas: Quotas): Promise<void> {
  const { rows } = await q.query<Window>(
    `SELECT count(*)::int AS count, coalesce(sum(bytes), 0)::bigint AS bytes,
        ceil(extract(epoch FROM min(created_at) + interval '1 hour' - now()))::int AS frees_in
      FROM uploads WHERE user_id = $1::uuid AND created_at > now() - interval '1 hour'`,
    [userId],
  );
  const window = rows[0]!;
  if (window.count >= quotas.uploadsPerHour || Number(window.bytes) + bytes > quotas.uploadBytesPerHour) {
    const seconds = Math.max(1, window.frees_in ?? 3600);
    throw new QuotaRefusal(QUOTA_ERRORS.uploads(Math.ceil(seconds / 60)), seconds);
  }
}

export async function recordUpload(q: Queryable, name: string, userId: string, bytes: number): Promise<void> {
  await q.query('INSERT INTO uploads (name, user_id, bytes) VALUES ($1, $2::uuid, $3)', [name, userId, bytes]);
}

/** Refuses a post that would go over the user's posts-per-minute quota. */
export async function checkPostQuota(q: Queryable, userId: string, quotas: Quotas): Promise<void> {
  const { rows } = await q.query<Window>(
    `SELECT count(*)::int AS count, 0 AS bytes,
        ceil(extract(epoch FROM min(created_at) + interval '1 minute' - now()))::int AS frees_in
      FROM posts WHERE author_id = $1::uuid AND created_at > now() - interval '1 minute'`,
    [userId],
  );
  const window = rows[0]!;
  if (window.count >= quotas.postsPerMinute) {
    const seconds = Math.max(1, window.frees_in ?? 60);
    throw new QuotaRefusal(QUOTA_ERRORS.posts(seconds), seconds);
  }
}

/** The name an image URL of this server's stores ends with. */
const nameOf = (url: string) => url.slice(url.lastIndexOf('/') + 1);
export { nameOf as uploadNameOf };

/**
 * Removes uploads older than `graceMs` that no post image and no profile picture refers to; answers
 * the names removed. An image is removed from the store before its row, so a failure leaves the row
 * for the next sweep.
 */
export async function sweepUnusedUploads(sql: Sql, store: ImageStore, graceMs: number): Promise<string[]> {
  const { rows } = await sql.query<{ name: string }>(
    `SELECT u.name FROM uploads u
      WHERE u.created_at < now() - ($1::double precision * interval '1 millisecond')
        AND NOT EXISTS (SELECT 1 FROM posts p WHERE p.image LIKE '%/' || u.name)
        AND NOT EXISTS (SELECT 1 FROM users s WHERE s.profile_pic LIKE '%/' || u.name)
      ORDER BY u.created_at LIMIT 500`,
    [graceMs],
  );
  const removed: string[] = [];
  for (const { name } of rows) {
    try {
      await store.remove(name);
      await sql.query('DELETE FROM uploads WHERE name = $1', [name]);
      removed.push(name);
    } catch (error) {
      console.error(`Could not remove the unused upload ${name}:`, error);
    }
  }
  return removed;
}

