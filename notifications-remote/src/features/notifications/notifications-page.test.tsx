import type { Notification, UserSummary } from '@chirp/contracts';
import { ApiError, compactApi, queryClient } from '@chirp/session';
import { queryKeys } from '@chirp/queries';
import { aProfile, logInAs, renderWithApp, summaryOf } from '@chirp/session/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { notificationText } from './notification-text';
import NotificationsPage from './notifications-page';

const person = (username: string, firstName: string): UserSummary => summaryOf(aProfile({ _id: `id-${username}`, username, firstName }));
const ana = person('ana', 'Ana');
const bo = person('bo', 'Bo');
const cy = person('cy', '');

let sequence = 0;
function aLine(fields: Partial<Notification>): Notification {
  sequence += 1;
  return { _id: `n-${sequence}`, kind: 'like', actors: [ana], actorCount: 1, read: false, updatedAt: '2026-11-20T09:30:00+00:00', ...fields };
}

beforeEach(() => {
  logInAs(aProfile({ username: 'guestuser' }));
});

describe('what a line says', () => {
  it('names the newest actor and how many others, for each kind', () => {
    expect(notificationText(aLine({ kind: 'like' }))).toBe('Ana liked your post');
    expect(notificationText(aLine({ kind: 'like', actors: [ana, bo], actorCount: 2 }))).toBe('Ana and 1 other liked your post');
    expect(notificationText(aLine({ kind: 'like', actors: [ana, bo, cy], actorCount: 4 }))).toBe('Ana and 3 others liked your post');
    expect(notificationText(aLine({ kind: 'follow', actors: [bo, ana], actorCount: 2 }))).toBe('Bo and 1 other followed you');
    expect(notificationText(aLine({ kind: 'reply' }))).toBe('Ana replied to your post');
    expect(notificationText(aLine({ kind: 'mention', actors: [cy] }))).toBe('cy mentioned you');
    expect(notificationText(aLine({ kind: 'repost' }))).toBe('Ana reposted your post');
    expect(notificationText(aLine({ kind: 'repost', actors: [bo, ana], actorCount: 3 }))).toBe('Bo and 2 others reposted your post');
    expect(notificationText(aLine({ kind: 'quote', actors: [bo] }))).toBe('Bo quoted your post');
  });
});

