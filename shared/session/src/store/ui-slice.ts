import type { StateCreator } from 'zustand';
import type { Session } from './session-store';

/**
 * The page's own UI state. What one remote alone shows (the composer's text, the feed's order and
 * waiting posts, the profile editor's draft) lives in that remote's store, not here.
 */
export interface UiSlice {
  /**
   * Likes, bookmarks and follows shown before the server confirmed them, by key (`like:{postId}`,
   * `bookmark:{postId}`, `follow:{userId}`): an overlay on the query cache, so a list that loads
   * again while a call is on its way cannot hide the click. One per page, as the queue of each
   * toggle's calls is (optimistic.ts): two copies could send contradictory calls.
   */
  optimistic: Record<string, boolean>;
  /** Whether live updates flow now (the unread count then needs no polling). */
  liveConnected: boolean;
  setLiveConnected: (connected: boolean) => void;
  showOptimistic: (key: string, on: boolean) => void;
  /** The toggle's calls are over: the cache now holds what the server confirmed. */
  settleOptimistic: (key: string) => void;
}

export const initialUiState = () => ({
  optimistic: {} as Record<string, boolean>,
  liveConnected: false,
});

export const createUiSlice: StateCreator<Session, [], [], UiSlice> = (set) => ({
  ...initialUiState(),
  setLiveConnected: (liveConnected) => set({ liveConnected }),
  showOptimistic: (key, on) =>
    set((state) => (state.optimistic[key] === on ? state : { optimistic: { ...state.optimistic, [key]: on } })),
  settleOptimistic: (key) =>
    set((state) => {
      if (!(key in state.optimistic)) return state;
      const { [key]: _settled, ...rest } = state.optimistic;
      return { optimistic: rest };
    }),
});
