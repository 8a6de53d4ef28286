/**
 * Where live updates come from: the shell chooses, as it chooses the back end — the API
 * server's event stream, or the in-browser back end's own events. Either one hands the page the same
 * `LiveEvent`s of @chirp/contracts.
 */
import type { LiveEvent } from '@chirp/contracts';
import { namedListeners } from '../listeners';

export interface LiveHandlers {
  event(event: LiveEvent): void;
  /**
   * The source is connected (again): events flow. `streamId`: the stream's name for saying which
   * posts the page shows (shown-posts.ts); a source without one hears every like count.
   */
  connected(streamId?: string): void;
  /** The connection was lost: the source is trying again. */
  disconnected(): void;
}

export interface LiveSource {
  /** Starts delivering events to `handlers` for the signed-in person, until the answered function is called. */
  connect(handlers: LiveHandlers): () => void;
}

let configured: LiveSource | null = null;
const watchers = new Set<() => void>();

/** The page's live source; null: none (the app works as before, without live updates). */
export function configureLive(source: LiveSource | null): void {
  configured = source;
  watchers.forEach((watcher) => watcher());
}

export const liveSource = () => configured;

/** Calls `watcher` whenever the source changes; answers how to stop. */
export function watchLiveSource(watcher: () => void): () => void {
  watchers.add(watcher);
  return () => watchers.delete(watcher);
}

/**
 * What the page hears from the live connection: the source's events, and `reconnected` when the
 * connection comes back after a loss (what changed meanwhile was not heard).
 */
export type LiveSignal = LiveEvent | { type: 'reconnected' };

const signals = namedListeners<LiveSignal>();

/**
 * Calls `listener` with each live event while someone is signed in: the query definitions apply them
 * to the one query cache, a remote records what concerns it. One listener per `name` per page.
 */
export const onLiveEvent = signals.listen;
export const liveEventHeard = signals.emit;
