import { StrictMode } from 'react';
import { createRoot, hydrateRoot, type RootOptions } from 'react-dom/client';
import { followStoredTheme } from '@chirp/session';
import { App } from './app';
import { startBackend } from './backend/start-backend';
import { StartupError } from './layout/startup-error';
import { registerServiceWorker } from './offline/service-worker';
import { prepareRemotes } from './remotes/remote-registry';
import '@chirp/ui/styles.css';
import './styles/global.css';

const container = document.getElementById('root')!;
const options: RootOptions = {
  // An error caught by a boundary is already shown to the person (a remote area says it could not
  // load, with Retry): log it as a warning. Uncaught errors keep React's default (console.error).
  onCaughtError: (error, info) => console.warn('Caught by an error boundary:', error, info.componentStack),
};
const app = (
  <StrictMode>
    <App />
  </StrictMode>
);

// The early-start script has shown the stored theme already (not on the dev server); a choice made
// in another tab is followed from here on.
followStoredTheme();

// remotes.json and the back end load side by side: neither waits for the other.
prepareRemotes();
startBackend()
  .then(() => {
    // The log-in and sign-up pages come painted in the HTML (build/prerender/plugin.ts): the app
    // takes that HTML over rather than painting it again, and what was typed into it stays.
    if (container.dataset.prerendered === window.location.pathname) hydrateRoot(container, app, options);
    else createRoot(container, options).render(app);
  })
  .catch((error: unknown) => {
    console.warn('The back end did not start:', error);
    createRoot(container, options).render(<StartupError />);
  });
registerServiceWorker();
