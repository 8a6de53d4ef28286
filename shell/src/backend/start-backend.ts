import { configureApi, configureLive, configureUploader, createServerLiveSource } from '@chirp/session';
import { takeEarlyAnswer } from '../remotes/early-start';

interface AppConfig {
  /** A real API server's origin; empty means the in-browser (Mirage) back end. */
  apiBaseUrl?: string;
  /** The in-browser back end's response delay (spec: 400 ms); a `?mockDelay=` URL parameter wins. */
  mockDelayMs?: number;
  /** The in-browser back end's moderators' usernames ("ada, grace"), as the server's CHIRP_MODERATORS. */
  moderators?: string;
}

async function readAppConfig(): Promise<AppConfig> {
  try {
    // index.html's early-start script asked at once, beside the shell's own code.
    const early = takeEarlyAnswer('config');
    if (early) return ((await early) ?? {}) as AppConfig;
    const response = await fetch('/config.json', { cache: 'no-cache' });
    if (!response.ok) return {};
    return (await response.json()) as AppConfig;
  } catch {
    return {}; // no config file: the in-browser back end
  }
}

/**
 * Chooses the back end: a configured API server, or else the in-browser Mirage back end (loaded only
 * in that case, so a real deployment never downloads it). Resolves once the choice is made, with
 * `started`, the back end's start. The in-browser one starts beside the app's first render rather than
 * before it: the API client holds each call until the back end answers, so the shell's render and
 * the remotes' modules do not wait for its data to come out of IndexedDB.
 */
export async function chooseBackend(): Promise<{ started: Promise<void> }> {
  const config = await readAppConfig();
  const apiBaseUrl = config.apiBaseUrl?.trim() || import.meta.env.VITE_API_BASE_URL || '';
  if (apiBaseUrl) {
    const baseUrl = apiBaseUrl.replace(/\/+$/, '');
    configureApi({ baseUrl });
    // Images go to the server's own store (POST /api/uploads), not into the post as data: URLs.
    configureUploader({ kind: 'server', baseUrl });
    // Live updates: the server's event stream (the server is where other people's changes happen).
    configureLive(createServerLiveSource());
    return { started: Promise.resolve() };
  }
  const started = import('@chirp/browser-backend').then(({ startMirage, mockDelayFromEnvironment }) =>
    startMirage({
      delay: mockDelayFromEnvironment(
        window.location.search,
        config.mockDelayMs === undefined ? import.meta.env.VITE_MOCK_DELAY : String(config.mockDelayMs),
      ),
      moderators: config.moderators,
    }),
  );
  // Mirage answers the page's fetch once started: until then each call waits for it.
  const pageFetch: typeof fetch = (...args) => globalThis.fetch(...args);
  configureApi({ fetch: (...args) => started.then(() => pageFetch(...args)) });
  const ready = started.then(() => configureApi({ fetch: pageFetch }));
  return { started: ready };
}
