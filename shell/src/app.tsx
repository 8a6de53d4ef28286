import { AppToaster } from '@chirp/session';
import { BrowserRouter } from 'react-router-dom';
import { OfflineNote } from './offline/offline-note';
import { AppRoutes } from './routes/router';
import { useSessionLifecycle } from './session/use-session-lifecycle';

export function App() {
  useSessionLifecycle();
  return (
    <>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
      <AppToaster />
      <OfflineNote />
    </>
  );
}
