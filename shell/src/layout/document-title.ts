import { paths } from '@chirp/contracts';
import { useUnreadNotifications } from '@chirp/queries';
import { useSession } from '@chirp/session';
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

const APP_NAME = 'Chirp';

/** The pages whose name does not depend on the address, as their headings or nav entries say. */
const SECTION_NAMES: Record<string, string> = {
  [paths.login]: 'Log in',
  [paths.signup]: 'Sign up',
  [paths.home]: 'Home',
  [paths.explore]: 'Explore',
  [paths.bookmarks]: 'Bookmarks',
  [paths.likedPosts]: 'Liked Post',
  [paths.notifications]: 'Notifications',
  [paths.settings]: 'Settings',
  [paths.reports]: 'Reports',
};

function pageName(pathname: string, search: string): string {
  const section = SECTION_NAMES[pathname];
  if (section) return section;
  const profile = /^\/profile\/([^/]+)$/.exec(pathname);
  if (profile) return `@${decodeURIComponent(profile[1]!)}`;
  if (/^\/post\/[^/]+$/.test(pathname)) return 'Post';
  if (pathname === paths.search) {
    const text = new URLSearchParams(search).get('q')?.trim();
    return text ? `${text} - Search` : 'Search';
  }
  return 'Page not found';
}

/**
 * The tab's title for an address: the page, then the app ("Home / Chirp", "@priya.nair / Chirp"),
 * after the unread notifications' count while there are some ("(3) Home / Chirp"), so that a tab
 * among many says where it is and whether something happened.
 */
export function documentTitle(pathname: string, search = '', unread = 0): string {
  const title = `${pageName(pathname, search)} / ${APP_NAME}`;
  return unread > 0 ? `(${unread}) ${title}` : title;
}

/** Keeps `document.title` on the route shown (the shell owns the routes), with the unread count. */
export function useDocumentTitle(): void {
  const { pathname, search } = useLocation();
  // The count is asked for only once the signed-in layout shows (as the Notifications link does).
  const signedIn = useSession((state) => state.token !== null && state.sessionStatus === 'confirmed');
  const { data: unread = 0 } = useUnreadNotifications({ enabled: signedIn });
  const title = documentTitle(pathname, search, signedIn ? unread : 0);
  useEffect(() => {
    document.title = title;
  }, [title]);
}
