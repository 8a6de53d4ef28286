import { DEFAULT_AVATAR, MESSAGES, PRESET_AVATARS, type Profile } from '@chirp/contracts';
import { compactApi, errorMessage, toast, uploadImage, useSession } from '@chirp/session';
import { profileStored } from '@chirp/queries';
import { ModalDialog, PersonIcon, Spinner, UploadIcon } from '@chirp/ui';
import { type ChangeEvent, type FormEvent, useId, useRef, useState } from 'react';
import { isAcceptedPicture, PICTURE_ACCEPT, PICTURE_REFUSED } from './picture-file';
import { isWebUrl } from './website';
import { useProfileStore } from '../../lib/profile-store';

export const WEBSITE_INVALID = 'Enter a web address that starts with http:// or https://';

interface EditProfileDialogProps {
  user: Profile;
  onClose: () => void;
}

/**
 * The profile-edit dialog (spec 2 and 4). Its fields live in the profile store's `profileDraft` and
 * `selectedProfileImage`, which the opener filled with the current values.
 */
export function EditProfileDialog({ user, onClose }: EditProfileDialogProps) {
  const draft = useProfileStore((state) => state.profileDraft);
  const picture = useProfileStore((state) => state.selectedProfileImage) || user.profilePic || DEFAULT_AVATAR;
  const draftChanged = useProfileStore((state) => state.setProfileDraft);
  const pictureChanged = useProfileStore((state) => state.setSelectedProfileImage);

  const [uploading, setUploading] = useState(false);
  const [saving, setSaving] = useState(false);
  const [choosingAvatar, setChoosingAvatar] = useState(false);
  const [chosenAvatar, setChosenAvatar] = useState(() => (PRESET_AVATARS.includes(picture) ? picture : ''));
  const [websiteError, setWebsiteError] = useState('');
  const chooseButtonRef = useRef<HTMLButtonElement>(null);
  const websiteRef = useRef<HTMLInputElement>(null);
  const ids = { title: useId(), bio: useId(), website: useId(), websiteError: useId(), avatars: useId() };

  const onPictureChosen = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    input.value = ''; // the same file may be chosen again after a failure
    if (!file) return;
    if (!isAcceptedPicture(file)) {
      toast.error(PICTURE_REFUSED);
      return;
    }
    setUploading(true);
    try {
      // The shared uploader prepares the image (spec 7) and fails with 'Server Error' (spec 8).
      pictureChanged(await uploadImage(file, 'profile'));
      setChosenAvatar('');
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setUploading(false);
    }
  };

  const setAvatar = () => {
    if (!chosenAvatar) return;
    pictureChanged(chosenAvatar);
    setChoosingAvatar(false);
    chooseButtonRef.current?.focus();
  };

  const websiteIsValid = (website: string) => !website || website === user.website || isWebUrl(website);

  const update = async (event: FormEvent, close: () => void) => {
    event.preventDefault();
    if (saving || uploading) return;
    const website = draft.website.trim();
    if (!websiteIsValid(website)) {
      setWebsiteError(WEBSITE_INVALID);
      websiteRef.current?.focus();
      return;
    }
    setSaving(true);
    // The picture shown is the back end's URL for it: sent back only when another one was chosen.
    const newPicture = picture !== user.profilePic ? { profilePic: picture } : {};
    let saved: Profile;
    try {
      ({ user: saved } = await compactApi.editProfile({ ...newPicture, title: draft.title.trim(), bio: draft.bio.trim(), website }));
    } catch (error) {
      toast.error(errorMessage(error));
      setSaving(false);
      return;
    }
    // The answer is the new profile: its page, every post and list that shows the person, the session.
    profileStored(saved);
    useSession.getState().setCurrentUser(saved);
    close();
    toast.success(MESSAGES.profileUpdated);
  };

  const busy = uploading || saving;

  return (
    <ModalDialog title="Edit Profile" onClose={onClose} className="edit-profile">
      {(close) => (
        <form className="edit-profile__form" noValidate onSubmit={(event) => void update(event, close)}>
          <div className="edit-profile__picture">
            <div className="edit-profile__preview">
              <img className="edit-profile__preview-image" src={picture} alt="Profile picture" width="96" height="96" />
              {uploading && <Spinner label="Uploading picture" />}
            </div>
            <div className="edit-profile__picture-options">
              <label className={`button edit-profile__upload${uploading ? ' edit-profile__upload--busy' : ''}`}>
                <input
                  type="file"
                  className="visually-hidden"
                  accept={PICTURE_ACCEPT}
                  disabled={uploading}
                  onChange={(event) => void onPictureChosen(event)}
                />
                <UploadIcon size={18} />
                Upload picture
              </label>
              <button
                ref={chooseButtonRef}
                type="button"
                className="button"
                aria-expanded={choosingAvatar}
                aria-controls={choosingAvatar ? ids.avatars : undefined}
                onClick={() => setChoosingAvatar((open) => !open)}
              >
                <PersonIcon size={18} />
                Choose Avatar
              </button>
            </div>
          </div>

          {choosingAvatar && (
            <div id={ids.avatars} className="edit-profile__avatars">
              <div role="group" aria-label="Preset avatars" className="edit-profile__avatar-grid">
                {PRESET_AVATARS.map((url, index) => (
                  <button
                    key={url}
                    type="button"
                    className="edit-profile__avatar"
                    aria-label={`Avatar ${index + 1}`}
                    aria-pressed={chosenAvatar === url}
                    onClick={() => setChosenAvatar(url)}
                  >
                    <img src={url} alt="" width="56" height="56" />
                  </button>
                ))}
              </div>
              <button type="button" className="button button--primary" disabled={!chosenAvatar} onClick={setAvatar}>
                Set
              </button>
            </div>
          )}

          <div className="edit-profile__field">
            <label htmlFor={ids.title}>Title</label>
            <input
              className="text-input"
              id={ids.title}
              value={draft.title}
              autoComplete="off"
              onChange={(event) => draftChanged({ title: event.target.value })}
            />
          </div>
          <div className="edit-profile__field">
            <label htmlFor={ids.bio}>Bio</label>
            <textarea
              className="text-input"
              id={ids.bio}
              rows={3}
              value={draft.bio}
              onChange={(event) => draftChanged({ bio: event.target.value })}
            />
          </div>
          <div className="edit-profile__field">
            <label htmlFor={ids.website}>Website/Link</label>
            <input
              className="text-input"
              ref={websiteRef}
              id={ids.website}
              type="url"
              inputMode="url"
              autoComplete="url"
              value={draft.website}
              aria-invalid={websiteError ? true : undefined}
              aria-describedby={websiteError ? ids.websiteError : undefined}
              onChange={(event) => {
                draftChanged({ website: event.target.value });
                setWebsiteError('');
              }}
            />
            {websiteError && (
              <p id={ids.websiteError} className="edit-profile__error">
                {websiteError}
              </p>
            )}
          </div>

          <div className="edit-profile__actions">
            <button type="button" className="button" onClick={close}>
              Cancel
            </button>
            <button
              type="submit"
              className="button button--primary"
              aria-disabled={busy || undefined}
              aria-busy={saving || undefined}
            >
              Update
            </button>
          </div>
        </form>
      )}
    </ModalDialog>
  );
}
