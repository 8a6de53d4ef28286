/**
 * The profile remote's own state: the profile-edit dialog's fields and picture, which the opener
 * fills with the current values. Nothing outside this remote reads it.
 */
import type { ProfileDraft } from '@chirp/contracts';
import { createStore, onSessionChange } from '@chirp/session';

interface ProfileState {
  profileDraft: ProfileDraft;
  /** The picture chosen in the profile-edit dialog, before Update. */
  selectedProfileImage: string;
  setProfileDraft: (draft: Partial<ProfileDraft>) => void;
  setSelectedProfileImage: (url: string) => void;
}

const initialProfileState = () => ({ profileDraft: { title: '', bio: '', website: '' }, selectedProfileImage: '' });

export const useProfileStore = createStore<ProfileState>()((set) => ({
  ...initialProfileState(),
  setProfileDraft: (draft) => set((state) => ({ profileDraft: { ...state.profileDraft, ...draft } })),
  setSelectedProfileImage: (selectedProfileImage) => set({ selectedProfileImage }),
}));

// One person's draft does not stay for the next one.
onSessionChange('profile store', (change) => {
  if (change.type === 'ended') useProfileStore.setState(initialProfileState());
});
