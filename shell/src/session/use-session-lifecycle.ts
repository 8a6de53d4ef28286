import { MESSAGES } from '@chirp/contracts';
import { ApiError, compactApi, onSessionRejected, readClaims, toast, useLiveUpdates, useSession, watchRecoveryChances } from '@chirp/session';
import { installCacheUpdates, prefetchOpeningList } from '@chirp/queries';
import { useEffect } from 'react';

const endSession = () => {
  useSession.getState().logOut();
  toast.error(MESSAGES.sessionEnded, { id: 'session-ended' });
};

/**
 * A session read back from storage is checked before the signed-in layout shows: the store already
 * dropped one that is not a JWT naming a user, has expired or lacks its username (readStoredSession);
 * here the back end is asked whether the token's user still exists. A user that is gone ends the
 * session (login page, one toast); an unreachable back end does not (the person may be offline: the
 * next call made with the token tells).
 */
async function checkStoredSession() {
  const { token, storedSessionDiscarded, clearStoredSessionDiscarded, confirmSession } = useSession.getState();
  if (storedSessionDiscarded) {
    clearStoredSessionDiscarded();
    toast.error(MESSAGES.sessionEnded, { id: 'session-ended' });
  }
  const claims = token ? readClaims(token) : null;
  if (!token || !claims) return;
  // Home's list is asked for beside the check, not after it: it answers for the token's own user,
  // and a token the back end refuses ends the session either way (the cache goes with it).
  prefetchOpeningList();
  try {
    const { user } = await compactApi.profileById(claims._id);
    if (useSession.getState().token !== token) return;
    if (user.username !== claims.username) endSession();
    else confirmSession(user);
  } catch (error) {
    if (useSession.getState().token !== token) return;
    if (error instanceof ApiError && (error.status === 404 || error.status === 401)) endSession();
    else confirmSession();
  }
}

/**
 * A 401 on a call made with a token means the session has ended: sign out and say so (the route
 * guard then shows the login page). Nothing is preloaded here: each screen asks for the page of data
 * it shows (spec 1's "preload the user list and all posts" does not scale past a few thousand).
 */
export function useSessionLifecycle() {
  // Live events and session changes reach the query cache (once per page, whoever else asks).
  useEffect(() => installCacheUpdates(), []);
  // New posts, like counts and the unread count, as they happen, while someone is signed in.
  useLiveUpdates();
  // What failed to load tries again when the browser is back online or the tab comes back.
  useEffect(() => watchRecoveryChances(), []);
  useEffect(() => {
    void checkStoredSession();
    return onSessionRejected(() => {
      if (!useSession.getState().token) return;
      endSession();
    });
  }, []);
}
