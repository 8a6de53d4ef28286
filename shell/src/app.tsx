import { AppToaster } from '@chirp/shared';
import { RouterProvider } from 'react-router-dom';
import { router } from './routes/router';
import { useSessionLifecycle } from './session/use-session-lifecycle';

export function App() {
  useSessionLifecycle();
  return (
    <>
      <RouterProvider router={router} />
      <AppToaster />
    </>
  );
}
