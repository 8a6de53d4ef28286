import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { startBackend } from './backend/start-backend';
import { StartupError } from './layout/startup-error';
import './styles/global.css';

const root = createRoot(document.getElementById('root')!);

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
