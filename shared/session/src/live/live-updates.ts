/**
 * What live events do on the page, so that a page left open stays current: a like count changes where the post shows, the
 * notification badge shows the unread count, and posts by others wait behind the feeds' "N new
 * posts" button (a post this page made is already in its lists). A `resync` reads everything again.
 */
import { useEffect, useSyncExternalStore } from 'react';
import type { LiveEvent, NewPostEvent } from '@chirp/contracts';
import { madeHere } from '../api/api-client';
import { likesAnnounced, postCached, replyAnnounced } from '../query/cache-updates';
import { queryKeys, type PostSource } from '../query/keys';
import type { PostPages } from '../query/post-queries';
import { queryClient } from '../query/query-client';
import { recoveryChance } from '../query/recovery';
import { useSession } from '../store/session-store';
import { liveSource, watchLiveSource } from './live-source';
import { syncShownPosts } from './shown-posts';

async function postArrived(event: NewPostEvent): Promise<void> {
  if (await madeHere(event.postId)) return;
  if (event.replyTo !== undefined) {
    replyAnnounced(event.replyTo);
    return;
  }
  if (!postCached(event.postId)) useSession.getState().postAnnounced(event.postId);
}

export function applyLiveEvent(event: LiveEvent): void {
  switch (event.type) {
    case 'post':
      void postArrived(event);
      break;
    case 'likes': {
      const me = useSession.getState().currentUser?._id;
      likesAnnounced(event.postId, event.likeCount, event.by === me ? event.liked : undefined);
      break;
    }
    case 'unread':
      queryClient.setQueryData(queryKeys.unreadNotifications, event.unread);
      void queryClient.invalidateQueries({ queryKey: queryKeys.notificationPages, refetchType: 'none' });
      break;
    case 'resync':
      void queryClient.invalidateQueries();
      break;
  }
}

/**
 * Keeps the page connected to the live source while someone is signed in (the shell's signed-in
 * layout calls it once), and the stream told which posts the page shows. Coming back after a lost
 * connection, the unread count is asked again, and every area that failed meanwhile tries again.
 */
export function useLiveUpdates(): void {
  const token = useSession((state) => state.token);
  const source = useSyncExternalStore(watchLiveSource, liveSource, liveSource);
  useEffect(() => {
    if (!token || !source) return;
    const { setLiveConnected } = useSession.getState();
    let wasLost = false;
    const shownPosts = syncShownPosts();
    const stop = source.connect({
      event: applyLiveEvent,
      connected: (streamId) => {
        setLiveConnected(true);
        shownPosts.streamOpened(streamId);
        if (!wasLost) return;
        void queryClient.invalidateQueries({ queryKey: queryKeys.unreadNotifications });
        // The stream is back, so is the server: what failed meanwhile loads again.
        recoveryChance();
      },
      disconnected: () => {
        wasLost = true;
        shownPosts.streamLost();
        setLiveConnected(false);
      },
    });
    return () => {
      stop();
      shownPosts.stop();
      useSession.getState().setLiveConnected(false);
    };
  }, [token, source]);
}

/**
 * Shows a feed's new posts: the feed loads its first page again (only that one: what was below stays
 * reachable by scrolling on), and the waiting posts are no longer counted. Answers the id of the
 * feed's first post now.
 */
export async function showNewPosts(source: PostSource): Promise<string | undefined> {
  const key = queryKeys.postList(source);
  queryClient.setQueryData<PostPages>(key, (data) => data && { pages: data.pages.slice(0, 1), pageParams: data.pageParams.slice(0, 1) });
  await queryClient.refetchQueries({ queryKey: key, exact: true });
  useSession.getState().newPostsShown();
  return queryClient.getQueryData<PostPages>(key)?.pages[0]?.posts[0]?._id;
}
