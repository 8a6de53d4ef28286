import type { StateCreator } from 'zustand';
import { api } from '../api/api-client';
import { errorMessage } from '../api/api-error';
import { STORAGE_KEYS } from '../constants';
import { toast } from '../toast/toaster';
import type { Credentials, SignupPayload, User } from '../types';
import type { Session } from './session-store';
import { readStoredSession } from './stored-session';

/**
 * A session read back from storage is `checking` until the shell has asked the back end about its
 * user; a log-in's is `confirmed` at once. The signed-in layout waits for `confirmed`.
 */
export type SessionStatus = 'none' | 'checking' | 'confirmed';

export interface AuthSlice {
  token: string | null;
  username: string | null;
  /** The login form's fields (spec: "current login name, login password"). */
  loginForm: Credentials;
  loginFormChanged: (fields: Partial<Credentials>) => void;
  /** Logs in and keeps the token; the user list and the posts then load in the background. */
  logIn: (credentials: Credentials) => Promise<User>;
  /** Signs up (no session yet), reloads users and fills the login form with the new credentials. */
  signUp: (payload: SignupPayload) => Promise<User>;
  /**
   * True once the user signed out themselves: the route guard then sends them to login without
   * remembering the page they left (an expired session does remember it, to come back after login).
   */
  signedOut: boolean;
  /** Clears all of local storage and every piece of session state. */
  loggedOut: (how?: { bySignOut?: boolean }) => void;
  sessionStatus: SessionStatus;
  /** A stored session that did not hold up was cleared at start: the shell says so once. */
  storedSessionDiscarded: boolean;
  /** The back end knows the stored session's user: here are their details. */
  sessionConfirmed: (user?: User) => void;
  storedSessionDiscardedTold: () => void;
}

export const initialAuthState = () => {
  const stored = readStoredSession();
  return {
    token: stored.token,
    username: stored.username,
    loginForm: { username: '', password: '' },
    signedOut: false,
    sessionStatus: (stored.token ? 'checking' : 'none') as SessionStatus,
    storedSessionDiscarded: stored.discarded,
  };
};

/** Loads what the screens show first, in the background: the log-in itself waits for none of it. */
function preload(get: () => Session) {
  Promise.all([get().loadUsers(), get().loadPosts()]).catch((error: unknown) =>
    toast.error(errorMessage(error), { id: 'preload' }),
  );
}

export const createAuthSlice: StateCreator<Session, [], [], AuthSlice> = (set, get) => ({
  ...initialAuthState(),
  loginFormChanged: (fields) => set((state) => ({ loginForm: { ...state.loginForm, ...fields } })),
  logIn: async (credentials) => {
    const { foundUser, encodedToken } = await api.login(credentials);
    localStorage.setItem(STORAGE_KEYS.token, encodedToken);
    localStorage.setItem(STORAGE_KEYS.username, foundUser.username);
    set({
      token: encodedToken,
      username: foundUser.username,
      currentUser: foundUser,
      bookmarks: foundUser.bookmarks,
      loginForm: { username: '', password: '' },
      signedOut: false,
      sessionStatus: 'confirmed',
      storedSessionDiscarded: false,
    });
    // Only the log-in navigates: it resolves now, so no late step can move the person from where they
    // went next (the loads below fill the screens as they arrive).
    preload(get);
    return foundUser;
  },
  signUp: async (payload) => {
    const { createdUser } = await api.signup(payload);
    set({ loginForm: { username: payload.username, password: payload.password } });
    get()
      .loadUsers()
      .catch((error: unknown) => toast.error(errorMessage(error), { id: 'preload' }));
    return createdUser;
  },
  sessionConfirmed: (user) =>
    set((state) => ({
      sessionStatus: 'confirmed',
      ...(user ? { currentUser: user, bookmarks: user.bookmarks ?? state.bookmarks } : {}),
    })),
  storedSessionDiscardedTold: () => set({ storedSessionDiscarded: false }),
  loggedOut: (how = {}) => {
    try {
      localStorage.clear();
    } catch {
      // Storage may be unavailable (private mode); the in-memory session is still cleared.
    }
    get().sessionReset();
    set({ signedOut: how.bySignOut ?? false });
  },
});
