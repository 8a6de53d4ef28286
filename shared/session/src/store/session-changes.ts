/**
 * What happened to the session, for the state the kernel does not hold: the query definitions
 * (@chirp/queries) put the signed-in person's profile in the cache and start loading the home feed;
 * each remote's own store forgets what it held for the person who signed out.
 */
import type { Profile } from '@chirp/contracts';
import { namedListeners } from '../listeners';

export type SessionChange =
  /** A log-in or a sign-up: a new session, with an empty query cache. */
  | { type: 'started'; user: Profile }
  /** The back end confirmed a stored session's user. */
  | { type: 'confirmed'; user: Profile }
  /** Back to no session (a sign-out, an expiry, a test's reset). */
  | { type: 'ended' };

const changes = namedListeners<SessionChange>();

/** Calls `listener` at each change of the session; one listener per `name` per page. Answers how to stop. */
export const onSessionChange = changes.listen;
export const sessionChanged = changes.emit;
