import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@chirp/contracts';
import { inlined } from './startup-preloads';

const script = readFileSync(resolve(import.meta.dirname, 'early-start.js'), 'utf8');

/** Runs the early-start script as index.html does, its requests left unanswered. */
function runEarlyStart() {
  vi.stubGlobal('fetch', () => new Promise(() => {}));
  const data = { mirage: [], serverBuild: false, routes: [], fallback: { signedIn: [], visitor: [] } };
  new Function(inlined(script, data))();
}

beforeEach(() => {
  localStorage.clear();
  document.documentElement.removeAttribute('data-theme');
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('the early-start script', () => {
  it('shows the theme chosen on this device before the app starts', () => {
    localStorage.setItem(STORAGE_KEYS.theme, 'dark');
    runEarlyStart();
    expect(document.documentElement.getAttribute('data-theme')).toBe('dark');
  });

  it('follows the system when nothing, or nothing it knows, is stored', () => {
    runEarlyStart();
    expect(document.documentElement.getAttribute('data-theme')).toBe('system');
    localStorage.setItem(STORAGE_KEYS.theme, 'sepia');
    runEarlyStart();
    expect(document.documentElement.getAttribute('data-theme')).toBe('system');
  });

  it('preloads the first screen from a remote named by its manifest: the entry it names, the files and styles in CORS mode', async () => {
    const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
    const manifest = {
      metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
      exposes: [{ name: 'SidePanel', assets: { js: { sync: ['assets/side-panel.js'], async: ['assets/own-react.js'] }, css: { sync: ['assets/side-panel.css'] } } }],
    };
    vi.stubGlobal('fetch', async (url: string) =>
      url === '/config.json' ? json({}) : url === '/remotes.json' ? json({ profile: 'http://cdn.test/profile/mf-manifest.json' }) : json(manifest),
    );
    const data = { mirage: [], serverBuild: true, routes: [{ path: window.location.pathname, modules: ['profile/SidePanel'] }], fallback: { signedIn: [], visitor: [] } };
    new Function(inlined(script, data))();
    await vi.waitFor(() => expect(document.head.querySelector('link[href$="side-panel.css"]')).not.toBeNull());
    const links = [...document.head.querySelectorAll('link')].map((link) => [link.rel, link.getAttribute('href'), link.crossOrigin]);
    expect(links).toEqual(
      expect.arrayContaining([
        ['modulepreload', 'http://cdn.test/profile/remoteEntry.js', ''],
        ['modulepreload', 'http://cdn.test/profile/assets/side-panel.js', ''],
        ['preload', 'http://cdn.test/profile/assets/side-panel.css', ''],
      ]),
    );
    expect(links.map(([, href]) => href)).not.toContain('http://cdn.test/profile/mf-manifest.json');
    expect(links.map(([, href]) => href)).not.toContain('http://cdn.test/profile/assets/own-react.js');
  });

  it('takes remotes.json and config.json from the page when the server put them in it, and asks for neither', async () => {
    const tag = document.createElement('script');
    tag.type = 'application/json';
    tag.id = 'chirp-deploy-files';
    tag.textContent = JSON.stringify({ remotes: { feed: 'http://cdn.test/feed/remoteEntry.js' }, config: { apiBaseUrl: 'http://api.test' } });
    document.head.appendChild(tag);
    const asked: string[] = [];
    vi.stubGlobal('fetch', (url: string) => {
      asked.push(url);
      return new Promise(() => {});
    });
    const data = { mirage: ['/assets/server.js'], serverBuild: false, routes: [{ path: window.location.pathname, modules: ['feed/HomePage'] }], fallback: { signedIn: [], visitor: [] } };
    new Function(inlined(script, data))();
    const startup = (window as unknown as { __chirpStartup: { config: Promise<unknown>; remotes: Promise<unknown> } }).__chirpStartup;
    await expect(startup.config).resolves.toEqual({ apiBaseUrl: 'http://api.test' });
    await expect(startup.remotes).resolves.toEqual({ feed: 'http://cdn.test/feed/remoteEntry.js' });
    await vi.waitFor(() => expect(asked).toEqual(['http://cdn.test/feed/mf-manifest.json']));
    tag.remove();
  });
});
