import { compactApi, queryClient } from '@chirp/session';
import { queryKeys } from '@chirp/queries';
import { aProfile, logInAs, renderWithApp } from '@chirp/session/testing';
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { badgeText, NotificationsLink } from './notifications-link';

beforeEach(() => {
  logInAs(aProfile({ username: 'guestuser' }));
});

describe('the Notifications link', () => {
  it('says how many are unread, in its name and on a badge', async () => {
    vi.spyOn(compactApi, 'unreadNotifications').mockResolvedValue({ unread: 3 });
    renderWithApp(<NotificationsLink showLabel />);
    const link = await screen.findByRole('link', { name: 'Notifications, 3 unread' });
    expect(link).toHaveAttribute('href', '/notifications');
    expect(link).toHaveTextContent('3Notifications');
  });

  it('is plain "Notifications" when nothing is unread', async () => {
    const asked = vi.spyOn(compactApi, 'unreadNotifications').mockResolvedValue({ unread: 0 });
    renderWithApp(<NotificationsLink showLabel={false} />);
    await vi.waitFor(() => expect(queryClient.getQueryData(queryKeys.unreadNotifications)).toBe(0));
    expect(asked).toHaveBeenCalled();
    expect(screen.getByRole('link', { name: 'Notifications' })).not.toHaveTextContent(/\d/);
  });

  it('shows 99+ above 99', () => {
    expect(badgeText(7)).toBe('7');
    expect(badgeText(99)).toBe('99');
    expect(badgeText(100)).toBe('99+');
  });
});
