import { compactApi, toast } from '@chirp/session';
import { aCompactPost, aProfile, logInAs, renderWithApp } from '@chirp/session/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import ComposerDialog from './composer-dialog';

const me = aProfile({ username: 'guestuser' });

beforeEach(() => {
  toast.remove();
  logInAs(me);
});

describe('the composer dialog', () => {
  it('opens as a modal with the text box focused', () => {
    renderWithApp(<ComposerDialog onClose={() => {}} />);
    const dialog = screen.getByRole('dialog', { name: 'Create post' });
    expect(dialog).toHaveAttribute('open');
    expect(within(dialog).getByRole('textbox', { name: 'Write a post' })).toHaveFocus();
  });

  it('closes with the Close button and tells the shell', async () => {
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderWithApp(<ComposerDialog onClose={onClose} />);
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
  });

  it('closes after a successful post', async () => {
    const onClose = vi.fn();
    vi.spyOn(compactApi, 'createPost').mockResolvedValue({ post: aCompactPost({ content: 'From the dialog' }) });
    const user = userEvent.setup();
    renderWithApp(<ComposerDialog onClose={onClose} />);
    await user.type(screen.getByRole('textbox', { name: 'Write a post' }), 'From the dialog');
    await user.click(screen.getByRole('button', { name: 'Post' }));
    expect(await screen.findByText('Post uploaded Successfully')).toBeInTheDocument();
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
  });

  it('stays open when the post is refused', async () => {
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderWithApp(<ComposerDialog onClose={onClose} />);
    await user.click(screen.getByRole('button', { name: 'Post' }));
    expect(await screen.findByText('Empty post is useless!')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toHaveAttribute('open');
    expect(onClose).not.toHaveBeenCalled();
  });
});
