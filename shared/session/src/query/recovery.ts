/**
 * Areas that failed to load try again by themselves when the server may be back: the browser comes
 * back online, the tab regains focus, or the live stream reconnects. Without this, each area stayed
 * on its error until its Retry was pressed, long after the server had come back.
 */
import { queryClient } from './query-client';

/** Asks again for every query a screen shows that ended in an error; leaves the others alone. */
export function retryFailedQueries(): Promise<void> {
  return queryClient.refetchQueries(
    { type: 'active', predicate: (query) => query.state.status === 'error' },
    // One already on its way again is left to finish: a focus and a visibility change come together.
    { cancelRefetch: false },
  );
}

const listeners = new Set<() => void>();

/**
 * Calls `listener` at each chance of recovery: what fails outside the query cache (a remote's code
 * that could not be loaded) tries again then. Answers how to stop.
 */
export function onRecoveryChance(listener: () => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** The server may be reachable again: whatever failed tries again. */
export function recoveryChance(): void {
  void retryFailedQueries();
  listeners.forEach((listener) => listener());
}

/** Listens for the browser's signs that the server may be reachable again; answers how to stop. */
export function watchRecoveryChances(): () => void {
  const onVisible = () => {
    if (document.visibilityState === 'visible') recoveryChance();
  };
  window.addEventListener('online', recoveryChance);
  window.addEventListener('focus', recoveryChance);
  document.addEventListener('visibilitychange', onVisible);
  return () => {
    window.removeEventListener('online', recoveryChance);
    window.removeEventListener('focus', recoveryChance);
    document.removeEventListener('visibilitychange', onVisible);
  };
}
