/**
 * Ordering and keyset paging of post lists. A cursor is the sort key of the last post of a page,
 * base64url-encoded JSON: opaque to callers, stable while posts are added or removed. (Under
 * 'trending' a like count that changes between two pages can move a post across the boundary.)
 */
import { refuse, type StoredPost } from './database';
import { DECIDED_ERRORS, LIMITS } from './decisions';
import type { PageRequest } from './validation';
import type { ApiReply } from './calls';

type Sort = PageRequest['sort'];
/** [likes,] time, creation order, id: each part negated where the list runs from high to low. */
type SortKey = [number, number, number, string] | [number, number, string];

/**
 * Timestamps are shown to the second (spec 3), so many posts share one; among them the newer comes
 * first by `seq`, the order they were made in (a random id broke those ties before).
 */
function sortKey(post: StoredPost, sort: Sort): SortKey {
  const time = -Date.parse(post.createdAt);
  const made = -(post.seq ?? 0);
  return sort === 'trending' ? [-post.likes.likeCount, time, made, post._id] : [time, made, post._id];
}

function compareKeys(a: SortKey, b: SortKey): number {
  for (let index = 0; index < a.length; index += 1) {
    const [left, right] = [a[index]!, b[index]!];
    if (left !== right) return left < right ? -1 : 1;
  }
  return 0;
}

/** Latest: newest first. Trending: most liked first, then newest. Then by id, so the order is total. */
export function orderPosts(posts: readonly StoredPost[], sort: Sort): StoredPost[] {
  return posts
    .map((post) => ({ post, key: sortKey(post, sort) }))
    .sort((a, b) => compareKeys(a.key, b.key))
    .map(({ post }) => post);
}

/** UTF-8 text as base64url without padding: the opaque form of every cursor. */
export function encodeBase64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The text of `encodeBase64Url`; throws on anything that is not base64url of UTF-8. */
export function decodeBase64Url(encoded: string): string {
  const binary = atob(encoded.replace(/-/g, '+').replace(/_/g, '/'));
  return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (char) => char.charCodeAt(0)));
}

function encodeCursor(sort: Sort, key: SortKey): string {
  return encodeBase64Url(JSON.stringify({ sort, key }));
}

function decodeCursor(cursor: string, sort: Sort): SortKey {
  try {
    const parsed: unknown = JSON.parse(decodeBase64Url(cursor));
    if (isCursor(parsed) && parsed.sort === sort) return parsed.key;
  } catch {
    // falls through to the refusal
  }
  return refuse(400, DECIDED_ERRORS.badCursor);
}

/** The earliest and latest instants a post can have (years 1 to 9999): anything else no post made. */
const EARLIEST_MS = Date.UTC(1, 0, 1);
const LATEST_MS = Date.UTC(9999, 11, 31, 23, 59, 59);
const MAX_LIKES = 2 ** 31 - 1;
/** Post ids are UUIDs; any id this code gives out fits this. */
const ID = /^[0-9A-Za-z-]{1,64}$/;

const isWhole = (part: unknown, low: number, high: number): part is number =>
  typeof part === 'number' && Number.isSafeInteger(part) && part >= low && part <= high;

/**
 * Only the shape this code makes: `{ sort, key }` and nothing else, a key of whole numbers within
 * what a post can hold (a time in years 1–9999, a like count that fits the database) and a post id.
 * A forged value outside those (a time PostgreSQL cannot hold) is refused here, not by the database.
 */
function isCursor(value: unknown): value is { sort: Sort; key: SortKey } {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const { sort, key } = value as { sort?: unknown; key?: unknown };
  if (Object.keys(value).length !== 2 || !Array.isArray(key)) return false;
  if (sort !== 'latest' && sort !== 'trending') return false;
  const parts = sort === 'trending' ? key : [0, ...key];
  const [likes, time, made, id] = parts;
  return (
    parts.length === 4 &&
    isWhole(likes, -MAX_LIKES, 0) &&
    isWhole(time, -LATEST_MS, -EARLIEST_MS) &&
    isWhole(made, -Number.MAX_SAFE_INTEGER, 0) &&
    typeof id === 'string' &&
    ID.test(id)
  );
}

export interface Page {
  posts: StoredPost[];
  nextCursor: string | null;
}

/** The posts after `cursor` in the order of `sort`, at most `limit` of them. */
export function pagePosts(posts: readonly StoredPost[], request: Required<PageRequest>): Page {
  const { sort, page } = request;
  const ordered = orderPosts(posts, sort);
  const after = page.cursor === undefined ? undefined : decodeCursor(page.cursor, sort);
  const start = after === undefined ? 0 : ordered.findIndex((post) => compareKeys(sortKey(post, sort), after) > 0);
  const rest = start < 0 ? [] : ordered.slice(start);
  const chosen = rest.slice(0, page.limit);
  const last = chosen[chosen.length - 1];
  return {
    posts: chosen,
    nextCursor: rest.length > page.limit && last ? encodeCursor(sort, sortKey(last, sort)) : null,
  };
}

/** The sort key a page starts after, spelled out for a store that filters in its own query. */
export interface PageStart {
  /** Only under 'trending'. */
  likeCount?: number;
  createdMs: number;
  seq: number;
  id: string;
}

/**
 * Where the page of `request` starts (undefined: at the top); a bad cursor is refused as in
 * `pagePosts`. A store that selects the `limit + 1` posts after this point, in the order of
 * `orderPosts`, and hands them to `pagePosts` answers exactly what `pagePosts` answers on every post.
 */
export function pageStart(request: Required<PageRequest>): PageStart | undefined {
  const { cursor } = request.page;
  if (cursor === undefined) return undefined;
  const key = decodeCursor(cursor, request.sort);
  return key.length === 4
    ? { likeCount: -key[0], createdMs: -key[1], seq: -key[2], id: key[3] }
    : { createdMs: -key[0], seq: -key[1], id: key[2] };
}

/**
 * A spec-form list asked for whole (no `limit`, no `cursor`; every change to posts answers one): its
 * first `LIMITS.maxSpecPosts` posts in its order. The answer keeps the spec's shape, `{ posts }`.
 */
export const wholeListPage = (sort: Sort): Required<PageRequest> => ({ sort, page: { limit: LIMITS.maxSpecPosts } });

/**
 * The `Link` header (RFC 8288) of a whole list cut at `LIMITS.maxSpecPosts`: the address of the rest,
 * a page of the same size at a time (`listPath` under /api, e.g. '/posts'). None when nothing was cut.
 */
export function nextPageLink(listPath: string, sort: Sort, nextCursor: string | null): Record<string, string> | undefined {
  if (nextCursor === null) return undefined;
  const query = new URLSearchParams({ limit: String(LIMITS.maxSpecPosts), cursor: nextCursor });
  if (sort !== 'latest') query.set('sort', sort);
  return { link: `</api${listPath}?${query}>; rel="next"` };
}

/** A whole list's answer: the spec's `{ posts }`, and the `Link` to the rest when it was cut. */
export function wholeListReply(posts: unknown[], nextCursor: string | null, listPath: string, sort: Sort, status = 200): ApiReply {
  const link = nextPageLink(listPath, sort, nextCursor);
  return { status, body: { posts }, ...(link ? { headers: link } : {}) };
}
