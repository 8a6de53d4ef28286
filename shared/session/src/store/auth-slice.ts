import type { StateCreator } from 'zustand';
import { compactApi } from '../api/api-client';
import { STORAGE_KEYS } from '@chirp/contracts';
import { queryClient } from '../query/query-client';
import type { Credentials, Profile, SignupPayload } from '@chirp/contracts';
import { sessionChanged } from './session-changes';
import type { Session } from './session-store';
import { keepDisplayName, readStoredDisplayName, readStoredSession } from './stored-session';

/**
 * A session read back from storage is `checking` until the shell has asked the back end about its
 * user; a log-in's is `confirmed` at once. The signed-in layout waits for `confirmed`.
 */
export type SessionStatus = 'none' | 'checking' | 'confirmed';

export interface AuthSlice {
  token: string | null;
  username: string | null;
  /** Who is signed in: their profile as the back end last answered it (null until it has). */
  currentUser: Profile | null;
  /**
   * The signed-in person's full name, kept from the last time the back end answered: what the
   * account area shows while `currentUser` is not known (the back end unreachable at start).
   */
  displayName: string | null;
  /** The login form's fields (spec: "current login name, login password"). */
  loginForm: Credentials;
  setLoginForm: (fields: Partial<Credentials>) => void;
  /** Logs in and keeps the token; the first page of the home feed then loads in the background. */
  logIn: (credentials: Credentials) => Promise<Profile>;
  /** Signs up and signs the new person in at once, as a log-in does. */
  signUp: (payload: SignupPayload) => Promise<Profile>;
  /**
   * True once the user signed out themselves: the route guard then sends them to login without
   * remembering the page they left (an expired session does remember it, to come back after login).
   */
  signedOut: boolean;
  /** Clears all of local storage, every piece of session state and the query cache. */
  logOut: (how?: { bySignOut?: boolean }) => void;
  sessionStatus: SessionStatus;
  /** A stored session that did not hold up was cleared at start: the shell says so once. */
  storedSessionDiscarded: boolean;
  /** Marks the stored session as known to the back end, with its user's details. */
  confirmSession: (user?: Profile) => void;
  /** Shows the signed-in person's new profile (after an edit, a follow). */
  setCurrentUser: (user: Profile) => void;
  /** Forgets that a stored session was discarded, once the shell has said so. */
  clearStoredSessionDiscarded: () => void;
  /** Keeps the token the back end gave this session in place of its own (after a password change ended every other). */
  keepNewToken: (token: string) => void;
}

export const initialAuthState = () => {
  const stored = readStoredSession();
  return {
    token: stored.token,
    username: stored.username,
    currentUser: null as Profile | null,
    displayName: stored.token ? readStoredDisplayName() : null,
    loginForm: { username: '', password: '' },
    signedOut: false,
    sessionStatus: (stored.token ? 'checking' : 'none') as SessionStatus,
    storedSessionDiscarded: stored.discarded,
  };
};

export const createAuthSlice: StateCreator<Session, [], [], AuthSlice> = (set, get) => {
  /** Keeps the session a log-in or a sign-up answered, and starts loading the home feed. */
  const startSession = (user: Profile, token: string) => {
    // Nothing the previous session loaded stays.
    queryClient.clear();
    localStorage.setItem(STORAGE_KEYS.token, token);
    localStorage.setItem(STORAGE_KEYS.username, user.username);
    set({
      token,
      username: user.username,
      currentUser: user,
      displayName: keepDisplayName(user),
      loginForm: { username: '', password: '' },
      signedOut: false,
      sessionStatus: 'confirmed',
      storedSessionDiscarded: false,
    });
    // Only the log-in (or sign-up) navigates: it resolves now, so no late step can move the person
    // from where they went next. The query definitions store the profile and start loading the home
    // feed's first page on the way there (@chirp/queries' installCacheUpdates).
    sessionChanged({ type: 'started', user });
  };

  return {
    ...initialAuthState(),
    setLoginForm: (fields) => set((state) => ({ loginForm: { ...state.loginForm, ...fields } })),
    logIn: async (credentials) => {
      const { foundUser, encodedToken } = await compactApi.login(credentials);
      startSession(foundUser, encodedToken);
      return foundUser;
    },
    signUp: async (payload) => {
      const { createdUser, encodedToken } = await compactApi.signup(payload);
      startSession(createdUser, encodedToken);
      return createdUser;
    },
    confirmSession: (user) => {
      set({ sessionStatus: 'confirmed', ...(user ? { currentUser: user, displayName: keepDisplayName(user) } : {}) });
      if (user) sessionChanged({ type: 'confirmed', user });
    },
    // Also fills in a session whose profile is not known yet (the back end was out of reach at start).
    setCurrentUser: (user) =>
      set((state) =>
        state.currentUser?._id === user._id || (!state.currentUser && state.username === user.username)
          ? { currentUser: user, displayName: keepDisplayName(user) }
          : state,
      ),
    clearStoredSessionDiscarded: () => set({ storedSessionDiscarded: false }),
    keepNewToken: (token) => {
      try {
        localStorage.setItem(STORAGE_KEYS.token, token);
      } catch {
        // Storage may be unavailable (private mode): the session lives in memory.
      }
      set({ token });
    },
    logOut: (how = {}) => {
      try {
        // All of local storage (spec 4) but the theme, a choice of the device's rather than the person's.
        const theme = localStorage.getItem(STORAGE_KEYS.theme);
        localStorage.clear();
        if (theme !== null) localStorage.setItem(STORAGE_KEYS.theme, theme);
      } catch {
        // Storage may be unavailable (private mode); the in-memory session is still cleared.
      }
      get().sessionReset();
      // Nothing one person saw stays for the next one to see.
      queryClient.clear();
      set({ signedOut: how.bySignOut ?? false });
    },
  };
};
