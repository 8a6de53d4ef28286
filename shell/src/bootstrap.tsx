import { StrictMode } from 'react';
import { createRoot, hydrateRoot, type RootOptions } from 'react-dom/client';
import { followStoredTheme } from '@chirp/session';
import { App } from './app';
import { startBackend } from './backend/start-backend';
import { StartupError } from './layout/startup-error';
import { registerServiceWorker } from './offline/service-worker';
import { prepareRemotes, remoteBuild } from './remotes/remote-registry';
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

/**
 * The log-in and sign-up pages come painted in the HTML (build/prerender/plugin.ts), drawn from the
 * auth remote's source when the shell was built: the app takes that HTML over rather than painting
 * it again (what was typed into it stays), if the auth remote deployed now is a build of the same
 * source. One deployed alone since would draw other HTML: the page is then painted anew.
 */
async function hydratesPrerendered(): Promise<boolean> {
  const { prerendered, prerenderedBuild } = container.dataset;
  return prerendered === window.location.pathname && prerenderedBuild !== undefined && (await remoteBuild('auth')) === prerenderedBuild;
}

// remotes.json and the back end load side by side: neither waits for the other.
prepareRemotes();
startBackend()
  .then(async () => {
    if (await hydratesPrerendered()) hydrateRoot(container, app, options);
    else createRoot(container, options).render(app);
  })
  .catch((error: unknown) => {
    console.warn('The back end did not start:', error);
    createRoot(container, options).render(<StartupError />);
  });
registerServiceWorker();
