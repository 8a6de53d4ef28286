import { compactApi, type InfiniteData, queryClient, useInfiniteQuery, useQuery } from '@chirp/session';
import type { PeoplePage, PostPage } from '@chirp/contracts';
import { type PeopleSource, type PostSource, queryKeys } from './keys';

export type PostPages = InfiniteData<PostPage, string | undefined>;
export type PeoplePages = InfiniteData<PeoplePage, string | undefined>;

/** One page of a list of posts, after `cursor` (the server decides the page size). */
export function fetchPostPage(source: PostSource, cursor?: string): Promise<PostPage> {
  switch (source.kind) {
    case 'feed':
      return compactApi.feed({ sort: source.sort, cursor });
    case 'following':
      return compactApi.followingPosts({ sort: source.sort, cursor });
    case 'user':
      return compactApi.userPosts(source.username, { cursor });
    case 'liked':
      return compactApi.likedPosts(source.username, { cursor });
    case 'bookmarked':
      return compactApi.bookmarkedPosts({ cursor });
    case 'search':
      return compactApi.searchPosts(source.text, { cursor });
    case 'replies':
      return compactApi.replies(source.postId, { cursor });
    case 'userReplies':
      return compactApi.userReplies(source.username, { cursor });
  }
}

/** One page of a list of people, alphabetical, after `cursor`. */
export function fetchPeoplePage(source: PeopleSource, cursor?: string): Promise<PeoplePage> {
  switch (source.kind) {
    case 'followers':
      return compactApi.followers(source.userId, { cursor });
    case 'following':
      return compactApi.following(source.userId, { cursor });
    case 'likers':
      return compactApi.likers(source.postId, { cursor });
    case 'reposters':
      return compactApi.reposters(source.postId, { cursor });
    case 'search':
      return compactApi.searchPeople(source.text, { cursor });
    case 'suggestions':
      return compactApi.suggestions({ cursor });
    case 'muted':
      return compactApi.mutedPeople({ cursor });
    case 'blocked':
      return compactApi.blockedPeople({ cursor });
  }
}

const nextCursor = (page: { nextCursor: string | null }) => page.nextCursor ?? undefined;

/**
 * The items of every page loaded so far, each once: an item that moved to a later page between two
 * requests (a new post pushed it down) is not shown twice.
 */
export function loadedItems<T extends { _id: string }>(pages: readonly (readonly T[])[]): T[] {
  const seen = new Set<string>();
  return pages.flat().filter((item) => !seen.has(item._id) && seen.add(item._id));
}

export const postPagesOptions = (source: PostSource) => ({
  queryKey: queryKeys.postList(source),
  queryFn: ({ pageParam }: { pageParam: string | undefined }) => fetchPostPage(source, pageParam),
  initialPageParam: undefined as string | undefined,
  getNextPageParam: nextCursor,
});

/** A list of posts, one page at a time: `fetchNextPage` when the person nears its end. */
export function usePostPages(source: PostSource, { enabled = true } = {}) {
  return useInfiniteQuery({ ...postPagesOptions(source), enabled }, queryClient);
}

/** A list of people, one page at a time. */
export function usePeoplePages(source: PeopleSource, { enabled = true } = {}) {
  return useInfiniteQuery(
    {
      queryKey: queryKeys.peopleList(source),
      queryFn: ({ pageParam }) => fetchPeoplePage(source, pageParam),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: nextCursor,
      enabled,
    },
    queryClient,
  );
}

/** Starts loading the first page of a list a screen is about to show (after log in: the home feed). */
export function prefetchPosts(source: PostSource): void {
  void queryClient.prefetchInfiniteQuery(postPagesOptions(source));
}

/** A post's page: the chain of posts it replies to, and the post. */
export function useThread(postId: string) {
  return useQuery({ queryKey: queryKeys.thread(postId), queryFn: () => compactApi.thread(postId) }, queryClient);
}
