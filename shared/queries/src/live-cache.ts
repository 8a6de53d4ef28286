/**
 * What live events and session changes do to the one query cache.
 *
 * Page-wide (`installCacheUpdates`, the shell, at start): the notification badge shows the unread
 * count, a `resync` reads everything again, a new session's profile goes into the cache and its home
 * feed starts loading. Lists of posts (`installListUpdates`, whoever shows such lists: the feed): a
 * like count changes where the post shows, a reply made elsewhere counts on its post, a deleted post
 * leaves them, and so do the posts of an account deleted or suspended. Posts by others waiting behind the feeds' "N new posts" button are the feed's own
 * business: it listens for them.
 *
 * Every package that bundles this one may install them; the kernel keeps the first registration
 * under each name, so each event is applied once per page.
 */
import { paths } from '@chirp/contracts';
import { madeHere, onLiveEvent, onSessionChange, queryClient, type LiveSignal, useSession } from '@chirp/session';
import { authorGone, likesAnnounced, postDeletedElsewhere, replyAnnounced } from './cache-updates';
import { homeListAt, queryKeys } from './keys';
import { prefetchPosts } from './post-queries';

/** Applies a live event to what every page shows: a `resync` or a reconnection loads again what is shown. */
export function applyLiveEvent(event: LiveSignal): void {
  switch (event.type) {
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

async function replyArrived(postId: string, replyTo: string): Promise<void> {
  if (!(await madeHere(postId))) replyAnnounced(replyTo);
}

/** Records a live event in the cached lists of posts and post pages. */
export function liveListEventHeard(event: LiveSignal): void {
  if (event.type === 'post' && event.replyTo !== undefined) {
    void replyArrived(event.postId, event.replyTo);
  } else if (event.type === 'likes') {
    const me = useSession.getState().currentUser?._id;
    likesAnnounced(event.postId, event.likeCount, event.by === me ? event.liked : undefined);
  } else if (event.type === 'gone') {
    postDeletedElsewhere(event.postId, event.author, event.replyTo);
  } else if (event.type === 'authorGone') {
    authorGone(event);
  }
}

/**
 * Applies page-wide live events and session changes to the query cache from now on, once per page
 * whoever calls it (the shell does, at start). Answers how to stop (tests).
 */
export function installCacheUpdates(): () => void {
  const stopLive = onLiveEvent('@chirp/queries cache', applyLiveEvent);
  const stopSession = onSessionChange('@chirp/queries cache', (change) => {
    if (change.type === 'ended') return;
    // No list holds the person yet: a new session starts with an empty cache, and a stored one is
    // confirmed before the signed-in screens show.
    queryClient.setQueryData(queryKeys.profile(change.user.username), change.user);
    // A new session starts on Home's Following list, newest first: its first page loads on the way to /home.
    if (change.type === 'started') prefetchPosts({ kind: 'following', sort: 'latest' });
    // A stored one opened on /home: its list loads beside Home's code (the shell asks already while
    // the session is being confirmed; asked again, it is not fetched twice).
    else prefetchOpeningList();
  });
  return () => {
    stopLive();
    stopSession();
  };
}

/**
 * The list a page opened on /home shows first (Following, or Everyone with ?feed=everyone): its first
 * page starts loading, beside Home's code rather than after it (on a slow network the code is the
 * last to arrive, and then it is parsed and run before it asks). Elsewhere nothing.
 */
export function prefetchOpeningList(): void {
  if (window.location.pathname === paths.home) prefetchPosts(homeListAt(window.location.search));
}

/** Applies live like counts, replies and deletions to the cached lists of posts, once per page whoever calls it. */
export const installListUpdates = (): (() => void) => onLiveEvent('@chirp/queries lists', liveListEventHeard);
