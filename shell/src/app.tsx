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

export function App({ router: Router = BrowserRouter }: AppProps) {
  useSessionLifecycle();
  return (
    <>
      <Router>
        <AppRoutes />
      </Router>
      <AppToaster />
      <OfflineNote />
    </>
  );
}
