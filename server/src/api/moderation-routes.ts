/**
 * Reports and moderation, answered from the database (server/src/db/moderation.ts) with the shared
 * rules for what a report says and who may act, as the in-browser back end answers them
 * (browser-backend/src/moderation-routes.ts). Each action and its audit line are one transaction.
 */
import {
  countReasons,
  currentMoment,
  DECIDED_ERRORS,
  findCaller,
  readJsonObject,
  readReport,
  refuse,
  refuseUnlessModerator,
  reportPost,
  type Database,
  type RouteName,
  type StoredUser,
  type TokenClaims,
} from '@chirp/api-rules';
import { MODERATION_ERRORS, type ModerationAction, type ReportedPost } from '@chirp/contracts';
import { compactPostsWhere } from '../db/compact';
import * as moderation from '../db/moderation';
import { loadPostsById, loadUserNamed, loadUsersById } from '../db/records';
import type { Queryable } from '../db/sql';
import { withinReportQuota } from '../quotas';
import { naming } from './compact-routes';
import { reply, type ApiCall, type RouteHandler, type Services } from './context';

const none: Database = { tokenSecret: '', users: [], posts: [] };

/** The caller, who must still exist. */
async function callerOf(q: Queryable, claims: TokenClaims): Promise<StoredUser> {
  return findCaller({ ...none, users: await loadUsersById(q, [claims._id], []) }, claims);
}

async function moderatorOf(q: Queryable, services: Services, claims: TokenClaims): Promise<StoredUser> {
  const caller = await callerOf(q, claims);
  refuseUnlessModerator(caller, services.moderatorNames);
  return caller;
}

/**
 * A moderator's action on what `call` names: `act` changes the rows (in the transaction) and says
 * whom the audit line names, or undefined for nothing found (its 404).
 */
const action =
  (
    name: ModerationAction,
    act: (tx: Queryable, call: ApiCall, moderator: StoredUser) => Promise<{ postId?: string; userId?: string; answer: object } | undefined>,
    notFound: string,
  ): RouteHandler =>
  (call, services, claims) =>
    services.sql.transaction(async (tx) => {
      const moderator = await moderatorOf(tx, services, claims!);
      const done = (await act(tx, call, moderator)) ?? refuse(404, notFound);
      const moment = currentMoment();
      await moderation.recordAction(tx, { id: moment.newId(), moderatorId: moderator._id, action: name, postId: done.postId, userId: done.userId, at: moment.now });
      return reply(done.answer);
    });

const removal = (removed: boolean) =>
  action(
    removed ? 'hide' : 'restore',
    async (tx, call) => {
      const postId = call.params.postId!;
      const authorId = await moderation.setPostRemoved(tx, postId, removed);
      if (authorId === undefined) return undefined;
      if (removed) await moderation.resolveReports(tx, { postId });
      return { postId, userId: authorId, answer: { postId, removedByModerators: removed } };
    },
    DECIDED_ERRORS.postNotFound,
  );

const suspension = (suspended: boolean) =>
  action(
    suspended ? 'suspend' : 'unsuspend',
    async (tx, call, moderator) => {
      const userId = call.params.userId!;
      if (userId === moderator._id) refuse(400, MODERATION_ERRORS.suspendSelf);
      if (!(await moderation.setSuspended(tx, userId, suspended))) return undefined;
      if (suspended) await moderation.resolveReports(tx, { authorId: userId });
      return { userId, answer: { userId, suspended } };
    },
    DECIDED_ERRORS.userNotFound,
  );

export const moderationHandlers = {
  reportPost: async (call, services, claims) => {
    const input = readReport(readJsonObject(call.body));
    const { sql } = services;
    const postId = call.params.postId!;
    // Within the reports-per-hour quota (a refused report gives its place back).
    return withinReportQuota(sql, claims!._id, services.quotas, async () => {
      const caller = await callerOf(sql, claims!);
      const posts = await loadPostsById(sql, [postId], []);
      const authors = posts[0] ? await loadUserNamed(sql, posts[0].username) : [];
      // The rules decide (a post one may not see, one's own post); the table keeps one per reporter and post.
      const { report } = reportPost({ ...none, users: [caller, ...authors], posts }, caller, postId, input, currentMoment());
      await moderation.saveReport(sql, caller._id, postId, input, report.createdAt);
      return reply({ report }, 201);
    });
  },
  reportedPosts: async (call, services, claims) => {
    const { sql } = services;
    const moderator = await moderatorOf(sql, services, claims!);
    const open = await moderation.openReports(sql);
    const rows = await compactPostsWhere(sql, moderator._id, naming(call), 'WHERE p.id = ANY($1::uuid[])', [open.map((entry) => entry.postId)]);
    const posts = new Map(rows.map((row) => [row.compact._id, row]));
    const reports = open.flatMap(({ postId, reasons, ...entry }): ReportedPost[] => {
      const row = posts.get(postId);
      return row ? [{ post: row.compact, authorSuspended: row.authorSuspended, ...entry, reasons: countReasons(reasons) }] : [];
    });
    return reply({ reports });
  },
  hidePost: removal(true),
  restorePost: removal(false),
  dismissReports: action(
    'dismiss',
    async (tx, call) => {
      const postId = call.params.postId!;
      const authorId = await moderation.postAuthor(tx, postId);
      if (authorId === undefined) return undefined;
      const dismissed = await moderation.resolveReports(tx, { postId });
      return { postId, userId: authorId, answer: { postId, dismissed } };
    },
    DECIDED_ERRORS.postNotFound,
  ),
  suspendUser: suspension(true),
  unsuspendUser: suspension(false),
  moderationLog: async (_call, services, claims) => {
    await moderatorOf(services.sql, services, claims!);
    return reply({ entries: await moderation.loadAuditLog(services.sql) });
  },
} satisfies Partial<Record<RouteName, RouteHandler>>;
