/**
 * Likes, bookmarks and follows show on the click; the call follows. The state shown is an overlay
 * (`optimistic` in the session store) on what the query cache holds from the server: a list that
 * loads again meanwhile cannot hide a click, and when the calls are over the overlay goes and the
 * cache (updated from the answers) shows the same thing.
 */
import { notifyManager } from '@tanstack/react-query';
import { createToggleQueue, type ToggleEffects } from './toggle-queue';
import { useSession } from './session-store';

const queue = createToggleQueue();

/** The state of toggle `key` on screen: a click on its way, or else what the server confirmed. */
export function useToggleShown(key: string, confirmed: boolean): boolean {
  return useSession((state) => state.optimistic[key] ?? confirmed);
}

export const toggleShown = (key: string, confirmed: boolean): boolean => useSession.getState().optimistic[key] ?? confirmed;

/**
 * Flips toggle `key`, whose server-confirmed state is `confirmed`: shown at once, sent with the
 * queue's rules (one call at a time; clicks meanwhile coalesce), rolled back on a refusal.
 */
export function optimisticToggle(key: string, confirmed: boolean, effects: Omit<ToggleEffects, 'show' | 'settled'>): void {
  queue.flip(key, toggleShown(key, confirmed), {
    ...effects,
    show: (on) => useSession.getState().showOptimistic(key, on),
    rolledBack: (error) => {
      useSession.getState().settleOptimistic(key);
      effects.rolledBack(error);
    },
    // After the query cache has told the screens of the answers stored (it notifies them in a batch
    // a moment later): a card re-rendered for the overlay alone would still hold the post as it was
    // before the click, and flash back to it for a frame.
    settled: () => notifyManager.schedule(() => useSession.getState().settleOptimistic(key)),
  });
}
