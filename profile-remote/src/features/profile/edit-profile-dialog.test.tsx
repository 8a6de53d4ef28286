import { MESSAGES, PRESET_AVATARS } from '@chirp/contracts';
import { ApiError, compactApi, uploadImage, useSession } from '@chirp/session';
import { logInAs } from '@chirp/session/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeGuest, renderInApp, serveProfiles } from '../../testing/session';
import ProfilePage from './profile-page';
import { useProfileStore } from '../../lib/profile-store';

// The shared uploader reads and re-encodes images with browser APIs happy-dom lacks.
vi.mock('@chirp/session', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@chirp/session')>()),
  uploadImage: vi.fn(),
}));

const me = makeGuest({ profilePic: '/avatars/guest.png' });

function NoPosts() {
  return null;
}

beforeEach(() => {
  logInAs(me);
  serveProfiles(me);
  vi.mocked(uploadImage).mockReset();
});
afterEach(() => vi.restoreAllMocks());

async function openEditor() {
  renderInApp(<ProfilePage userName="guestuser" PostList={NoPosts} />, '/profile/guestuser');
  await userEvent.click(await screen.findByRole('button', { name: 'Edit Profile' }));
  return screen.getByRole('dialog', { name: 'Edit Profile' });
}

const preview = (dialog: HTMLElement) => within(dialog).getByRole('img', { name: 'Profile picture' });

