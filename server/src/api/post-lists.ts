/**
 * Post lists, whole or a page at a time. The order and the paging are the shared rules' (`orderPosts`,
 * `pagePosts`, `pageStart`); the query only narrows the rows to the `limit + 1` after the cursor,
 * using the feed indexes, so a page costs the same at 16 posts or 100 000.
 */
import { pagePosts, pageStart, searchTerms, wholeListPage, wholeListReply, type PageRequest, type SpecView, type StoredPost } from '@chirp/api-rules';
import { postsWhere } from '../db/records';
import type { Queryable, Sql } from '../db/sql';
import { publicPosts, reply, type ApiReply } from './context';

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
  /** A search: PostgreSQL's web-search syntax on the words, and each `#tag` asked for as a tag. */
  search?: { text: string; tags: string[] };
  /** Only posts that start a conversation (the feeds), or only replies (a profile's Replies tab). */
  replies?: 'none' | 'only';
  /** The replies to this post. */
  replyTo?: string;
  /** Only these posts (a search's few matches, found through the GIN index first). */
  ids?: string[];
}

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
  if (filter.ids) conditions.push(`p.id = ANY(${param(filter.ids)}::uuid[])`);
  if (filter.replies === 'none') conditions.push('p.reply_to IS NULL');
  if (filter.replies === 'only') conditions.push('p.reply_to IS NOT NULL');
  if (filter.replyTo) conditions.push(`p.reply_to = ${param(filter.replyTo)}::uuid`);
  if (filter.search) {
    // The GIN index finds the posts with the words; a tag asked for must also stand as `#tag`.
    conditions.push(`p.search @@ websearch_to_tsquery('simple', ${param(filter.search.text)})`);
    for (const tag of filter.search.tags) {
      conditions.push(`p.content ~* ${param(`(^|[^[:alnum:]_])#${tag}([^[:alnum:]_]|$)`)}`);
    }
  }
  const start = pageStart(request);
  if (start) {
    const at = `to_timestamp(${param(clampMs(start.createdMs))}::double precision / 1000)`;
    const id = param(start.id);
    const seq = `${param(start.seq)}::bigint`;
    const afterInSecond = `(p.seq < ${seq} OR (p.seq = ${seq} AND p.id::text COLLATE "C" > ${id}))`;
    const afterInTime = `(p.created_at < ${at} OR (p.created_at = ${at} AND ${afterInSecond}))`;
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

async function pageCandidates(q: Queryable, filter: PostFilter, request: Required<PageRequest>): Promise<StoredPost[]> {
  const { condition, params, tail } = pageQuery(filter, request);
  return postsWhere(q, condition, params, tail, true);
}

/**
 * A list of posts: one page and the cursor of the next; asked for whole (the spec's form), its first
 * `LIMITS.maxSpecPosts` with a `Link` to the rest. `listPath` (under /api) is where that rest is asked for.
 */
export async function postListReply(q: Queryable, filter: PostFilter, request: PageRequest, view: SpecView, listPath: string, status = 200): Promise<ApiReply> {
  const paged = request.page ? { sort: request.sort, page: request.page } : wholeListPage(request.sort);
  const page = pagePosts(await pageCandidates(q, filter, paged), paged);
  const posts = await publicPosts(q, page.posts, view);
  if (!request.page) return wholeListReply(posts, page.nextCursor, listPath, request.sort, status);
  return reply({ posts, nextCursor: page.nextCursor }, status);
}

/** Every post, newest first: what each change to posts answers (spec 7), at most a page of them. */
export const allPostsReply = (q: Queryable, view: SpecView, status = 200) => postListReply(q, {}, { sort: 'latest' }, view, '/posts', status);

/** Up to this many posts holding a search's words are read by id; more are dense enough to find in feed order. */
export const FEW_MATCHES = 200;

/**
 * A search's filter. PostgreSQL estimates any word that is not among the most common of the posts
 * (its statistics' `most_common_elems`) at 0.5% of them, so for a rare word ("31337", a name) it
 * walks the newest-first index through every post, filtering: 0.5 s at 100,000 posts. So: when every
 * word of the search is a common one, the usual plan finds a page at once (they are dense in feed
 * order); else the GIN index is asked first which posts hold the words (a bitmap scan, whatever the
 * estimate: cheap, as a rare word has few), and when they are few the page is read among those alone.
 */
/** The common words of the posts, from PostgreSQL's statistics, read again at most once a minute. */
const commonWords = new WeakMap<Sql, { words: Promise<Set<string>>; until: number }>();
const COMMON_WORDS_MS = 60_000;

function commonWordsOf(sql: Sql): Promise<Set<string>> {
  const cached = commonWords.get(sql);
  if (cached && cached.until > Date.now()) return cached.words;
  const words = sql
    .query<{ words: string[] | null }>(
      `SELECT most_common_elems::text::text[] AS words FROM pg_stats
         WHERE schemaname = current_schema() AND tablename = 'posts' AND attname = 'search'`,
    )
    .then(({ rows }) => new Set(rows[0]?.words ?? []));
  commonWords.set(sql, { words, until: Date.now() + COMMON_WORDS_MS });
  words.catch(() => commonWords.delete(sql));
  return words;
}

export async function searchFilter(sql: Sql, text: string, tags: string[]): Promise<PostFilter> {
  const search = { text, tags };
  const common = await commonWordsOf(sql);
  const words = searchTerms(text).words;
  if (words.length > 0 && words.every((word) => common.has(word))) return { search };
  const ids = await sql.transaction(async (tx) => {
    await tx.exec('SET LOCAL enable_seqscan = off');
    const found = await tx.query<{ id: string }>(
      `SELECT id::text FROM posts WHERE search @@ websearch_to_tsquery('simple', $1) LIMIT ${FEW_MATCHES + 1}`,
      [text],
    );
    return found.rows.map((row) => row.id);
  });
  return ids.length <= FEW_MATCHES ? { search, ids } : { search };
}
