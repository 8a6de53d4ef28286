import { create } from 'zustand';
import { type AuthSlice, createAuthSlice, initialAuthState } from './auth-slice';
import { sessionChanged } from './session-changes';
import { createUiSlice, initialUiState, type UiSlice } from './ui-slice';

/**
 * The session (who is signed in, with what token) and the page's own UI state. Server data (posts,
 * people, profiles) is not here: it lives in the query cache (`queryClient`), one page at a time.
 *
 * One naming rule for actions, here and in every remote's store: a command is a verb (`logIn`,
 * `likePost`, `showNewPosts`) and may send a request; an event is named for what happened
 * (`postAnnounced`, `newPostsShown`, `sessionReset`) and only records it in state or in the cache,
 * never calling the back end.
 */
export interface Session extends AuthSlice, UiSlice {
  /** Back to a logged-out session (reads local storage again). */
  sessionReset: () => void;
}

/**
 * The ONE session store of the page. The shell and every remote import it from `@chirp/session`,
 * which federation shares as a singleton, so they all see the same instance.
 */
export const useSession = create<Session>()((...args) => ({
  ...createAuthSlice(...args),
  ...createUiSlice(...args),
  sessionReset: () => {
    args[0]({ ...initialAuthState(), ...initialUiState() });
    sessionChanged({ type: 'ended' });
  },
}));
