import { compactApi } from '@chirp/session';
import { aProfile, logInAs, renderWithApp } from '@chirp/session/testing';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { documentTitle, useDocumentTitle } from './document-title';

afterEach(() => vi.restoreAllMocks());

function TitleKeeper() {
  useDocumentTitle();
  return null;
}

describe('the page title', () => {
  it('names the page, then Chirp', () => {
    expect(documentTitle('/')).toBe('Log in / Chirp');
    expect(documentTitle('/signup')).toBe('Sign up / Chirp');
    expect(documentTitle('/home')).toBe('Home / Chirp');
    expect(documentTitle('/explore')).toBe('Explore / Chirp');
    expect(documentTitle('/bookmarks')).toBe('Bookmarks / Chirp');
    expect(documentTitle('/likedpost')).toBe('Liked Post / Chirp');
    expect(documentTitle('/notifications')).toBe('Notifications / Chirp');
    expect(documentTitle('/profile/priya.nair')).toBe('@priya.nair / Chirp');
    expect(documentTitle('/post/p1')).toBe('Post / Chirp');
    expect(documentTitle('/search', '?q=sourdough&tab=posts')).toBe('sourdough - Search / Chirp');
    expect(documentTitle('/nowhere')).toBe('Page not found / Chirp');
  });

  it('starts with the unread notifications’ count while there are some', () => {
    expect(documentTitle('/home', '', 3)).toBe('(3) Home / Chirp');
    expect(documentTitle('/home', '', 0)).toBe('Home / Chirp');
  });

  it('follows the route and the unread count of the signed-in person', async () => {
    logInAs(aProfile({ username: 'guestuser' }));
    vi.spyOn(compactApi, 'unreadNotifications').mockResolvedValue({ unread: 2 });
    renderWithApp(<TitleKeeper />, { path: '/explore' });
    await vi.waitFor(() => expect(document.title).toBe('(2) Explore / Chirp'));
  });
});
