import type { StateCreator } from 'zustand';
import type { Session } from './session-store';

/**
 * The page's own UI state. What one remote alone shows (the composer's text, the feed's order and
 * waiting posts, the profile editor's draft) lives in that remote's store, not here.
 */
export interface UiSlice {
  /** Whether live updates flow now (the unread count then needs no polling). */
  liveConnected: boolean;
  setLiveConnected: (connected: boolean) => void;
}

export const initialUiState = () => ({
  liveConnected: false,
});

export const createUiSlice: StateCreator<Session, [], [], UiSlice> = (set) => ({
  ...initialUiState(),
  setLiveConnected: (liveConnected) => set({ liveConnected }),
});
