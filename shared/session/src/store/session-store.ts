import { create } from 'zustand';
import { type AuthSlice, createAuthSlice, initialAuthState } from './auth-slice';
import { createUiSlice, initialUiState, type UiSlice } from './ui-slice';

/**
 * The session (who is signed in, with what token) and UI state. Server data (posts, people,
 * profiles) is not here: it lives in the query cache (`queryClient`), one page at a time.
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
  sessionReset: () => args[0]({ ...initialAuthState(), ...initialUiState() }),
}));
