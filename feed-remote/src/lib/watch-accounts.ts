import { useSession } from '@chirp/session';

interface AccountChanges {
  /** The signed-in person changed (a session ended, or began): `left` is who it was, if anyone. */
  changed?(left: string | null): void;
  /** The person who was signed in signed out themselves: nothing of theirs may stay in the browser. */
  signedOut(username: string): void;
}

/**
 * What the drafts and the kept home timeline hear of the session. A session that ends by itself
 * (expired, or gone at the back end) keeps a person's drafts for their next log in; one they end
 * themselves removes them: the next person at this browser must not find what they were writing. Signing out first ends the session
 * (the username goes) and then marks it signed out, so the person is remembered between the two.
 */
export function watchAccounts({ changed, signedOut }: AccountChanges): () => void {
  let lastSignedIn: string | null = null;
  return useSession.subscribe((state, previous) => {
    if (state.signedOut && !previous.signedOut && lastSignedIn) {
      signedOut(lastSignedIn);
      lastSignedIn = null;
    }
    if (state.username === previous.username) return;
    lastSignedIn = previous.username;
    changed?.(previous.username);
  });
}
