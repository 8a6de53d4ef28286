/**
 * The queries of post lists and searches. The order and the paging are the shared rules' (`orderPosts`,
 * `pagePosts`, `pageStart`); the query only narrows the rows to the `limit + 1` after the cursor,
 * using the feed indexes, so a page costs the same at 16 posts or 100 000.
 */
import { LIMITS, pageStart, type PageRequest, type PageStart, type SearchTerms, type StoredPost } from '@chirp/api-rules';
import type { UserSummary } from '@chirp/contracts';
import { compactPostsJoined, compactPostsWhere, summaryObject, summaryOf, type CompactRow, type PictureNaming } from './compact';
import { postsWhere } from './records';
import type { Queryable, Sql } from './sql';

/** JavaScript dates end at ±8.64e15 ms; a cursor beyond that orders the same as the bound. */
const MAX_MS = 8.64e15;
const clampMs = (ms: number) => Math.max(-MAX_MS, Math.min(MAX_MS, ms));

const ORDER = {
  latest: 'ORDER BY p.created_at DESC, p.seq DESC, p.id',
  trending: 'ORDER BY p.like_count DESC, p.created_at DESC, p.seq DESC, p.id',
} as const;

/** Which posts a list holds: one author's (by id), a user's likes or bookmarks, a search's, or everyone's. */
export interface PostFilter {
  authorId?: string;
  likedBy?: string;
  bookmarkedBy?: string;
  /** A search: its words among the post's words (the last one a prefix), its `#tags` among the post's tags. */
  search?: SearchTerms;
  /** Only posts that start a conversation (the feeds), or only replies (a profile's Replies tab). */
  replies?: 'none' | 'only';
  /** The replies to this post. */
  replyTo?: string;
  /** Only the posts of the people this user follows, and their own (their home's Following list). */
  followedBy?: string;
  /** Only these posts (a search's few matches, found through the GIN index first). */
  ids?: string[];
  /** Not the posts of the people this viewer muted or blocked, nor of those who blocked them. */
  hiddenFor?: string;
  /** Who reads (their own posts hidden by moderators are shown to them alone). */
  viewer?: string;
}

/**
 * The people whose posts `viewer` (a uuid expression) does not see: an anti-join on the mutes' and blocks'
 * primary keys and the blocks' second index (hashed once per query), so that a page of 20 is still one
 * query answering 20 rows however many people are hidden. It reads the hidden people's posts that
 * stand before the page in the index order, though: bench:scale's figure 3c (1,000 blocks and 200
 * mutes, the newest 1,200 posts theirs) reads 1,228 posts for a page, in under 5 ms on PostgreSQL.
 */
export const hiddenAuthors = (viewer: string) => `SELECT m.muted_id FROM mutes m WHERE m.muter_id = ${viewer}
    UNION ALL SELECT b.blocked_id FROM blocks b WHERE b.blocker_id = ${viewer}
    UNION ALL SELECT b.blocker_id FROM blocks b WHERE b.blocked_id = ${viewer}`;

/** Not a post of a suspended author (`p`). */
export const SUSPENDED_AUTHORS = 'p.author_id NOT IN (SELECT s.id FROM users s WHERE s.suspended_at IS NOT NULL)';

