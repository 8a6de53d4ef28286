import { aCompactPost, aProfile, logInAs, summaryOf } from '@chirp/session/testing';
import { ApiError, compactApi } from '@chirp/session';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeGuest, renderInApp } from '../../testing/session';
import ReportsPage from './reports-page';

const me = makeGuest();
const ada = aProfile({ username: 'ada', firstName: 'Ada', lastName: 'Lovelace' });
const post = aCompactPost({ content: 'Buy followers now!' }, summaryOf(ada));
const reported = {
  post,
  authorSuspended: false,
  reportCount: 2,
  reasons: { spam: 2, harassment: 0, illegal: 0, other: 0 },
  details: ['Same link in every reply.'],
  latestAt: '2026-11-26T10:00:00+00:00',
};

beforeEach(() => logInAs(me));
afterEach(() => vi.restoreAllMocks());

const show = () => renderInApp(<ReportsPage />, '/reports');

describe('the Reports page', () => {
  it('lists each reported post with its reasons and details, and the latest actions', async () => {
    vi.spyOn(compactApi, 'reportedPosts').mockResolvedValue({ reports: [reported] });
    vi.spyOn(compactApi, 'moderationLog').mockResolvedValue({
      entries: [{ _id: 'a1', action: 'suspend', moderator: 'guest', username: 'bob', at: '2026-11-26T09:00:00+00:00' }],
    });
    show();
    expect(screen.getByRole('heading', { level: 1, name: 'Reports' })).toBeInTheDocument();
    const item = await screen.findByRole('article', { name: /Ada Lovelace/ });
    expect(within(item).getByText('Buy followers now!')).toBeInTheDocument();
    expect(within(item).getByText(/Spam 2/)).toBeInTheDocument();
    expect(within(item).getByText('2 reports')).toBeInTheDocument();
    expect(within(item).getByText('Same link in every reply.')).toBeInTheDocument();
    const log = await screen.findByRole('list', { name: 'Recent actions' });
    expect(log).toHaveTextContent('@guest suspended @bob');
  });

  it('hides a post, says so, and reads the reports again', async () => {
    const reports = vi.spyOn(compactApi, 'reportedPosts').mockResolvedValueOnce({ reports: [reported] }).mockResolvedValue({ reports: [] });
    vi.spyOn(compactApi, 'moderationLog').mockResolvedValue({ entries: [] });
    const hide = vi.spyOn(compactApi, 'hidePost').mockResolvedValue({ postId: post._id, removedByModerators: true });
    show();
    const item = await screen.findByRole('article', { name: /Ada Lovelace/ });
    await userEvent.click(within(item).getByRole('button', { name: 'Hide post' }));
    expect(hide).toHaveBeenCalledWith(post._id);
    expect(await screen.findByText('Post hidden')).toBeInTheDocument();
    expect(await screen.findByText('No open reports.')).toBeInTheDocument();
    expect(reports).toHaveBeenCalledTimes(2);
  });

  it('offers Suspend and Dismiss, and shows a refusal in the back end’s words', async () => {
    vi.spyOn(compactApi, 'reportedPosts').mockResolvedValue({ reports: [reported] });
    vi.spyOn(compactApi, 'moderationLog').mockResolvedValue({ entries: [] });
    vi.spyOn(compactApi, 'suspendUser').mockRejectedValue(new ApiError(404, 'This user does not exist.'));
    show();
    const item = await screen.findByRole('article', { name: /Ada Lovelace/ });
    expect(within(item).getByRole('button', { name: 'Dismiss' })).toBeEnabled();
    await userEvent.click(within(item).getByRole('button', { name: 'Suspend @ada' }));
    expect(await screen.findByText('This user does not exist.')).toBeInTheDocument();
    await waitFor(() => expect(within(item).getByRole('button', { name: 'Suspend @ada' })).toBeEnabled());
  });

  it('tells someone who is not a moderator why there is nothing to see', async () => {
    vi.spyOn(compactApi, 'reportedPosts').mockRejectedValue(new ApiError(403, 'Only moderators can do this.'));
    show();
    expect(await screen.findByRole('alert')).toHaveTextContent('Only moderators can do this.');
  });
});
