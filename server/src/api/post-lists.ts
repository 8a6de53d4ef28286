/** Post lists in the spec's form, whole or a page at a time, from the posts' repository. */
import { pagePosts, wholeListPage, wholeListReply, type PageRequest, type SpecView } from '@chirp/api-rules';
import { pageCandidates, type PostFilter } from '../db/post-queries';
import type { Queryable } from '../db/sql';
import { publicPosts, reply, type ApiReply } from './context';

/**
 * A list of posts: one page and the cursor of the next; asked for whole (the spec's form), its first
 * `LIMITS.maxSpecPosts` with a `Link` to the rest. `listPath` (under /api) is where that rest is asked for.
 */
export async function postListReply(q: Queryable, filter: PostFilter, request: PageRequest, view: SpecView, listPath: string, status = 200): Promise<ApiReply> {
  const paged = request.page ? { sort: request.sort, page: request.page } : wholeListPage(request.sort);
  const hiddenFor = view.viewerId ?? undefined;
  const page = pagePosts(await pageCandidates(q, { ...filter, hiddenFor, viewer: hiddenFor }, paged), paged);
  const posts = await publicPosts(q, page.posts, view);
  if (!request.page) return wholeListReply(posts, page.nextCursor, listPath, request.sort, status);
  return reply({ posts, nextCursor: page.nextCursor }, status);
}

/** Every post, newest first: what each change to posts answers (spec 7), at most a page of them. */
export const allPostsReply = (q: Queryable, view: SpecView, status = 200) => postListReply(q, {}, { sort: 'latest' }, view, '/posts', status);

