/**
 * Per-user quotas, counted in the database so that every instance sees the same counts: uploads per
 * hour (how many, and how many bytes), posts per minute, reports per hour, and mention notifications
 * per minute. Each is
 * a sliding window of claims (db/usage-windows.ts): a call claims its place first, in one statement
 * that checks and counts together, so a burst of calls gets exactly the quota and no more; a call that
 * then fails gives its place back. Over a quota the call answers 429 with `Retry-After` (when the
 * oldest counted claim leaves the window) and `{ errors: [text] }`.
 * And the sweep: uploads that no post or profile refers to after `graceMs` are removed.
 */
import { Refusal } from '@chirp/api-rules';
import type { ServerConfig } from './config';
import type { ImageStore } from './image-store';
import type { Queryable, Sql } from './db/sql';
import { claimUsage, releaseUsage, type WindowClaim } from './db/usage-windows';

export type Quotas = ServerConfig['quotas'];

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

export const QUOTA_ERRORS = {
  uploads: (minutes: number) => `You have uploaded too many images this hour. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  posts: (seconds: number) => `You are posting too fast. Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`,
  reports: (minutes: number) => `You have reported too many posts this hour. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
} as const;

/** A 429 that says when to come back (Retry-After). */
export class QuotaRefusal extends Refusal {
  readonly retryAfterSeconds: number;

  constructor(message: string, retryAfterSeconds: number) {
    super(429, message, { 'retry-after': String(retryAfterSeconds) });
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/**
 * Runs `work` on a place claimed in a quota: refused with the text `refusal` gives for the seconds to
 * wait when there is none; the place is given back when `work` fails, as nothing was made. (An answer
 * that fails after its change was kept gives it back too: one call in the window goes uncounted.)
 */
async function withinQuota<T>(q: Queryable, claim: WindowClaim, refusal: (seconds: number) => string, work: () => Promise<T>): Promise<T> {
  const claimed = await claimUsage(q, claim);
  if (claimed.granted === 0) {
    // The database reckons the wait from its transaction's start, which a claim that waited for the
    // window's lock has behind it: never more than the window, whatever that wait was.
    const seconds = Math.max(1, Math.ceil(Math.min(claimed.waitMs, claim.windowMs) / 1000));
    throw new QuotaRefusal(refusal(seconds), seconds);
  }
  try {
    return await work();
  } catch (error) {
    await releaseUsage(q, claimed).catch((releaseError: unknown) => console.error('A quota claim could not be given back:', releaseError));
    throw error;
  }
}

/** Runs `upload` (keeping an image of `bytes`) within the user's hourly upload quota, by count and by bytes. */
export function withinUploadQuota<T>(q: Queryable, userId: string, bytes: number, quotas: Quotas, upload: () => Promise<T>): Promise<T> {
  const claim = { kind: 'uploads', subject: userId, windowMs: HOUR_MS, maxCount: quotas.uploadsPerHour, maxAmount: quotas.uploadBytesPerHour };
  return withinQuota(q, { ...claim, wanted: bytes }, (seconds) => QUOTA_ERRORS.uploads(Math.ceil(seconds / 60)), upload);
}

/** Runs `post` within the user's posts-per-minute quota. */
export function withinPostQuota<T>(q: Queryable, userId: string, quotas: Quotas, post: () => Promise<T>): Promise<T> {
  return withinQuota(q, { kind: 'posts', subject: userId, windowMs: MINUTE_MS, maxCount: quotas.postsPerMinute }, QUOTA_ERRORS.posts, post);
}

/** Runs `report` within the user's reports-per-hour quota: reports are read by people, who must not be flooded. */
export function withinReportQuota<T>(q: Queryable, userId: string, quotas: Quotas, report: () => Promise<T>): Promise<T> {
  const claim = { kind: 'reports', subject: userId, windowMs: HOUR_MS, maxCount: quotas.reportsPerHour };
  return withinQuota(q, claim, (seconds) => QUOTA_ERRORS.reports(Math.ceil(seconds / 60)), report);
}

/**
 * Takes up to `wanted` of the sender's mention notifications this minute and answers how many it got.
 * Past the quota a post is still made, but mentions no one more: refusing the post would lose what the
 * person wrote over whom it pings, and the pings are what floods others.
 */
export async function claimMentionNotifications(q: Queryable, senderId: string, wanted: number, quotas: Quotas): Promise<number> {
  if (wanted === 0) return 0;
  const claim = { kind: 'mentions', subject: senderId, windowMs: MINUTE_MS, maxAmount: quotas.mentionNotificationsPerMinute };
  return (await claimUsage(q, { ...claim, wanted, partial: true })).granted;
}

export async function recordUpload(q: Queryable, name: string, userId: string, bytes: number): Promise<void> {
  await q.query('INSERT INTO uploads (name, user_id, bytes) VALUES ($1, $2::uuid, $3)', [name, userId, bytes]);
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
        AND NOT EXISTS (SELECT 1 FROM posts p WHERE p.more_images IS NOT NULL AND p.more_images::text LIKE '%/' || u.name || '"%')
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