describe('the notifications page', () => {
  it('lists the lines newest first, each a link to its post or profile, and marks them read once loaded', async () => {
    const liked = aLine({ kind: 'like', actors: [ana, bo], actorCount: 4, post: { _id: 'p1', content: 'My sourdough' } });
    const followed = aLine({ kind: 'follow', actors: [bo], read: true });
    vi.spyOn(compactApi, 'notifications').mockResolvedValue({ notifications: [liked, followed], nextCursor: null });
    const read = vi.spyOn(compactApi, 'readNotifications').mockResolvedValue({ unread: 0 });
    queryClient.setQueryData(queryKeys.unreadNotifications, 1);
    renderWithApp(<NotificationsPage />, { path: '/notifications' });

    expect(screen.getByRole('heading', { level: 1, name: 'Notifications' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Notifications' });
    const [first, second] = within(list).getAllByRole('link');
    expect(first).toHaveAccessibleName(/^Unread: Ana and 3 others liked your post .* My sourdough$/);
    expect(first).toHaveAttribute('href', '/post/p1');
    expect(second).toHaveAccessibleName(/^Bo followed you/);
    expect(second).toHaveAttribute('href', '/profile/bo');
    await waitFor(() => expect(read).toHaveBeenCalledTimes(1));
    expect(queryClient.getQueryData(queryKeys.unreadNotifications)).toBe(0);
  });

  it('lists reposts of a post as one line to that post, and a quote as a line to the quoting post', async () => {
    const reposted = aLine({ kind: 'repost', actors: [bo, ana], actorCount: 2, post: { _id: 'p1', content: 'My sourdough' } });
    const quoted = aLine({ kind: 'quote', actors: [cy], post: { _id: 'q1', content: 'Look at this loaf' } });
    vi.spyOn(compactApi, 'notifications').mockResolvedValue({ notifications: [quoted, reposted], nextCursor: null });
    vi.spyOn(compactApi, 'readNotifications').mockResolvedValue({ unread: 0 });
    renderWithApp(<NotificationsPage />, { path: '/notifications' });

    const list = await screen.findByRole('list', { name: 'Notifications' });
    const [first, second] = within(list).getAllByRole('link');
    expect(first).toHaveAccessibleName(/^Unread: cy quoted your post .* Look at this loaf$/);
    expect(first).toHaveAttribute('href', '/post/q1');
    expect(second).toHaveAccessibleName(/^Unread: Bo and 1 other reposted your post .* My sourdough$/);
    expect(second).toHaveAttribute('href', '/post/p1');
  });

  it('shows what arrives while it is open (the unread count rises), and counts it as seen', async () => {
    const followed = aLine({ kind: 'follow', actors: [bo] });
    const page = vi
      .spyOn(compactApi, 'notifications')
      .mockResolvedValueOnce({ notifications: [], nextCursor: null })
      .mockResolvedValue({ notifications: [followed], nextCursor: null });
    const read = vi.spyOn(compactApi, 'readNotifications').mockResolvedValue({ unread: 0 });
    renderWithApp(<NotificationsPage />, { path: '/notifications' });
    expect(await screen.findByText('No notifications yet')).toBeInTheDocument();
    await waitFor(() => expect(read).toHaveBeenCalledTimes(1));

    // What live updates (or the badge's next ask) do when someone follows: the count rises.
    act(() => void queryClient.setQueryData(queryKeys.unreadNotifications, 1));
    const list = await screen.findByRole('list', { name: 'Notifications' });
    expect(within(list).getByRole('link')).toHaveAccessibleName(/^Unread: Bo followed you/);
    expect(page).toHaveBeenCalledTimes(2);
    await waitFor(() => expect(read).toHaveBeenCalledTimes(2));
    expect(queryClient.getQueryData(queryKeys.unreadNotifications)).toBe(0);
  });

  it('says when there is nothing yet', async () => {
    vi.spyOn(compactApi, 'notifications').mockResolvedValue({ notifications: [], nextCursor: null });
    vi.spyOn(compactApi, 'readNotifications').mockResolvedValue({ unread: 0 });
    renderWithApp(<NotificationsPage />);
    expect(await screen.findByText('No notifications yet')).toBeInTheDocument();
  });

  it('shows more on request, from the cursor of the last page', async () => {
    const page = vi
      .spyOn(compactApi, 'notifications')
      .mockResolvedValueOnce({ notifications: [aLine({ kind: 'reply', post: { _id: 'p2', content: 'Hi' } })], nextCursor: 'next' })
      .mockResolvedValueOnce({ notifications: [aLine({ kind: 'mention', post: { _id: 'p3', content: 'Hey @guestuser' } })], nextCursor: null });
    vi.spyOn(compactApi, 'readNotifications').mockResolvedValue({ unread: 0 });
    renderWithApp(<NotificationsPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Show more notifications' }));
    expect(await screen.findByRole('link', { name: /Ana mentioned you/ })).toHaveAttribute('href', '/post/p3');
    expect(page).toHaveBeenLastCalledWith({ cursor: 'next' });
    expect(screen.queryByRole('button', { name: 'Show more notifications' })).not.toBeInTheDocument();
  });

  it('says why it could not load, and asks again with Retry', async () => {
    vi.spyOn(compactApi, 'notifications')
      .mockRejectedValueOnce(new ApiError(500, 'The server is down.'))
      .mockResolvedValue({ notifications: [aLine({})], nextCursor: null });
    vi.spyOn(compactApi, 'readNotifications').mockResolvedValue({ unread: 0 });
    renderWithApp(<NotificationsPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent('The server is down.');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('link', { name: /Ana liked your post/ })).toBeInTheDocument();
  });
});
