import { whenQuiet } from './when-quiet';
import type { LoadedFilesMessage } from './sw-routes';

/**
 * Registers the service worker (production builds only: the dev server's files change with every
 * edit) once the page has been quiet for a while, so that its downloads never compete with a screen's.
 * When it takes control of the page, it is told the files the page loaded before: the worker caches
 * them, and the next visit starts without a network.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.addEventListener('controllerchange', () => {
      const urls = [
        ...performance.getEntriesByType('resource').map((entry) => entry.name),
        // The deploy-time files came inside the page (scripts/serve.mjs) and may not have been asked for.
        ...['/remotes.json', '/config.json'].map((path) => new URL(path, location.href).href),
      ];
      navigator.serviceWorker.controller?.postMessage({ type: 'loaded-files', urls } satisfies LoadedFilesMessage);
    });
    navigator.serviceWorker.register('/sw.js').catch((error: unknown) => console.warn('The service worker was not registered:', error));
  };
  whenQuiet(register);
}
