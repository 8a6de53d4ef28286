/**
 * Post lists, whole or a page at a time. The order and the paging are the shared rules' (`orderPosts`,
 * `pagePosts`, `pageStart`); the query only narrows the rows to the `limit + 1` after the cursor,
 * using the feed indexes, so a page costs the same at 16 posts or 100 000.
 */
import { orderPosts, pagePosts, pageStart, type PageRequest, type StoredPost } from '@chirp/api-rules';
import { loadAllPosts, postsWhere } from '../db/records';
import type { Queryable } from '../db/sql';
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
  return postsWhere(q, condition, params, tail);
}

/** A list of posts: whole when no paging was asked for, else one page and the cursor of the next. */
export async function postListReply(q: Queryable, filter: PostFilter, request: PageRequest, status = 200): Promise<ApiReply> {
  if (!request.page) {
    const all = await loadAllPosts(q, filter.authorId);
    return reply({ posts: await publicPosts(q, orderPosts(all, request.sort)) }, status);
  }
  const paged = { sort: request.sort, page: request.page };
  const page = pagePosts(await pageCandidates(q, filter, paged), paged);
  return reply({ posts: await publicPosts(q, page.posts), nextCursor: page.nextCursor }, status);
}

/** Every post, newest first: what each change to posts answers (spec 7). */
export const allPostsReply = (q: Queryable, status = 200) => postListReply(q, {}, { sort: 'latest' }, status);
