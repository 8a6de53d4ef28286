import { paths } from '@chirp/contracts';
import { AppToaster } from '@chirp/session';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import LoginPage from './features/login/login-page';
import SignupPage from './features/signup/signup-page';

/** The remote on its own (dev): both pages on their routes, with the toast outlet the shell would give. */
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <BrowserRouter>
      <Routes>
        <Route path={paths.login} element={<LoginPage />} />
        <Route path={paths.signup} element={<SignupPage />} />
      </Routes>
    </BrowserRouter>
    <AppToaster />
  </StrictMode>,
);
