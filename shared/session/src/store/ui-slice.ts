import type { StateCreator } from 'zustand';
import type { ProfileDraft } from '@chirp/contracts';
import type { Session } from './session-store';

export interface UiSlice {
  composerText: string;
  profileDraft: ProfileDraft;
  /** The picture chosen in the profile-edit dialog, before Update. */
  selectedProfileImage: string;
  /** Whether the composer dialog (sidebar Post / phone Add post) is open. */
  composerDialogOpen: boolean;
  /** Whether the home feed is ordered by likes (spec 4's trending flag). */
  trending: boolean;
  /**
   * Likes, bookmarks and follows shown before the server confirmed them, by key (`like:{postId}`,
   * `bookmark:{postId}`, `follow:{userId}`): an overlay on the query cache, so a list that loads
   * again while a call is on its way cannot hide the click.
   */
  optimistic: Record<string, boolean>;
  /**
   * Posts by others announced live that the feeds do not show yet: they wait behind the
   * feeds' "N new posts" button, so nothing moves under the reader.
   */
  newPostIds: string[];
  /** Whether live updates flow now (the unread count then needs no polling). */
  liveConnected: boolean;
  postAnnounced: (postId: string) => void;
  /** The feed showed what was new. */
  newPostsShown: () => void;
  setLiveConnected: (connected: boolean) => void;
  setComposerText: (text: string) => void;
  setProfileDraft: (draft: Partial<ProfileDraft>) => void;
  setSelectedProfileImage: (url: string) => void;
  setComposerDialogOpen: (open: boolean) => void;
  setTrending: (trending: boolean) => void;
  showOptimistic: (key: string, on: boolean) => void;
  /** The toggle's calls are over: the cache now holds what the server confirmed. */
  settleOptimistic: (key: string) => void;
}

export const initialUiState = () => ({
  composerText: '',
  profileDraft: { title: '', bio: '', website: '' },
  selectedProfileImage: '',
  composerDialogOpen: false,
  trending: false,
  optimistic: {} as Record<string, boolean>,
  newPostIds: [] as string[],
  liveConnected: false,
});

export const createUiSlice: StateCreator<Session, [], [], UiSlice> = (set) => ({
  ...initialUiState(),
  postAnnounced: (postId) => set((state) => (state.newPostIds.includes(postId) ? state : { newPostIds: [postId, ...state.newPostIds] })),
  newPostsShown: () => set({ newPostIds: [] }),
  setLiveConnected: (liveConnected) => set({ liveConnected }),
  setComposerText: (composerText) => set({ composerText }),
  setProfileDraft: (draft) => set((state) => ({ profileDraft: { ...state.profileDraft, ...draft } })),
  setSelectedProfileImage: (selectedProfileImage) => set({ selectedProfileImage }),
  setComposerDialogOpen: (composerDialogOpen) => set({ composerDialogOpen }),
  setTrending: (trending) => set({ trending }),
  showOptimistic: (key, on) =>
    set((state) => (state.optimistic[key] === on ? state : { optimistic: { ...state.optimistic, [key]: on } })),
  settleOptimistic: (key) =>
    set((state) => {
      if (!(key in state.optimistic)) return state;
      const { [key]: _settled, ...rest } = state.optimistic;
      return { optimistic: rest };
    }),
});
