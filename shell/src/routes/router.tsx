import { paths } from '@chirp/contracts';
import { useSession } from '@chirp/session';
import { type Location, Navigate, Outlet, type RouteObject, useLocation, useRoutes } from 'react-router-dom';
import { AppFrame } from '../layout/app-frame';
import { AppLayout } from '../layout/app-layout';
import { useDocumentTitle } from '../layout/document-title';
import { NotFoundPage } from '../layout/not-found-page';
import { PublicLayout } from '../layout/public-layout';
import { prerenderedPageTakenOver } from '../remotes/prerendered-page';
import { RemoteArea } from '../remotes/remote-area';
import { PostRoute } from './post-route';
import { HomeRoute, ProfileRoute, SearchRoute } from './profile-route';

/** Logged-in routes need the token; a visitor goes to login and comes back after it. */
function RequireSession() {
  const token = useSession((state) => state.token);
  const signedOut = useSession((state) => state.signedOut);
  const status = useSession((state) => state.sessionStatus);
  const location = useLocation();
  if (!token) return <Navigate to={paths.login} replace state={signedOut ? null : { from: location }} />;
  // A session read back from storage shows the signed-in layout only once the back end knows its user.
  if (status === 'checking') return <SessionCheck />;
  return <Outlet />;
}

/** The signed-in layout's frame, as the page painted it before the app ran, or a loader alone. */
function SessionCheck() {
  return (
    <AppFrame
      label="Checking your session"
      fallback={
        <main className="session-check">
          <div className="spinner" role="status">
            <span className="visually-hidden">Checking your session</span>
          </div>
        </main>
      }
    />
  );
}

/**
 * A logged-in user has nothing to do on the login or sign-up page: they go to the page they first
 * asked for (kept by RequireSession), else home.
 */
function RequireNoSession() {
  const token = useSession((state) => state.token);
  const from = (useLocation().state as { from?: Location } | null)?.from;
  if (!token) return <Outlet />;
  return <Navigate to={from ? `${from.pathname}${from.search}` : paths.home} replace />;
}

/**
 * The route table. The app uses no loaders or actions, so it renders with the declarative
 * `BrowserRouter` and `useRoutes`: the data router's code (about a third of the library) stays out of
 * the page (it would weigh on the first load's JavaScript budget).
 */
const routes: RouteObject[] = [
  {
    element: <RequireNoSession />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          { path: paths.login, element: <RemoteArea module="auth/LoginPage" label="login page" onShown={prerenderedPageTakenOver} /> },
          { path: paths.signup, element: <RemoteArea module="auth/SignupPage" label="sign-up page" onShown={prerenderedPageTakenOver} /> },
        ],
      },
    ],
  },
  {
    element: <RequireSession />,
    children: [
      {
        element: <AppLayout />,
        children: [
          { path: paths.home, element: <HomeRoute /> },
          { path: paths.explore, element: <RemoteArea module="feed/ExplorePage" label="explore feed" /> },
          { path: paths.bookmarks, element: <RemoteArea module="feed/BookmarksPage" label="bookmarks" /> },
          { path: paths.likedPosts, element: <RemoteArea module="feed/LikedPostsPage" label="liked posts" /> },
          { path: '/profile/:userName', element: <ProfileRoute /> },
          { path: paths.search, element: <SearchRoute /> },
          { path: '/post/:postId', element: <PostRoute /> },
          { path: paths.notifications, element: <RemoteArea module="notifications/NotificationsPage" label="notifications" /> },
          { path: paths.settings, element: <RemoteArea module="profile/SettingsPage" label="settings" /> },
          { path: paths.reports, element: <RemoteArea module="profile/ReportsPage" label="reports" /> },
        ],
      },
    ],
  },
  { path: '*', element: <NotFoundPage /> },
];

export function AppRoutes() {
  useDocumentTitle();
  return useRoutes(routes);
}
