/**
 * The page's live connection: open while someone is signed in, with the stream told which
 * posts the page shows. What an event changes (a like count, the unread badge, the posts waiting
 * behind the feeds' "N new posts") is not decided here: each event goes to the listeners registered
 * with `onLiveEvent` (@chirp/queries for the query cache, the feed for its waiting posts).
 */
import { useEffect, useSyncExternalStore } from 'react';
import { recoveryChance } from '../query/recovery';
import { useSession } from '../store/session-store';
import { liveEventHeard, liveSource, watchLiveSource } from './live-source';
import { syncShownPosts } from './shown-posts';

/**
 * Keeps the page connected to the live source while someone is signed in (the shell's signed-in
 * layout calls it once), and the stream told which posts the page shows. Coming back after a lost
 * connection, the listeners hear `reconnected` (the unread count is asked again), and every area
 * that failed meanwhile tries again.
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
      event: liveEventHeard,
      connected: (streamId) => {
        setLiveConnected(true);
        shownPosts.streamOpened(streamId);
        if (!wasLost) return;
        liveEventHeard({ type: 'reconnected' });
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
