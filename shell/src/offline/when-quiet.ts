import { queryClient } from '@chirp/session';
import { remoteLoads } from '../remotes/remote-registry';

/** How long the page stays quiet before the person is taken to be reading, not waiting for a screen. */
export const QUIET_FOR_MS = 2000;
/** However busy the page stays (a list that keeps fetching, a remote that never answers), the wait ends this long after load. */
export const MAX_WAIT_MS = 20_000;
/** How often a quiet page is looked at again. */
const POLL_MS = 100;

/** Whether a screen is still coming: no remote module here yet, one on its way, or a call in flight. */
export function screenBusy(): boolean {
  const { pending, done } = remoteLoads();
  return done === 0 || pending > 0 || queryClient.isFetching() > 0 || queryClient.isMutating() > 0;
}

/**
 * Calls `run` once the page has loaded and has stayed quiet for QUIET_FOR_MS (its remote modules
 * here, no call in flight), looked at in the main thread's idle moments; at the latest MAX_WAIT_MS
 * after load. A screen opened meanwhile (a log in) starts the wait again. Work that is not for the
 * screen, the service worker's script and its cache, then takes neither the network nor the CPU
 * from one on its way: registered at load, it held a cold /home's first post back by about 130 ms
 * on a slow phone network.
 */
export function whenQuiet(run: () => void, busy: () => boolean = screenBusy, now: () => number = () => performance.now()): void {
  const idle = globalThis.requestIdleCallback ?? ((callback: () => void) => setTimeout(callback, 0));
  let done = false;
  let quietSince: number | undefined;
  const once = () => {
    if (done) return;
    done = true;
    run();
  };
  const check = () => {
    if (done) return;
    if (busy()) quietSince = undefined;
    else quietSince ??= now();
    if (quietSince !== undefined && now() - quietSince >= QUIET_FOR_MS) once();
    else setTimeout(() => idle(check), POLL_MS);
  };
  const start = () => {
    setTimeout(once, MAX_WAIT_MS);
    idle(check);
  };
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}
