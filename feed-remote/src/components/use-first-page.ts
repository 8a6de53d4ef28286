import { api, useSession } from '@chirp/shared';
import { useEffect } from 'react';

/** About two screens of posts: what a person sees first. */
export const FIRST_PAGE_SIZE = 20;

/**
 * A long feed shows its first posts without waiting for all of them. The shell loads the whole list
 * on start (spec 1); with 10,000 posts that answer is large and slow to arrive and read, so the feed
 * also asks for its first page alone and shows it if it comes first (a real server answers the two
 * at once). The whole list then replaces it; once the whole list is there, the page is ignored.
 */
export function useFirstPage(): void {
  const empty = useSession((state) => state.allPosts.length === 0);
  useEffect(() => {
    if (!empty) return;
    let wanted = true;
    const { trending } = useSession.getState();
    api
      .getPosts({ limit: FIRST_PAGE_SIZE, sort: trending ? 'trending' : 'latest' })
      .then(({ posts }) => {
        const session = useSession.getState();
        if (wanted && session.allPosts.length === 0 && posts.length > 0) session.postsLoaded(posts);
      })
      .catch(() => {
        // Nothing to say: the whole list's load reports its own failure.
      });
    return () => {
      wanted = false;
    };
  }, [empty]);
}
