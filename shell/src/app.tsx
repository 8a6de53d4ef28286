import { AppToaster } from '@chirp/session';
import type { ComponentType, ReactNode } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { OfflineNote } from './offline/offline-note';
import { AppRoutes } from './routes/router';
import { useSessionLifecycle } from './session/use-session-lifecycle';

interface AppProps {
  /** The page's router: the browser's address, or a fixed one where the page is rendered at build time. */
  router?: ComponentType<{ children: ReactNode }>;
}

/**
 * The session's lifecycle, in a component of its own beside the routes rather than in App: what it
 * listens to (the token, the live source, which is set as the page starts) would otherwise render
 * every route again each time it changes.
 */
function SessionLifecycle() {
  useSessionLifecycle();
  return null;
}

export function App({ router: Router = BrowserRouter }: AppProps) {
  return (
    <>
      <SessionLifecycle />
      <Router>
        <AppRoutes />
      </Router>
      <AppToaster />
      <OfflineNote />
    </>
  );
}
