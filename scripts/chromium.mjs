/**
 * The Chromium that tests and benchmarks drive: CHROME_PATH, else Debian's /usr/bin/chromium, else a
 * browser already in Playwright's cache. Nothing is ever downloaded.
 *
 * The E2E tests prefer Debian's `chromium-headless-shell` when it is installed: the same engine in
 * the old headless mode, which Playwright itself uses for headless runs. It spends about a third less
 * CPU per page than the whole browser, and the E2E suite is mostly page loads on two cores. The
 * benchmarks keep the whole browser, so their figures stay comparable with earlier runs.
 */
import { existsSync, readdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

/**
 * @param {{ headlessShell?: boolean }} [options] prefer the headless shell (E2E tests)
 * @returns {string} the path of a Chromium binary; throws with install advice when none is found
 */
export function findChromium({ headlessShell = false } = {}) {
  const shell = headlessShell ? ['/usr/bin/chromium-headless-shell'] : [];
  const candidates = [process.env.CHROME_PATH, ...shell, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  const cache = process.env.PLAYWRIGHT_BROWSERS_PATH || join(homedir(), '.cache', 'ms-playwright');
  if (existsSync(cache)) {
    const folders = readdirSync(cache).filter((name) => name.startsWith('chromium-')).sort().reverse();
    for (const folder of folders) {
      candidates.push(join(cache, folder, 'chrome-linux', 'chrome'), join(cache, folder, 'chrome-linux64', 'chrome'));
    }
  }
  const found = candidates.find((path) => Boolean(path && existsSync(path)));
  if (!found) {
    throw new Error(
      'No Chromium found for the browser tests. Install one (Debian/Ubuntu: `sudo apt-get install -y chromium`), ' +
        'or set CHROME_PATH to a Chrome or Chromium binary.',
    );
  }
  return found;
}

/** Flags that keep headless Chromium quiet on a machine without outside network. */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
