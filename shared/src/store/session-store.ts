import { create } from 'zustand';
import { type AuthSlice, createAuthSlice, initialAuthState } from './auth-slice';
import { createPostsSlice, initialPostsState, type PostsSlice } from './posts-slice';
import { createUiSlice, initialUiState, type UiSlice } from './ui-slice';
import { createUsersSlice, initialUsersState, type UsersSlice } from './users-slice';

export interface Session extends AuthSlice, UsersSlice, PostsSlice, UiSlice {
  /** Back to a logged-out session (reads local storage again). */
  sessionReset: () => void;
}

/**
 * The ONE session store of the page. The shell and every remote import it from `@chirp/shared`,
 * which federation shares as a singleton, so they all see the same instance.
 */
export const useSession = create<Session>()((...args) => ({
  ...createAuthSlice(...args),
  ...createUsersSlice(...args),
  ...createPostsSlice(...args),
  ...createUiSlice(...args),
  sessionReset: () =>
    args[0]({ ...initialAuthState(), ...initialUsersState(), ...initialPostsState(), ...initialUiState() }),
}));
