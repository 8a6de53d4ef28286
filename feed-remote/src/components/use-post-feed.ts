import { type CompactPost } from '@chirp/contracts';
import { errorMessage, useSession } from '@chirp/session';
import { loadedItems, type PostSource, usePostPages } from '@chirp/queries';
import { sortPosts } from '../lib/post-order';
import { useMemo } from 'react';
import { useFeedStore } from '../lib/feed-store';
import { postShown } from '../lib/post-actions';
import '../lib/live-lists';

/** The three states of a feed: what to show while posts load, once they did, or when they could not. */
export type FeedState = 'loading' | 'ready' | 'failed';

export interface PostFeed {
  /** The posts of every page loaded so far, as they show (clicks on their way included). */
  posts: CompactPost[];
  state: FeedState;
  /** What went wrong with the first page, for the person. */
  error: string;
  retry: () => void;
  /** The next page: asked for when the person nears the end of the list. */
  more: {
    available: boolean;
    loading: boolean;
    /** The last attempt at the next page failed: what went wrong. */
    error: string;
    load: () => void;
  };
}

/**
 * A list of posts from the query cache, one page at a time. What shows follows the clicks on their
 * way: a post unliked on one's own liked list, or unbookmarked on the bookmarks, leaves it at once; a
 * post being deleted is in no list; a trending list is ordered by the counts as they show (spec 4:
 * the order is re-applied after a like).
 */
export function usePostFeed(source: PostSource): PostFeed {
  const query = usePostPages(source);
  const optimistic = useSession((state) => state.optimistic);
  const me = useSession((state) => state.username);
  const deleting = useFeedStore((state) => state.deletingPosts);
  const { data } = query;
  const posts = useMemo(() => {
    void optimistic; // what shows depends on the clicks on their way (read through postShown)
    const kept = loadedItems((data?.pages ?? []).map((page) => page.posts)).filter((post) => {
      if (deleting.some((entry) => entry.postId === post._id)) return false;
      if (source.kind === 'liked' && source.username === me) return postShown(post).liked;
      if (source.kind === 'bookmarked') return postShown(post).bookmarked;
      return true;
    });
    if (source.kind !== 'feed' || source.sort !== 'trending') return kept;
    return sortPosts(kept.map((post) => ({ post, createdAt: post.createdAt, likeCount: postShown(post).likeCount })), true).map(
      ({ post }) => post,
    );
  }, [data, optimistic, source, me, deleting]);

  const state: FeedState = data ? 'ready' : query.isError ? 'failed' : 'loading';
  return {
    posts,
    state,
    error: query.isError && !data ? errorMessage(query.error) : '',
    retry: () => void query.refetch(),
    more: {
      available: query.hasNextPage,
      loading: query.isFetchingNextPage,
      error: query.isFetchNextPageError ? errorMessage(query.error) : '',
      // A page already on its way is not asked for again (the default would cancel and restart it).
      load: () => void query.fetchNextPage({ cancelRefetch: false }),
    },
  };
}
