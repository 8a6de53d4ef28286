import { AppToaster } from '@chirp/session';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import NotificationsPage from './features/notifications/notifications-page';

/**
 * The remote on its own (`npm run dev -w notifications-remote`): the notifications page of whoever
 * is signed in, talking to whatever answers /api.
 */
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <BrowserRouter>
      <main style={{ maxWidth: 620, margin: '0 auto', padding: 16 }}>
        <NotificationsPage />
      </main>
    </BrowserRouter>
    <AppToaster />
  </StrictMode>,
);
