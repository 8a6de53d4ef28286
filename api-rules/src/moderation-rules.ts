/**
 * Reports and moderation over the back end's data (the texts and what each means: @chirp/contracts'
 * moderation.ts). The in-browser back end keeps reports and the audit log in its `Database`; the
 * server keeps them in tables and answers the same from SQL (server/src/api/moderation-routes.ts),
 * with these rules for what is read from a body and who may act.
 */
import {
  MAX_AUDIT_ENTRIES,
  MAX_REPORT_DETAILS,
  MAX_REPORTED_POSTS,
  MODERATION_ERRORS,
  REPORT_REASONS,
  type AuditEntry,
  type ModerationAction,
  type Report,
  type ReportReason,
  type ReportedPost,
  type CompactPost,
} from '@chirp/contracts';
import {
  findPost,
  findUserById,
  findUserByUsername,
  refuse,
  replacePost,
  replaceUsers,
  type Database,
  type Moment,
  type StoredAuditEntry,
  type StoredPost,
  type StoredReport,
  type StoredUser,
} from './database';
import { hiddenUsernames } from './safety-rules';
import type { JsonObject } from './validation';

export interface ReportInput {
  reason: ReportReason;
  details: string;
}

/** A report's body: one of the reasons, and details of at most MAX_REPORT_DETAILS characters ('' for none). */
export function readReport(body: JsonObject): ReportInput {
  const { reason, details = '' } = body;
  if (typeof reason !== 'string' || !(REPORT_REASONS as readonly string[]).includes(reason)) refuse(400, MODERATION_ERRORS.badReason);
  if (typeof details !== 'string') refuse(400, MODERATION_ERRORS.badReason);
  const trimmed = details.trim();
  if (trimmed.length > MAX_REPORT_DETAILS) refuse(400, MODERATION_ERRORS.detailsTooLong);
  return { reason: reason as ReportReason, details: trimmed };
}

/** Whether `user` may read the reports and act on them: the role, or a name the back end was given. */
export const isModerator = (user: StoredUser, moderatorNames: readonly string[] = []) =>
  user.moderator === true || moderatorNames.includes(user.username.toLowerCase());

/** The names of a moderators' list as configured ("ada, Grace"): lower case, trimmed, none empty. */
export const moderatorNamesOf = (list: string | undefined): string[] =>
  (list ?? '').split(',').flatMap((name) => (name.trim() ? [name.trim().toLowerCase()] : []));

export function refuseUnlessModerator(user: StoredUser, moderatorNames?: readonly string[]): void {
  if (!isModerator(user, moderatorNames)) refuse(403, MODERATION_ERRORS.notModerator);
}

/** Whether the viewer (by username) is shown `post` at all: its author sees their own hidden post; nobody sees a suspended author's. */
export function isShownTo(post: StoredPost, author: StoredUser | undefined, viewerName: string | undefined): boolean {
  if (author?.suspended) return false;
  return !post.removed || post.username === viewerName;
}

/** The username of the viewer `viewerId` names (none signed in, or not in `db`: undefined). */
export const viewerNameIn = (db: Database, viewerId: string | null | undefined) =>
  viewerId ? db.users.find((user) => user._id === viewerId)?.username : undefined;

/** A post the viewer (by id) may see, or the post-not-found refusal (a hidden post is nobody else's to find). */
export function findShownPost(db: Database, postId: string, viewerId: string | null | undefined): StoredPost {
  const post = findPost(db, postId);
  return isShownTo(post, findUserByUsername(db, post.username), viewerNameIn(db, viewerId)) ? post : findPost({ ...db, posts: [] }, postId);
}

/**
 * The posts of `posts` a list shows `viewer`: none of people they muted or blocked or who blocked
 * them, none moderators hid (but the viewer's own, marked), none of a suspended author.
 */
export function postsListedFor(db: Database, posts: readonly StoredPost[], viewer: StoredUser | undefined): readonly StoredPost[] {
  const hidden = hiddenUsernames(db, viewer);
  for (const user of db.users) if (user.suspended) hidden.add(user.username);
  const withheld = (post: StoredPost) => hidden.has(post.username) || (post.removed === true && post.username !== viewer?.username);
  return hidden.size === 0 && !posts.some((post) => post.removed) ? posts : posts.filter((post) => !withheld(post));
}

/** Keeps or replaces the caller's report of a post (one per reporter and post). Nobody reports their own post. */
export function reportPost(db: Database, caller: StoredUser, postId: string, input: ReportInput, moment: Moment): { db: Database; report: Report } {
  const post = findShownPost(db, postId, caller._id);
  if (post.username === caller.username) refuse(400, MODERATION_ERRORS.ownPost);
  const reports = db.reports ?? [];
  const stored: StoredReport = { reporterId: caller._id, postId, ...input, createdAt: moment.now };
  const others = reports.filter((report) => !(report.reporterId === caller._id && report.postId === postId));
  return { db: { ...db, reports: [...others, stored] }, report: toReport(stored) };
}

export const toReport = ({ postId, reason, details, createdAt }: StoredReport): Report => ({ postId, reason, details, createdAt });

