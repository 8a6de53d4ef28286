import { type PostPages, type PostSource, queryKeys } from '@chirp/queries';
import { queryClient } from '@chirp/session';
import { useFeedStore } from './feed-store';

/**
 * Shows a feed's new posts: the feed loads its first page again (only that one: what was below stays
 * reachable by scrolling on), and the waiting posts are no longer counted. Answers the id of the
 * feed's first post now.
 */
export async function showNewPosts(source: PostSource): Promise<string | undefined> {
  const key = queryKeys.postList(source);
  queryClient.setQueryData<PostPages>(key, (data) => data && { pages: data.pages.slice(0, 1), pageParams: data.pageParams.slice(0, 1) });
  await queryClient.refetchQueries({ queryKey: key, exact: true });
  useFeedStore.getState().newPostsShown();
  return queryClient.getQueryData<PostPages>(key)?.pages[0]?.posts[0]?._id;
}
