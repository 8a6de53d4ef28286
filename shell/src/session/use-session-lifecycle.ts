import { errorMessage, MESSAGES, onSessionRejected, toast, useSession } from '@chirp/shared';
import { useEffect } from 'react';

/**
 * Spec 1: on start the app preloads the user list and all posts. A 401 on a call made with a token
 * means the session has ended: sign out and say so (the route guard then shows the login page).
 */
export function useSessionLifecycle() {
  useEffect(() => {
    const { loadUsers, loadPosts } = useSession.getState();
    Promise.all([loadUsers(), loadPosts()]).catch((error: unknown) =>
      toast.error(errorMessage(error), { id: 'preload' }),
    );
    return onSessionRejected(() => {
      if (!useSession.getState().token) return;
      useSession.getState().loggedOut();
      toast.error(MESSAGES.sessionEnded, { id: 'session-ended' });
    });
  }, []);
}
