import { aProfile } from '@chirp/session/testing';
import { ApiError, compactApi, useSession } from '@chirp/session';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeGuest, renderInApp } from '../../testing/session';
import { logInAs } from '@chirp/session/testing';
import SettingsPage from './settings-page';

const me = makeGuest();
const account = { _id: me._id, username: me.username, firstName: 'Guest', lastName: 'User', email: '' };
const rohit = { ...aProfile({ username: 'rohit', firstName: 'Rohit', lastName: 'Sharma' }), followedByMe: false };

beforeEach(() => {
  logInAs(me);
  vi.spyOn(compactApi, 'account').mockResolvedValue({ account });
  vi.spyOn(compactApi, 'mutedPeople').mockResolvedValue({ users: [], nextCursor: null });
  vi.spyOn(compactApi, 'blockedPeople').mockResolvedValue({ users: [rohit], nextCursor: null });
  vi.spyOn(compactApi, 'mutedWords').mockResolvedValue({ words: [] });
});
afterEach(() => vi.restoreAllMocks());

const show = () => renderInApp(<SettingsPage />, '/settings');

describe('the settings page', () => {
  it('shows the account’s names and address, and the people muted and blocked', async () => {
    show();
    expect(screen.getByRole('heading', { level: 1, name: 'Settings' })).toBeInTheDocument();
    const form = await screen.findByRole('form', { name: 'Your account' });
    expect(within(form).getByLabelText('First name')).toHaveValue('Guest');
    expect(within(form).getByLabelText('Email address')).toHaveValue('');
    expect(await screen.findByText('You have muted no one.')).toBeInTheDocument();
    const blocked = screen.getByRole('region', { name: 'Blocked accounts' });
    expect(await within(blocked).findByRole('link', { name: /Rohit Sharma/ })).toHaveAttribute('href', '/profile/rohit');
  });

  it('shows moderators, and only them, the way to the Reports page', async () => {
    show();
    await screen.findByRole('form', { name: 'Your account' });
    expect(screen.queryByRole('region', { name: 'Moderation' })).toBeNull();
  });

  it('links a moderator to the Reports page', async () => {
    vi.spyOn(compactApi, 'account').mockResolvedValue({ account: { ...account, moderator: true } });
    show();
    const section = await screen.findByRole('region', { name: 'Moderation' });
    expect(within(section).getByRole('link', { name: 'Reports' })).toHaveAttribute('href', '/reports');
  });

  it('saves a new email address and says so; a refusal shows beside the form', async () => {
    const edit = vi
      .spyOn(compactApi, 'editAccount')
      .mockRejectedValueOnce(new ApiError(409, 'This email address is already used by another account.'))
      .mockResolvedValueOnce({ account: { ...account, email: 'guest@example.com' } });
    show();
    const form = await screen.findByRole('form', { name: 'Your account' });
    await userEvent.type(within(form).getByLabelText('Email address'), 'guest@example.com');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('This email address is already used by another account.');
    expect(edit).toHaveBeenLastCalledWith({ email: 'guest@example.com' });
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Settings saved')).toBeInTheDocument();
    await waitFor(() => expect(within(form).queryByRole('alert')).toBeNull());
  });

  it('unblocks from the list', async () => {
    const unblock = vi.spyOn(compactApi, 'unblock').mockResolvedValue({ relation: { userId: rohit._id, mutedByMe: false, blockedByMe: false } });
    show();
    await userEvent.click(await screen.findByRole('button', { name: 'Unblock @rohit' }));
    expect(unblock).toHaveBeenCalledWith(rohit._id);
    expect(await screen.findByText('Unblocked @rohit')).toBeInTheDocument();
  });
});