/** The query that selects the `limit + 1` posts after the cursor in the order of `sort` (`pagePosts` cuts them). */
export function pageQuery(filter: PostFilter, request: Required<PageRequest>) {
  const params: unknown[] = [];
  const conditions: string[] = [];
  const param = (value: unknown) => `$${params.push(value)}`;
  if (filter.authorId) conditions.push(`p.author_id = ${param(filter.authorId)}::uuid`);
  if (filter.likedBy) {
    conditions.push(`p.id IN (SELECT r.post_id FROM post_reactions r WHERE r.user_id = ${param(filter.likedBy)}::uuid AND r.liked)`);
  }
  if (filter.bookmarkedBy) {
    conditions.push(`p.id IN (SELECT b.post_id FROM bookmarks b WHERE b.user_id = ${param(filter.bookmarkedBy)}::uuid)`);
  }
  if (filter.followedBy) {
    // A hashed subplan over the follows' primary key beside the feed index: the page is found in the
    // feed's order among everyone's posts, so its cost follows how dense the followed posts are
    // (docs/decisions.md: fan-out on read).
    const reader = `${param(filter.followedBy)}::uuid`;
    conditions.push(`(p.author_id = ${reader} OR p.author_id IN (SELECT f.followee_id FROM follows f WHERE f.follower_id = ${reader}))`);
  }
  if (filter.ids) conditions.push(`p.id = ANY(${param(filter.ids)}::uuid[])`);
  if (filter.replies === 'none') conditions.push('p.reply_to IS NULL');
  if (filter.replies === 'only') conditions.push('p.reply_to IS NOT NULL');
  if (filter.replyTo) conditions.push(`p.reply_to = ${param(filter.replyTo)}::uuid`);
  if (filter.search) conditions.push(searchCondition(filter.search, param));
  if (filter.hiddenFor) conditions.push(`p.author_id NOT IN (${hiddenAuthors(`${param(filter.hiddenFor)}::uuid`)})`);
  // Moderators' decisions hold for every list and everyone: a hidden post only for its author, none
  // of a suspended author's (an anti-join on the few suspended rows' partial index).
  conditions.push(filter.viewer ? `(p.removed_at IS NULL OR p.author_id = ${param(filter.viewer)}::uuid)` : 'p.removed_at IS NULL');
  conditions.push(SUSPENDED_AUTHORS);
  const start = pageStart(request);
  if (start) {
    const { at, afterInTime } = afterKey(start, { at: 'p.created_at', seq: 'p.seq', id: 'p.id' }, param);
    if (start.likeCount === undefined) {
      conditions.push(`p.created_at <= ${at}`, afterInTime);
    } else {
      const likes = `${param(start.likeCount)}::double precision`;
      conditions.push(`p.like_count <= ${likes}`, `(p.like_count < ${likes} OR ${afterInTime})`);
    }
  }
  const condition = conditions.length ? `WHERE ${conditions.join(' AND ')}` : '';
  return { condition, params, tail: `${ORDER[request.sort]} LIMIT ${param(request.page.limit + 1)}` };
}

/** Where a newest-first list's page starts, as conditions on the columns of its time, order and id. */
function afterKey(start: PageStart, columns: { at: string; seq: string; id: string }, param: (value: unknown) => string) {
  const at = `to_timestamp(${param(clampMs(start.createdMs))}::double precision / 1000)`;
  const id = param(start.id);
  const seq = `${param(start.seq)}::bigint`;
  const afterInSecond = `(${columns.seq} < ${seq} OR (${columns.seq} = ${seq} AND ${columns.id}::text COLLATE "C" > ${id}))`;
  return { at, afterInTime: `(${columns.at} < ${at} OR (${columns.at} = ${at} AND ${afterInSecond}))` };
}

/** Where a Following page's post stands: the time and order it stands at, and its reposter (if a repost put it there). */
export interface FollowingLine {
  at: Date;
  at_offset: number;
  at_seq: string | number;
  reposter: UserSummary | undefined;
}

/** The line's columns beside its post, as `followingPosts` reads them (the reposter's summary: `summaryObject`). */
type FollowingColumns = Omit<FollowingLine, 'reposter'> & { reposter: Parameters<typeof summaryOf>[0] };

/**
 * How many lines a Following page reads: at least `limit + 1` (what the rules cut the page from; more
 * after the cursor page the same), written into the statement rather than a parameter, one of two
 * sizes. PostgreSQL estimates a parameter's LIMIT at a tenth of the rows it limits, which for this
 * statement (its projection's subqueries costed per line) made the prepared statement's generic plan
 * look five times dearer than one planned for the values, so it was planned anew at every call.
 */
const followingLineCount = (limit: number) => (limit <= LIMITS.defaultPageSize ? LIMITS.defaultPageSize : LIMITS.maxPageSize) + 1;

/**
 * Below this many people followed, a Following page reads each one's newest posts (an index walk per
 * person); from it on, everyone's newest posts, kept when by someone followed. Measured at 100,000
 * posts by 10,000 people (the page's own posts, PostgreSQL): following 10, 0.6 ms per person against
 * 14 ms through everyone's (which reads some 20,000 posts to find 21, more as the network grows);
 * following 100, 2.2 against 1.7 ms; following 2,000, 62 against 0.9 ms.
 */