describe('profile-edit dialog', () => {
  it('opens with the current title, bio, website and picture, copied into the draft', async () => {
    useProfileStore.setState({ profileDraft: { title: 'stale', bio: 'stale', website: 'stale' } });
    const dialog = await openEditor();
    expect(within(dialog).getByRole('heading', { level: 2, name: 'Edit Profile' })).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Title')).toHaveValue('Chief tester');
    expect(within(dialog).getByLabelText('Bio')).toHaveValue('Tries every button.');
    expect(within(dialog).getByLabelText('Bio').tagName).toBe('TEXTAREA');
    expect(within(dialog).getByLabelText('Website/Link')).toHaveValue('https://chirp.example/guest');
    expect(within(dialog).getByLabelText('Website/Link')).toHaveAttribute('type', 'url');
    expect(preview(dialog)).toHaveAttribute('src', '/avatars/guest.png');
    expect(useProfileStore.getState().profileDraft).toEqual({
      title: 'Chief tester',
      bio: 'Tries every button.',
      website: 'https://chirp.example/guest',
    });
    expect(useProfileStore.getState().selectedProfileImage).toBe('/avatars/guest.png');
  });

  it("sends the changes, closes, says 'Profile updated!' and shows the new values", async () => {
    const updated = { ...me, title: 'Head of QA', bio: 'Breaks things.', website: 'https://qa.example' };
    const edit = vi.spyOn(compactApi, 'editProfile').mockResolvedValue({ user: updated });
    const dialog = await openEditor();

    await userEvent.clear(within(dialog).getByLabelText('Title'));
    await userEvent.type(within(dialog).getByLabelText('Title'), 'Head of QA');
    await userEvent.clear(within(dialog).getByLabelText('Bio'));
    await userEvent.type(within(dialog).getByLabelText('Bio'), 'Breaks things.');
    await userEvent.clear(within(dialog).getByLabelText('Website/Link'));
    await userEvent.type(within(dialog).getByLabelText('Website/Link'), 'https://qa.example');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Update' }));

    // The picture is unchanged: the back end's address for it is not sent back as a new picture.
    expect(edit).toHaveBeenCalledWith({
      title: 'Head of QA',
      bio: 'Breaks things.',
      website: 'https://qa.example',
    });
    expect(await screen.findByText('Profile updated!')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // The answer is shown at once, on the page and in the session, without asking again.
    expect(await screen.findByText('Head of QA')).toBeInTheDocument();
    expect(useSession.getState().currentUser?.title).toBe('Head of QA');
    expect(screen.getByRole('link', { name: 'https://qa.example' })).toBeInTheDocument();
  });

  it('keeps the dialog open and shows the message when the update is refused', async () => {
    vi.spyOn(compactApi, 'editProfile').mockRejectedValue(new ApiError(404, 'Username cannot be changed'));
    const dialog = await openEditor();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Username cannot be changed')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Edit Profile' })).toBeInTheDocument();
    expect(screen.queryByText('Profile updated!')).not.toBeInTheDocument();
  });

  it('refuses a website that is not a web address, without calling the back end', async () => {
    const edit = vi.spyOn(compactApi, 'editProfile');
    const dialog = await openEditor();
    const website = within(dialog).getByLabelText('Website/Link');
    await userEvent.clear(website);
    await userEvent.type(website, 'my site');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Update' }));
    expect(website).toHaveAccessibleDescription('Enter a web address that starts with http:// or https://');
    expect(website).toHaveAttribute('aria-invalid', 'true');
    expect(website).toHaveFocus();
    expect(edit).not.toHaveBeenCalled();
  });

  it('closes on Cancel without sending anything, and gives focus back to Edit Profile', async () => {
    const edit = vi.spyOn(compactApi, 'editProfile');
    const dialog = await openEditor();
    await userEvent.type(within(dialog).getByLabelText('Title'), ' (draft)');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(edit).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Edit Profile' })).toHaveFocus();
    expect(screen.getByText('Chief tester')).toBeInTheDocument();
  });

  it('offers the 6 preset avatars; Set makes the chosen one the picture that Update sends', async () => {
    const edit = vi.spyOn(compactApi, 'editProfile').mockResolvedValue({ user: { ...me, profilePic: PRESET_AVATARS[2]! } });
    const dialog = await openEditor();
    const choose = within(dialog).getByRole('button', { name: 'Choose Avatar' });
    expect(choose).toHaveAttribute('aria-expanded', 'false');

    await userEvent.click(choose);
    const avatars = within(dialog).getAllByRole('button', { name: /^Avatar \d$/ });
    expect(avatars.map((button) => button.getAttribute('aria-label'))).toEqual(
      ['Avatar 1', 'Avatar 2', 'Avatar 3', 'Avatar 4', 'Avatar 5', 'Avatar 6'],
    );
    expect(within(dialog).getByRole('button', { name: 'Set' })).toBeDisabled();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Avatar 3' }));
    expect(within(dialog).getByRole('button', { name: 'Avatar 3' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(dialog).getByRole('button', { name: 'Avatar 1' })).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Set' }));

    expect(preview(dialog)).toHaveAttribute('src', PRESET_AVATARS[2]);
    expect(within(dialog).queryByRole('button', { name: 'Avatar 3' })).not.toBeInTheDocument();
    expect(choose).toHaveFocus();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Update' }));
    expect(edit).toHaveBeenCalledWith(expect.objectContaining({ profilePic: PRESET_AVATARS[2] }));
    await waitFor(() =>
      expect(screen.getByRole('img', { name: 'Profile picture' })).toHaveAttribute('src', PRESET_AVATARS[2]),
    );
  });

  it('uploads a JPEG, PNG or GIF picture and uses it; Update waits for the upload', async () => {
    let finish: (url: string) => void = () => {};
    vi.mocked(uploadImage).mockImplementation(() => new Promise((resolve) => (finish = resolve)));
    const edit = vi.spyOn(compactApi, 'editProfile').mockResolvedValue({ user: me });
    const dialog = await openEditor();
    const input = within(dialog).getByLabelText('Upload picture');
    expect(input).toHaveAttribute('type', 'file');
    expect(input).toHaveAttribute('accept', 'image/jpeg,image/png,image/gif');

    const picture = new File(['png'], 'me.png', { type: 'image/png' });
    await userEvent.upload(input, picture);
    expect(uploadImage).toHaveBeenCalledWith(picture, 'profile');
    expect(within(dialog).getByText('Uploading picture')).toBeInTheDocument();
    const update = within(dialog).getByRole('button', { name: 'Update' });
    expect(update).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(update);
    expect(edit).not.toHaveBeenCalled();

    finish('https://images.example/me.png');
    await waitFor(() => expect(preview(dialog)).toHaveAttribute('src', 'https://images.example/me.png'));
    expect(within(dialog).queryByText('Uploading picture')).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Update' }));
    expect(edit).toHaveBeenCalledWith(expect.objectContaining({ profilePic: 'https://images.example/me.png' }));
  });

  it('refuses any other kind of file with a message', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const dialog = await openEditor();
    await user.upload(
      within(dialog).getByLabelText('Upload picture'),
      new File(['<svg/>'], 'logo.webp', { type: 'image/webp' }),
    );
    expect(await screen.findByText('Only JPEG, PNG or GIF images can be used.')).toBeInTheDocument();
    expect(uploadImage).not.toHaveBeenCalled();
    expect(preview(dialog)).toHaveAttribute('src', '/avatars/guest.png');
  });

  it("says 'Server Error' when the upload fails, keeping the old picture", async () => {
    vi.mocked(uploadImage).mockRejectedValue(new Error(MESSAGES.uploadFailed));
    const dialog = await openEditor();
    await userEvent.upload(
      within(dialog).getByLabelText('Upload picture'),
      new File(['gif'], 'me.gif', { type: 'image/gif' }),
    );
    expect(await screen.findByText('Server Error')).toBeInTheDocument();
    expect(preview(dialog)).toHaveAttribute('src', '/avatars/guest.png');
    expect(within(dialog).getByRole('button', { name: 'Update' })).not.toHaveAttribute('aria-disabled');
  });
});
