import { existsSync, readdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

/**
 * The Chromium the E2E tests drive: CHROME_PATH, else Debian's /usr/bin/chromium, else a browser
 * already in Playwright's cache. Nothing is downloaded.
 */
export function findChromium(): string {
  const candidates = [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  const cache = process.env.PLAYWRIGHT_BROWSERS_PATH || join(homedir(), '.cache', 'ms-playwright');
  if (existsSync(cache)) {
    for (const folder of readdirSync(cache).filter((name) => name.startsWith('chromium-')).sort().reverse()) {
      candidates.push(join(cache, folder, 'chrome-linux', 'chrome'), join(cache, folder, 'chrome-linux64', 'chrome'));
    }
  }
  const found = candidates.find((path): path is string => Boolean(path && existsSync(path)));
  if (!found) {
    throw new Error(
      'No Chromium found for the E2E tests. Install one (Debian/Ubuntu: `sudo apt-get install -y chromium`), ' +
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
