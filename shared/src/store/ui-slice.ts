import type { StateCreator } from 'zustand';
import type { ProfileDraft } from '../types';
import type { Session } from './session-store';

export interface UiSlice {
  composerText: string;
  profileDraft: ProfileDraft;
  /** The picture chosen in the profile-edit dialog, before Update. */
  selectedProfileImage: string;
  /** Whether the composer dialog (sidebar Post / phone Add post) is open. */
  composerDialogOpen: boolean;
  composerTextChanged: (text: string) => void;
  profileDraftChanged: (draft: Partial<ProfileDraft>) => void;
  selectedProfileImageChanged: (url: string) => void;
  composerDialogToggled: (open: boolean) => void;
}

export const initialUiState = () => ({
  composerText: '',
  profileDraft: { title: '', bio: '', website: '' },
  selectedProfileImage: '',
  composerDialogOpen: false,
});

export const createUiSlice: StateCreator<Session, [], [], UiSlice> = (set) => ({
  ...initialUiState(),
  composerTextChanged: (composerText) => set({ composerText }),
  profileDraftChanged: (draft) => set((state) => ({ profileDraft: { ...state.profileDraft, ...draft } })),
  selectedProfileImageChanged: (selectedProfileImage) => set({ selectedProfileImage }),
  composerDialogToggled: (composerDialogOpen) => set({ composerDialogOpen }),
});
