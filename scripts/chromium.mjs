/**
 * The Chromium that tests and benchmarks drive: CHROME_PATH, else Debian's /usr/bin/chromium, else a
 * browser already in Playwright's cache. Nothing is ever downloaded.
 */
import { existsSync, readdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

/** @returns {string} the path of a Chromium binary; throws with install advice when none is found */
export function findChromium() {
  const candidates = [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
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