function audited(db: Database, moderator: StoredUser, action: ModerationAction, subject: { postId?: string; userId?: string }, moment: Moment): Database {
  const audit = db.audit ?? [];
  const entry: StoredAuditEntry = { _id: moment.newId(), moderatorId: moderator._id, action, ...subject, at: moment.now, seq: audit.length + 1 };
  return { ...db, audit: [...audit, entry] };
}

/** Closes the open reports of the posts `postIds` (a moderator acted on them). */
function resolved(db: Database, postIds: ReadonlySet<string>, moment: Moment): Database {
  if (!db.reports?.some((report) => !report.resolvedAt && postIds.has(report.postId))) return db;
  return { ...db, reports: db.reports.map((report) => (!report.resolvedAt && postIds.has(report.postId) ? { ...report, resolvedAt: moment.now } : report)) };
}

/** Hides a post from everyone but its author (or shows it again), closing its reports; written to the audit log. */
export function setPostRemoved(db: Database, moderator: StoredUser, postId: string, removed: boolean, moment: Moment): Database {
  const post = findPost(db, postId);
  const author = findUserByUsername(db, post.username);
  const { removed: _was, ...rest } = post;
  const changed = replacePost(db, removed ? { ...rest, removed: true } : rest);
  const closed = removed ? resolved(changed, new Set([postId]), moment) : changed;
  return audited(closed, moderator, removed ? 'hide' : 'restore', { postId, ...(author ? { userId: author._id } : {}) }, moment);
}

/** Closes a post's open reports without acting on it; written to the audit log. */
export function dismissReports(db: Database, moderator: StoredUser, postId: string, moment: Moment): { db: Database; dismissed: number } {
  const post = findPost(db, postId);
  const dismissed = (db.reports ?? []).filter((report) => report.postId === postId && !report.resolvedAt).length;
  const author = findUserByUsername(db, post.username);
  const closed = resolved(db, new Set([postId]), moment);
  return { db: audited(closed, moderator, 'dismiss', { postId, ...(author ? { userId: author._id } : {}) }, moment), dismissed };
}

/**
 * Suspends an account (its sessions end: the session version moves on; its posts' reports close) or
 * lifts the suspension; written to the audit log. A moderator cannot suspend themselves.
 */
export function setSuspended(db: Database, moderator: StoredUser, userId: string, suspended: boolean, moment: Moment): Database {
  const user = findUserById(db, userId);
  if (user._id === moderator._id) refuse(400, MODERATION_ERRORS.suspendSelf);
  const { suspended: _was, ...rest } = user;
  const changed = replaceUsers(db, suspended ? { ...rest, suspended: true, sessionVersion: (user.sessionVersion ?? 0) + 1 } : rest);
  const closed = suspended ? resolved(changed, new Set(db.posts.filter((post) => post.username === user.username).map((post) => post._id)), moment) : changed;
  return audited(closed, moderator, suspended ? 'suspend' : 'unsuspend', { userId }, moment);
}

/** The log-in of a suspended account is refused (after its password was found right). */
export function refuseIfSuspended(user: StoredUser): void {
  if (user.suspended) refuse(403, MODERATION_ERRORS.suspended);
}

/** The count of each reason among `reasons`. */
export function countReasons(reasons: readonly ReportReason[]): ReportedPost['reasons'] {
  const counts = { spam: 0, harassment: 0, illegal: 0, other: 0 };
  for (const reason of reasons) counts[reason] += 1;
  return counts;
}

/**
 * The posts with open reports, the most recently reported first (at most MAX_REPORTED_POSTS), each
 * with its reasons counted and the latest details; `project` gives the post as a moderator sees it.
 */
export function reportedPosts(db: Database, project: (post: StoredPost) => CompactPost): ReportedPost[] {
  const open = new Map<string, StoredReport[]>();
  for (const report of db.reports ?? []) {
    if (!report.resolvedAt) open.set(report.postId, [...(open.get(report.postId) ?? []), report]);
  }
  const posts = new Map(db.posts.map((post) => [post._id, post]));
  return [...open.entries()]
    .flatMap(([postId, reports]) => {
      const post = posts.get(postId);
      if (!post) return [];
      const newest = [...reports].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
      return [
        {
          post: project(post),
          authorSuspended: findUserByUsername(db, post.username)?.suspended === true,
          reportCount: reports.length,
          reasons: countReasons(reports.map((report) => report.reason)),
          details: newest.flatMap((report) => (report.details ? [report.details] : [])).slice(0, 5),
          latestAt: newest[0]!.createdAt,
        },
      ];
    })
    .sort((a, b) => b.latestAt.localeCompare(a.latestAt))
    .slice(0, MAX_REPORTED_POSTS);
}

/** The audit log, newest first (at most MAX_AUDIT_ENTRIES). */
export function auditLog(db: Database): AuditEntry[] {
  const names = new Map(db.users.map((user) => [user._id, user.username]));
  return [...(db.audit ?? [])]
    .sort((a, b) => b.seq - a.seq)
    .slice(0, MAX_AUDIT_ENTRIES)
    .map((entry) => ({
      _id: entry._id,
      action: entry.action,
      moderator: names.get(entry.moderatorId) ?? '',
      ...(entry.postId ? { postId: entry.postId } : {}),
      username: (entry.userId && names.get(entry.userId)) || '',
      at: entry.at,
    }));
}