describe('the password and the sessions', () => {
  it('changes the password with the current one; this session keeps going on the new token', async () => {
    const change = vi
      .spyOn(compactApi, 'changePassword')
      .mockRejectedValueOnce(new ApiError(403, 'The current password is not right.'))
      .mockResolvedValueOnce({ encodedToken: 'the-new-token' });
    show();
    const form = screen.getByRole('form', { name: 'Password' });
    await userEvent.type(within(form).getByLabelText('Current password'), 'guess');
    await userEvent.type(within(form).getByLabelText('New password'), 'a brand new secret');
    await userEvent.type(within(form).getByLabelText('Confirm new password'), 'a brand new secreT');
    await userEvent.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('The new passwords do not match.');
    expect(change).not.toHaveBeenCalled();

    await userEvent.clear(within(form).getByLabelText('Confirm new password'));
    await userEvent.type(within(form).getByLabelText('Confirm new password'), 'a brand new secret');
    await userEvent.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('The current password is not right.');
    expect(change).toHaveBeenLastCalledWith('guess', 'a brand new secret');

    await userEvent.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Password changed. Every other session is signed out.')).toBeInTheDocument();
    expect(useSession.getState().token).toBe('the-new-token');
    expect(localStorage.getItem('token')).toBe('the-new-token');
    expect(within(form).getByLabelText('Current password')).toHaveValue('');
  });

  it('signs out everywhere, this browser too', async () => {
    const signOutEverywhere = vi.spyOn(compactApi, 'signOutEverywhere').mockResolvedValue({ signedOutEverywhere: true });
    show();
    await userEvent.click(screen.getByRole('button', { name: 'Sign out everywhere' }));
    expect(signOutEverywhere).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(useSession.getState().token).toBeNull());
    expect(useSession.getState().signedOut).toBe(true);
    expect(await screen.findByText('Signed out everywhere')).toBeInTheDocument();
  });

  it('downloads the account’s data as chirp-<username>.json', async () => {
    const data = {
      exportedAt: '2026-11-26T20:00:00+00:00',
      complete: true,
      account,
      profile: { profilePic: '', title: '', bio: '', website: '', createdAt: '', updatedAt: '', extras: {} },
      posts: [],
      likes: [],
      bookmarks: [],
      following: [],
      followers: [],
      muted: [],
      blocked: [],
      mutedWords: [],
    };
    const exportAccount = vi.spyOn(compactApi, 'exportAccount').mockResolvedValue({ data });
    const saved: { name: string; text: Promise<string> }[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      saved.push({ name: '', text: (blob as Blob).text() });
      return 'blob:chirp-export';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved[saved.length - 1]!.name = this.download;
    });
    show();
    const section = screen.getByRole('region', { name: 'Download my data' });
    await userEvent.click(within(section).getByRole('button', { name: 'Download my data' }));
    expect(await screen.findByText('Your data was downloaded.')).toBeInTheDocument();
    expect(exportAccount).toHaveBeenCalledTimes(1);
    expect(click).toHaveBeenCalledTimes(1);
    expect(saved[0]!.name).toBe(`chirp-${me.username}.json`);
    expect(JSON.parse(await saved[0]!.text)).toEqual(data);
  });

  it('deletes the account once the password is given: a wrong one is said in the dialog, Cancel closes it, and then the session ends', async () => {
    const deleteAccount = vi
      .spyOn(compactApi, 'deleteAccount')
      .mockRejectedValueOnce(new ApiError(403, 'The password is not right. Your account was not deleted.'))
      .mockResolvedValueOnce({ accountDeleted: true });
    show();
    const opener = within(screen.getByRole('region', { name: 'Delete account' })).getByRole('button', { name: 'Delete account' });
    await userEvent.click(opener);
    let dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    expect(within(dialog).getByLabelText('Your password')).toHaveFocus();
    // Escape is the browser's own (a native modal <dialog>): the E2E test presses it.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(opener).toHaveFocus();

    await userEvent.click(opener);
    dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    const confirm = within(dialog).getByRole('button', { name: 'Delete my account for good' });
    expect(confirm).toBeDisabled();
    await userEvent.type(within(dialog).getByLabelText('Your password'), 'wrong password');
    await userEvent.click(confirm);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The password is not right. Your account was not deleted.');
    expect(within(dialog).getByLabelText('Your password')).toHaveAttribute('aria-invalid', 'true');
    expect(useSession.getState().token).not.toBeNull();

    await userEvent.clear(within(dialog).getByLabelText('Your password'));
    await userEvent.type(within(dialog).getByLabelText('Your password'), 'guest@chirp1');
    await userEvent.click(confirm);
    expect(deleteAccount).toHaveBeenLastCalledWith('guest@chirp1');
    await waitFor(() => expect(useSession.getState().token).toBeNull());
    expect(useSession.getState().signedOut).toBe(true);
    expect(await screen.findByText('Your account was deleted.')).toBeInTheDocument();
  });
});

describe('muted words in the settings', () => {
  it('mutes a word as the back end keeps it, lists it, and unmutes it; an empty one is refused beside the field', async () => {
    const mute = vi.spyOn(compactApi, 'muteWord').mockResolvedValue({ words: ['game of thrones'] });
    const unmute = vi.spyOn(compactApi, 'unmuteWord').mockResolvedValue({ words: [] });
    show();
    const section = await screen.findByRole('region', { name: 'Muted words' });
    expect(await within(section).findByText('You have not muted any words.')).toBeInTheDocument();
    const form = within(section).getByRole('form', { name: 'Mute word' });
    const field = within(form).getByLabelText('Word, phrase or #tag');
    expect(field).toHaveAccessibleDescription(/folded away in your feeds/);

    await userEvent.type(field, '   ');
    await userEvent.click(within(form).getByRole('button', { name: 'Mute word' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('A muted word, phrase or #tag has 1 to 50 characters, with a letter or a digit.');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(mute).not.toHaveBeenCalled();

    await userEvent.clear(field);
    await userEvent.type(field, '  Game of  Thrones{Enter}');
    expect(mute).toHaveBeenCalledWith('  Game of  Thrones');
    const list = await within(section).findByRole('list', { name: 'Muted words' });
    expect(within(list).getByText('game of thrones')).toBeInTheDocument();
    expect(field).toHaveValue('');
    expect(within(form).queryByRole('alert')).toBeNull();
    expect(await screen.findByText('Muted “game of thrones”')).toBeInTheDocument();

    await userEvent.click(within(list).getByRole('button', { name: 'Unmute “game of thrones”' }));
    expect(unmute).toHaveBeenCalledWith('game of thrones');
    expect(await within(section).findByText('You have not muted any words.')).toBeInTheDocument();
  });

  it('shows the back end’s refusal beside the field', async () => {
    vi.spyOn(compactApi, 'muteWord').mockRejectedValue(new ApiError(400, 'You can mute up to 100 words, phrases and tags.'));
    show();
    const form = await screen.findByRole('form', { name: 'Mute word' });
    await userEvent.type(within(form).getByLabelText('Word, phrase or #tag'), 'one more{Enter}');
    expect(await within(form).findByRole('alert')).toHaveTextContent('You can mute up to 100 words, phrases and tags.');
    expect(within(form).getByLabelText('Word, phrase or #tag')).toHaveValue('one more');
  });
});
