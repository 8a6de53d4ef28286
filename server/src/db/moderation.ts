/**
 * Reports and the moderators' audit log (migration 016): one report per reporter and post, open
 * until a moderator acts on the post or dismisses its reports; every action written down.
 */
import { formatTimestamp, type ReportInput } from '@chirp/api-rules';
import type { AuditEntry, ModerationAction, ReportReason } from '@chirp/contracts';
import { MAX_AUDIT_ENTRIES, MAX_REPORTED_POSTS } from '@chirp/contracts';
import { announceAuthorGone } from './live-events';
import { rowIds } from './records';
import type { Queryable } from './sql';

/** Keeps the reporter's report of the post (reporting again replaces it, and opens it again). */
export async function saveReport(q: Queryable, reporterId: string, postId: string, input: ReportInput, at: string): Promise<void> {
  await q.query(
    `INSERT INTO reports (reporter_id, post_id, reason, details, created_at) VALUES ($1::uuid, $2::uuid, $3, $4, $5::timestamptz)
     ON CONFLICT (reporter_id, post_id) DO UPDATE
       SET reason = EXCLUDED.reason, details = EXCLUDED.details, created_at = EXCLUDED.created_at, resolved_at = NULL`,
    [reporterId, postId, input.reason, input.details, at],
  );
}

export interface OpenReports {
  postId: string;
  reportCount: number;
  reasons: ReportReason[];
  details: string[];
  latestAt: string;
}

/** The posts with open reports, the most recently reported first, each with its reports' reasons and latest details. */
export async function openReports(q: Queryable): Promise<OpenReports[]> {
  const { rows } = await q.query<{ post_id: string; report_count: number; reasons: ReportReason[]; details: string[]; latest_at: Date }>(
    `SELECT r.post_id::text, count(*)::int AS report_count, array_agg(r.reason) AS reasons,
        (array_remove(array_agg(r.details ORDER BY r.created_at DESC), ''))[1:5] AS details, max(r.created_at) AS latest_at
       FROM reports r WHERE r.resolved_at IS NULL
      GROUP BY r.post_id ORDER BY max(r.created_at) DESC, r.post_id LIMIT $1`,
    [MAX_REPORTED_POSTS],
  );
  return rows.map((row) => ({
    postId: row.post_id,
    reportCount: row.report_count,
    reasons: row.reasons,
    details: row.details ?? [],
    latestAt: formatTimestamp(new Date(row.latest_at)),
  }));
}

/** Closes the open reports of one post, or of every post of one author; how many were open. */
export async function resolveReports(q: Queryable, of: { postId: string } | { authorId: string }): Promise<number> {
  const condition = 'postId' in of ? 'post_id = $1::uuid' : 'post_id IN (SELECT p.id FROM posts p WHERE p.author_id = $1::uuid)';
  const { rows } = await q.query<{ count: number }>(
    `WITH closed AS (UPDATE reports SET resolved_at = now() WHERE resolved_at IS NULL AND ${condition} RETURNING 1)
     SELECT count(*)::int AS count FROM closed`,
    ['postId' in of ? of.postId : of.authorId],
  );
  return rows[0]?.count ?? 0;
}

/** Hides a post from everyone but its author, or shows it again; its author's id, or undefined for no such post. */
export async function setPostRemoved(q: Queryable, postId: string, removed: boolean): Promise<string | undefined> {
  const [id] = rowIds([postId]);
  if (!id) return undefined;
  const { rows } = await q.query<{ author_id: string }>(
    `UPDATE posts SET removed_at = CASE WHEN $2::boolean THEN coalesce(removed_at, now()) END WHERE id = $1::uuid RETURNING author_id::text`,
    [id, removed],
  );
  return rows[0]?.author_id;
}

/** The author of a post, when it exists. */
export async function postAuthor(q: Queryable, postId: string): Promise<string | undefined> {
  const [id] = rowIds([postId]);
  if (!id) return undefined;
  const { rows } = await q.query<{ author_id: string }>('SELECT author_id::text FROM posts WHERE id = $1::uuid', [id]);
  return rows[0]?.author_id;
}

/**
 * Suspends an account (every session ends: its session version moves on; a new suspension is
 * announced live, so open pages take its posts away) or lifts the suspension; false for no such account.
 */
export async function setSuspended(q: Queryable, userId: string, suspended: boolean): Promise<boolean> {
  const [id] = rowIds([userId]);
  if (!id) return false;
  if (!suspended) return (await q.query('UPDATE users SET suspended_at = NULL WHERE id = $1::uuid RETURNING 1', [id])).rows.length > 0;
  const { rows } = await q.query<{ newly: boolean; username: string }>(
    `WITH target AS (SELECT id, suspended_at IS NULL AS newly FROM users WHERE id = $1::uuid FOR UPDATE)
     UPDATE users u SET suspended_at = coalesce(u.suspended_at, now()), session_version = u.session_version + 1
       FROM target t WHERE u.id = t.id RETURNING t.newly, u.username`,
    [id],
  );
  if (rows[0]?.newly) await announceAuthorGone(q, { _id: id, username: rows[0].username }, false);
  return rows.length > 0;
}

export async function recordAction(
  q: Queryable,
  entry: { id: string; moderatorId: string; action: ModerationAction; postId?: string; userId?: string; at: string },
): Promise<void> {
  await q.query(
    'INSERT INTO moderation_audit (id, moderator_id, action, post_id, user_id, at) VALUES ($1::uuid, $2::uuid, $3, $4::uuid, $5::uuid, $6::timestamptz)',
    [entry.id, entry.moderatorId, entry.action, entry.postId ?? null, entry.userId ?? null, entry.at],
  );
}

/** The audit log, newest first. */
export async function loadAuditLog(q: Queryable): Promise<AuditEntry[]> {
  const { rows } = await q.query<{ id: string; action: ModerationAction; moderator: string | null; post_id: string | null; username: string | null; at: Date }>(
    `SELECT a.id::text, a.action, m.username AS moderator, a.post_id::text, u.username, a.at
       FROM moderation_audit a LEFT JOIN users m ON m.id = a.moderator_id LEFT JOIN users u ON u.id = a.user_id
      ORDER BY a.seq DESC LIMIT $1`,
    [MAX_AUDIT_ENTRIES],
  );
  return rows.map((row) => ({
    _id: row.id,
    action: row.action,
    moderator: row.moderator ?? '',
    ...(row.post_id ? { postId: row.post_id } : {}),
    username: row.username ?? '',
    at: formatTimestamp(new Date(row.at)),
  }));
}
