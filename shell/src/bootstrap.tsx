import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { startBackend } from './backend/start-backend';
import { StartupError } from './layout/startup-error';
import { prepareRemotes } from './remotes/remote-registry';
import '@chirp/ui/styles.css';
import './styles/global.css';

const root = createRoot(document.getElementById('root')!, {
  // An error caught by a boundary is already shown to the person (a remote area says it could not
  // load, with Retry): log it as a warning. Uncaught errors keep React's default (console.error).
  onCaughtError: (error, info) => console.warn('Caught by an error boundary:', error, info.componentStack),
});

// remotes.json and the back end load side by side: neither waits for the other.
prepareRemotes();
startBackend()
  .then(() =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  )
  .catch((error: unknown) => {
    console.warn('The back end did not start:', error);
    root.render(<StartupError />);
  });
