/**
 * What the app keeps in local storage, read back with suspicion: anything can be there (an old
 * version's values, a hand edit, a half-written session). A session is kept only when the token is a
 * JWT whose claims name a user (`_id`, `username`), has not expired, and the stored username is that
 * user's; anything else is no session at all. (The client cannot verify the signature: the back end
 * does, and the shell then asks it whether the user still exists.)
 */
import { STORAGE_KEYS } from '@chirp/contracts';

export interface SessionClaims {
  _id: string;
  username: string;
  /** Seconds since the epoch, when the token says. */
  exp?: number;
}

function decodePart(part: string): unknown {
  const base64 = part.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '='));
  return JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (char) => char.charCodeAt(0))));
}

/** The claims of a token that is a well-formed, unexpired JWT naming a user; null for anything else. */
export function readClaims(token: string, now = Date.now()): SessionClaims | null {
  const parts = token.split('.');
  if (parts.length !== 3 || parts.some((part) => !/^[A-Za-z0-9_-]*$/.test(part)) || !parts[0] || !parts[1]) return null;
  try {
    const claims = decodePart(parts[1]) as Partial<SessionClaims> | null;
    if (typeof claims !== 'object' || claims === null) return null;
    const { _id, username, exp } = claims;
    if (typeof _id !== 'string' || !_id || typeof username !== 'string' || !username) return null;
    if (exp !== undefined && (typeof exp !== 'number' || exp * 1000 <= now)) return null;
    return { _id, username, exp };
  } catch {
    return null;
  }
}

export interface StoredSession {
  token: string | null;
  username: string | null;
  /** The claims of a kept token. */
  claims: SessionClaims | null;
  /** Something was stored but is not a valid session: it has been cleared, and the person should hear so. */
  discarded: boolean;
}

function storage(): Storage | undefined {
  try {
    return globalThis.localStorage ?? undefined;
  } catch {
    return undefined;
  }
}

/** The stored session if it holds up; otherwise the session's keys are cleared. */
export function readStoredSession(now = Date.now()): StoredSession {
  const store = storage();
  const token = store?.getItem(STORAGE_KEYS.token) ?? null;
  const username = store?.getItem(STORAGE_KEYS.username) ?? null;
  if (token === null && username === null) return { token: null, username: null, claims: null, discarded: false };
  const claims = token === null ? null : readClaims(token, now);
  if (token !== null && claims && username === claims.username) return { token, username, claims, discarded: false };
  try {
    for (const key of [STORAGE_KEYS.token, STORAGE_KEYS.username, DISPLAY_NAME_KEY]) store?.removeItem(key);
  } catch {
    // Storage refused: the session is dropped from memory all the same.
  }
  return { token: null, username: null, claims: null, discarded: true };
}

/**
 * The signed-in person's name as last shown ("First Last"), kept beside the session so the account
 * area can say who is signed in before the back end answers, or while it cannot be reached. It
 * goes with the session: sign-out clears local storage.
 */
const DISPLAY_NAME_KEY = 'displayName';

export function readStoredDisplayName(): string | null {
  return storage()?.getItem(DISPLAY_NAME_KEY) || null;
}

/** Keeps `user`'s full name for the next start; answers it. */
export function keepDisplayName(user: { firstName: string; lastName: string }): string {
  const name = `${user.firstName} ${user.lastName}`.trim();
  try {
    storage()?.setItem(DISPLAY_NAME_KEY, name);
  } catch {
    // Storage refused: the name shows for this visit all the same.
  }
  return name;
}
