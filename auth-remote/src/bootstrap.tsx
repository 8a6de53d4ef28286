import { AppToaster, paths } from '@chirp/shared';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import LoginPage from './features/login/login-page';
import SignupPage from './features/signup/signup-page';

/** The remote on its own (dev): both pages on their routes, with the toast outlet the shell would give. */
const router = createBrowserRouter([
  { path: paths.login, element: <LoginPage /> },
  { path: paths.signup, element: <SignupPage /> },
]);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RouterProvider router={router} />
    <AppToaster />
  </StrictMode>,
);
