/**
 * What live events and session changes do to the one query cache (issue 15): a like count changes
 * where the post shows, the notification badge shows the unread count, a reply made elsewhere counts
 * on its post, and a `resync` reads everything again; a new session's profile goes into the cache and
 * its home feed starts loading. Posts by others waiting behind the feeds' "N new posts" button are
 * the feed's own business: it listens for them itself.
 *
 * Every package that bundles this one may call `installCacheUpdates`; the kernel keeps the first
 * registration, so each event is applied once per page.
 */
import { madeHere, onLiveEvent, onSessionChange, queryClient, type LiveSignal, useSession } from '@chirp/session';
import { likesAnnounced, profileStored, replyAnnounced } from './cache-updates';
import { queryKeys } from './keys';
import { prefetchPosts } from './post-queries';

async function replyArrived(postId: string, replyTo: string): Promise<void> {
  if (!(await madeHere(postId))) replyAnnounced(replyTo);
}

/** Applies a live event to the query cache: a `resync` or a reconnection loads again what is shown. */
export function applyLiveEvent(event: LiveSignal): void {
  switch (event.type) {
    case 'post':
      if (event.replyTo !== undefined) void replyArrived(event.postId, event.replyTo);
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
    case 'reconnected':
      // Changes were missed while the stream was down.
      void queryClient.invalidateQueries({ queryKey: queryKeys.unreadNotifications });
      break;
  }
}

/**
 * Applies live events and session changes to the query cache from now on, once per page whoever
 * calls it (the shell does, at start). Answers how to stop (tests).
 */
export function installCacheUpdates(): () => void {
  const stopLive = onLiveEvent('@chirp/queries cache', applyLiveEvent);
  const stopSession = onSessionChange('@chirp/queries cache', (change) => {
    if (change.type === 'ended') return;
    profileStored(change.user);
    // A new session starts on the Latest feed: its first page loads on the way to /home.
    if (change.type === 'started') prefetchPosts({ kind: 'feed', sort: 'latest' });
  });
  return () => {
    stopLive();
    stopSession();
  };
}