export const FEW_FOLLOWED = 50;

/** How a Following page finds its own posts (see `FEW_FOLLOWED`). */
export type FollowingWalk = 'byAuthor' | 'throughEveryone';

/** What `followingWalk` learned, by reader, for `WALK_KEPT_MS`: a walk chosen from an old count answers the same page, only slower. */
const walks = new Map<string, { walk: FollowingWalk; until: number }>();
const WALK_KEPT_MS = 60_000;
const WALKS_KEPT = 10_000;

/** The walk for `readerId`'s Following page: by author while they follow fewer than `FEW_FOLLOWED`. */
export async function followingWalk(q: Queryable, readerId: string): Promise<FollowingWalk> {
  const known = walks.get(readerId);
  if (known && known.until > Date.now()) return known.walk;
  const { rows } = await q.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM (SELECT 1 FROM follows f WHERE f.follower_id = $1::uuid LIMIT ${FEW_FOLLOWED}) few`,
    [readerId],
    { prepared: true },
  );
  const walk = (rows[0]?.n ?? 0) < FEW_FOLLOWED ? 'byAuthor' : 'throughEveryone';
  if (walks.size >= WALKS_KEPT) walks.clear();
  walks.set(readerId, { walk, until: Date.now() + WALK_KEPT_MS });
  return walk;
}

/**
 * The reader's Following page, in one statement: the lines after the cursor (`followingLineCount`), newest first,
 * each post once, at the latest repost by someone the reader follows (or the reader), else at its own
 * time; each line's post compact, with its reposter's summary. The lines are index walks merged:
 * the followed authors' posts that nobody followed reposted (`walk`: each author's index, or the
 * feed index), and the latest followed repost of each post (`walk`: each reposter's index,
 * reposts_by_user, or everyone's, reposts_latest; each checked against reposts_of_post for a later
 * one); reposters the reader does not see do not count. The merge keeps
 * the page's lines, and only those are read whole (joined to their posts), so the projection costs a
 * page however many are followed. Both walks answer the same lines.
 */
export async function followingPosts(
  q: Queryable,
  readerId: string,
  naming: PictureNaming,
  request: Required<PageRequest>,
  walk: FollowingWalk,
): Promise<{ row: CompactRow; line: FollowingLine }[]> {
  const params: unknown[] = [];
  const param = (value: unknown) => `$${params.push(value)}`;
  const reader = `${param(readerId)}::uuid`;
  const followed = `SELECT f.followee_id FROM follows f WHERE f.follower_id = ${reader}`;
  // A repost counts when by the reader or someone they follow, neither hidden from them nor
  // suspended: probes by key (a join PostgreSQL costs per line), not lists built (a hashed subplan,
  // which it costs again at every line of a subquery run per line).
  const counted = (alias: string) => `(${alias}.user_id = ${reader}
        OR EXISTS (SELECT 1 FROM follows fr WHERE fr.follower_id = ${reader} AND fr.followee_id = ${alias}.user_id))
      AND NOT EXISTS (SELECT 1 FROM (${hiddenAuthors(reader)}) h(id) WHERE h.id = ${alias}.user_id)
      AND NOT EXISTS (SELECT 1 FROM users s WHERE s.id = ${alias}.user_id AND s.suspended_at IS NOT NULL)`;
  const shown = `p.author_id NOT IN (${hiddenAuthors(reader)}) AND (p.removed_at IS NULL OR p.author_id = ${reader}) AND ${SUSPENDED_AUTHORS}`;
  const start = pageStart(request);
  const own = start ? afterKey(start, { at: 'p.created_at', seq: 'p.seq', id: 'p.id' }, param) : undefined;
  const reposted = start ? afterKey(start, { at: 'r.created_at', seq: 'r.seq', id: 'r.post_id' }, param) : undefined;
  const limit = followingLineCount(request.page.limit);
  // "No later repost that counts" and "no repost that counts" are scalar subqueries: a probe of
  // reposts_of_post per line walked, where PostgreSQL would otherwise read every followed repost
  // (a hash or a materialised list) before the first line. Written as NOT COALESCE(…, false), which
  // PostgreSQL estimates to keep half the lines: as `(…) IS NULL` it estimated 1 in 200, costed the
  // walks as reading whole indexes, and compiled the statement with JIT at every call (1.2 s).
  const noRepost = (alias: string, where: string) =>
    `NOT COALESCE((SELECT true FROM reposts ${alias} WHERE ${where} AND ${counted(alias)} LIMIT 1), false)`;
  const laterRepost = noRepost('r2', `r2.post_id = r.post_id AND (r2.created_at > r.created_at OR (r2.created_at = r.created_at AND r2.seq > r.seq))`);
  const ownColumns = 'p.id AS post_id, p.created_at AS at, p.created_offset AS at_offset, p.seq AS at_seq, NULL::uuid AS reposter';
  const ownPosts = `p.reply_to IS NULL AND ${shown}
          AND ${noRepost('r', 'r.post_id = p.id')}
          ${own ? `AND p.created_at <= ${own.at} AND ${own.afterInTime}` : ''}
        ORDER BY p.created_at DESC, p.seq DESC, p.id LIMIT ${limit}`;
  const repostColumns = 'r.post_id, r.created_at AS at, r.created_offset AS at_offset, r.seq AS at_seq, r.user_id AS reposter';
  const reposts = `${counted('r')} AND ${shown} AND ${laterRepost}
          ${reposted ? `AND r.created_at <= ${reposted.at} AND ${reposted.afterInTime}` : ''}
        ORDER BY r.created_at DESC, r.seq DESC, r.post_id LIMIT ${limit}`;
  // Each walk is either through each followed person's index (byAuthor) or through everyone's in
  // time order, kept when by someone followed (posts_top_latest; reposts_latest).
  const byAuthor = (columns: string, from: string, where: string) =>
    `SELECT w.* FROM (SELECT ${reader} AS id UNION ALL ${followed}) a
        CROSS JOIN LATERAL (SELECT ${columns} FROM ${from} WHERE ${where}) w
        ORDER BY w.at DESC, w.at_seq DESC, w.post_id LIMIT ${limit}`;
  const ownLines =
    walk === 'byAuthor'
      ? byAuthor(ownColumns, 'posts p', `p.author_id = a.id AND ${ownPosts}`)
      : `SELECT ${ownColumns} FROM posts p WHERE (p.author_id = ${reader} OR p.author_id IN (${followed})) AND ${ownPosts}`;
  const repostLines =
    walk === 'byAuthor'
      ? byAuthor(repostColumns, 'reposts r JOIN posts p ON p.id = r.post_id', `r.user_id = a.id AND ${reposts}`)
      : `SELECT ${repostColumns} FROM reposts r JOIN posts p ON p.id = r.post_id WHERE ${reposts}`;
  // Merged in the page's order (each half answers up to `limit`; together they are twice that).
  const lines = `(SELECT * FROM ((${ownLines})
     UNION ALL
     (${repostLines})) lines
     ORDER BY at DESC, at_seq DESC, post_id::text COLLATE "C" LIMIT ${limit})`;
  const rows = await compactPostsJoined<FollowingColumns>(q, readerId, naming, {
    from: `${lines} l JOIN posts p ON p.id = l.post_id`,
    columns: `l.at, l.at_offset, l.at_seq, (SELECT ${summaryObject('ru')} FROM users ru WHERE ru.id = l.reposter) AS reposter`,
    viewer: reader,
    params,
  });
  return rows.map(({ line: { at, at_offset, at_seq, reposter }, ...row }) => ({ row, line: { at, at_offset, at_seq, reposter: summaryOf(reposter, naming) } }));
}

/** The stored posts a page is cut from: the `limit + 1` after the cursor. */
export async function pageCandidates(q: Queryable, filter: PostFilter, request: Required<PageRequest>): Promise<StoredPost[]> {
  const { condition, params, tail } = pageQuery(filter, request);
  return postsWhere(q, condition, params, tail, true);
}

/**
 * The words of a search as a tsquery: every word whole but the last, which also finds the words it
 * starts (`:*`). The words are runs of letters and digits (api-rules' searchTerms), so none holds a
 * quote, a backslash or an operator: whatever was typed, the query parses.
 */
function wordsQuery(words: string[]): string {
  return words.map((word, index) => `'${word}'${index === words.length - 1 ? ':*' : ''}`).join(' & ');
}

/** A search as a condition on `p`; both of its columns have a GIN index. */
function searchCondition({ words, tags }: SearchTerms, param: (value: unknown) => string): string {
  const conditions: string[] = [];
  if (words.length > 0) conditions.push(`p.words @@ to_tsquery('simple', ${param(wordsQuery(words))})`);
  if (tags.length > 0) conditions.push(`p.tags @> ${param(tags)}::text[]`);
  // A search of punctuation alone has nothing to find.
  return conditions.length > 0 ? conditions.join(' AND ') : 'FALSE';
}

/** Up to this many posts holding a search's words are read by id; more are dense enough to find in feed order. */
export const FEW_MATCHES = 200;

/** The common words and tags of the posts, from PostgreSQL's statistics, read again at most once a minute. */
const commonTerms = new WeakMap<Sql, { terms: Promise<CommonTerms>; until: number }>();
const COMMON_TERMS_MS = 60_000;

interface CommonTerms {
  words: Set<string>;
  tags: Set<string>;
}

function commonTermsOf(sql: Sql): Promise<CommonTerms> {
  const cached = commonTerms.get(sql);
  if (cached && cached.until > Date.now()) return cached.terms;
  const terms = sql
    .query<{ attname: string; elements: string[] | null }>(
      `SELECT attname, most_common_elems::text::text[] AS elements FROM pg_stats
         WHERE schemaname = current_schema() AND tablename = 'posts' AND attname IN ('words', 'tags')`,
    )
    .then(({ rows }) => {
      const of = (column: string) => new Set(rows.find((row) => row.attname === column)?.elements ?? []);
      return { words: of('words'), tags: of('tags') };
    });
  commonTerms.set(sql, { terms, until: Date.now() + COMMON_TERMS_MS });
  terms.catch(() => commonTerms.delete(sql));
  return terms;
}

function allCommon({ words, tags }: SearchTerms, common: CommonTerms): boolean {
  const last = words[words.length - 1];
  return (
    words.slice(0, -1).every((word) => common.words.has(word)) &&
    (last === undefined || [...common.words].some((word) => word.startsWith(last))) &&
    tags.every((tag) => common.tags.has(tag))
  );
}

/**
 * A search's filter. PostgreSQL estimates any word that is not among the most common of the posts
 * (its statistics' `most_common_elems`) at 0.5% of them, so for a rare word ("31337", a name) it
 * walks the newest-first index through every post, filtering: 0.5 s at 100,000 posts. So: when every
 * word and tag of the search is a common one (the last word: the start of a common one), the usual
 * plan finds a page at once (they are dense in feed order); else the GIN indexes are asked first which
 * posts hold them (a bitmap scan, whatever the estimate: cheap, as a rare word has few), and when they
 * are few the page is read among those alone.
 */
export async function searchFilter(sql: Sql, search: SearchTerms): Promise<PostFilter> {
  if (search.words.length + search.tags.length === 0 || allCommon(search, await commonTermsOf(sql))) return { search };
  const ids = await sql.transaction(async (tx) => {
    await tx.exec('SET LOCAL enable_seqscan = off');
    const params: unknown[] = [];
    const condition = searchCondition(search, (value) => `$${params.push(value)}`);
    const found = await tx.query<{ id: string }>(`SELECT id::text FROM posts p WHERE ${condition} LIMIT ${FEW_MATCHES + 1}`, params);
    return found.rows.map((row) => row.id);
  });
  return ids.length <= FEW_MATCHES ? { search, ids } : { search };
}

/** One page of compact posts as the viewer sees them: the `limit + 1` rows after the cursor. */
export function compactPostsPage(q: Queryable, viewerId: string | null, naming: PictureNaming, filter: PostFilter, request: Required<PageRequest>) {
  const { condition, params, tail } = pageQuery({ ...filter, viewer: viewerId ?? undefined }, request);
  return compactPostsWhere(q, viewerId, naming, condition, params, tail);
}
