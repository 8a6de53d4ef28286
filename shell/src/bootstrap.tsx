import { StrictMode } from 'react';
import { createRoot, hydrateRoot, type Root, type RootOptions } from 'react-dom/client';
import { followStoredTheme } from '@chirp/session';
import { App } from './app';
import { chooseBackend } from './backend/start-backend';
import { StartupError } from './layout/startup-error';
import { registerServiceWorker } from './offline/service-worker';
import { loadFirstScreen, prepareRemotes, remoteBuild } from './remotes/remote-registry';
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

let root: Root | undefined;
let failed = false;
/** Instead of a blank page: the app cannot start at all. */
const startupFailed = (error: unknown) => {
  if (failed) return;
  failed = true;
  console.warn('The back end did not start:', error);
  root?.unmount();
  root = createRoot(container, options);
  root.render(<StartupError />);
};

// remotes.json, the first screen's modules and the back end load side by side: none waits for
// another, and the app renders as soon as the back end is chosen (its calls wait for it to start).
prepareRemotes();
const firstScreen = loadFirstScreen();
chooseBackend()
  .then(async ({ started }) => {
    // Tools that talk to the back end directly (tests, benches) wait for this mark.
    started.then(() => document.documentElement.setAttribute('data-backend', 'ready'), startupFailed);
    const hydrates = await hydratesPrerendered();
    if (hydrates) {
      // The painted page is taken over in one pass once its module is here: a page taken over in
      // parts (the area suspended until its code came) is drawn anew by React if anything above it
      // renders meanwhile, and what was typed into the HTML would go.
      await firstScreen;
      if (!failed) root = hydrateRoot(container, app, options);
    } else if (!failed) {
      root = createRoot(container, options);
      root.render(app);
    }
  })
  .catch(startupFailed);
registerServiceWorker();
