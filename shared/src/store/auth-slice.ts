import type { StateCreator } from 'zustand';
import { api } from '../api/api-client';
import { STORAGE_KEYS } from '../constants';
import type { Credentials, SignupPayload, User } from '../types';
import type { Session } from './session-store';

export interface AuthSlice {
  token: string | null;
  username: string | null;
  /** The login form's fields (spec: "current login name, login password"). */
  loginForm: Credentials;
  loginFormChanged: (fields: Partial<Credentials>) => void;
  /** Logs in, keeps the token, then loads the user, their posts and all posts. */
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
}

function readStorage(key: string): string | null {
  try {
    return globalThis.localStorage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export const initialAuthState = () => ({
  token: readStorage(STORAGE_KEYS.token),
  username: readStorage(STORAGE_KEYS.username),
  loginForm: { username: '', password: '' },
  signedOut: false,
});

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
    });
    await Promise.all([get().loadUsers(), get().loadPosts()]);
    return foundUser;
  },
  signUp: async (payload) => {
    const { createdUser } = await api.signup(payload);
    await get().loadUsers();
    set({ loginForm: { username: payload.username, password: payload.password } });
    return createdUser;
  },
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
