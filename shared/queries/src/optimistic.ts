/**
 * Likes, bookmarks and follows show on the click; the call follows. The state shown is an overlay
 * (a small store of the toggles under way) on what the query cache holds from the server: a list
 * that loads again meanwhile cannot hide a click, and when the calls are over the overlay goes and
 * the cache (updated from the answers) shows the same thing. Each remote bundles its own copy: the
 * toggles a remote shows are its own (likes and bookmarks the feed's, follows the profile's).
 */
import { createStore, onSessionChange } from '@chirp/session';
import { createToggleQueue, type ToggleEffects } from './toggle-queue';

interface Overlay {
  /**
   * The toggles shown before the server confirmed them, by key (`like:{postId}`,
   * `bookmark:{postId}`, `follow:{userId}`).
   */
  shown: Record<string, boolean>;
}

export const useOptimistic = createStore<Overlay>()(() => ({ shown: {} }));

const clickShown = (key: string, on: boolean) =>
  useOptimistic.setState((state) => (state.shown[key] === on ? state : { shown: { ...state.shown, [key]: on } }));

/** The toggle's calls are over: the cache now holds what the server confirmed. */
const toggleSettled = (key: string) =>
  useOptimistic.setState((state) => {
    if (!(key in state.shown)) return state;
    const { [key]: _settled, ...rest } = state.shown;
    return { shown: rest };
  });

// Nothing one person clicked shows for the next one. The overlay is this copy's own: it listens
// under a symbol of its own, so every copy hears the change.
onSessionChange(Symbol('optimistic toggles'), (change) => {
  if (change.type === 'ended') useOptimistic.setState({ shown: {} });
});

const queue = createToggleQueue();

/** The state of toggle `key` on screen: a click on its way, or else what the server confirmed. */
export function useToggleShown(key: string, confirmed: boolean): boolean {
  return useOptimistic((state) => state.shown[key] ?? confirmed);
}

export const toggleShown = (key: string, confirmed: boolean): boolean => useOptimistic.getState().shown[key] ?? confirmed;

/**
 * Flips toggle `key`, whose server-confirmed state is `confirmed`: shown at once, sent with the
 * queue's rules (one call at a time; clicks meanwhile coalesce), rolled back on a refusal.
 */
export function flipToggle(key: string, confirmed: boolean, effects: Omit<ToggleEffects, 'show' | 'settled'>): void {
  queue.flip(key, toggleShown(key, confirmed), {
    ...effects,
    show: (on) => clickShown(key, on),
    rolledBack: (error) => {
      toggleSettled(key);
      effects.rolledBack(error);
    },
    settled: () => toggleSettled(key),
  });
}
