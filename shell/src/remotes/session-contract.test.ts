import { SESSION_VERSION } from '@chirp/session';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { checkSessionContract, IncompatibleRemoteError, remoteBuildVersion, sessionCompatible } from './session-contract';

const manifestWith = (session: { version: string; requiredVersion: string }) =>
  new Response(JSON.stringify({ shared: [{ name: 'react', version: '19.3.1' }, { name: '@chirp/session', ...session }] }), {
    headers: { 'content-type': 'application/json' },
  });
const major = Number(SESSION_VERSION.split('.')[0]);

afterEach(() => vi.unstubAllGlobals());

describe('the session contract', () => {
  it('holds between any minors and patches of one major, and not across majors', () => {
    expect(sessionCompatible('^1.0.0', '1.4.2')).toBe(true);
    expect(sessionCompatible('1.9.0', '1.0.0')).toBe(true);
    expect(sessionCompatible('^2.0.0', '1.4.2')).toBe(false);
    expect(sessionCompatible('^1.0.0', '2.0.0')).toBe(false);
  });

  it('lets a remote of the same major load, and refuses one of another major with both versions', async () => {
    const fetch = vi.fn(async () => manifestWith({ version: `${major}.7.0`, requiredVersion: `^${major}.0.0` }));
    vi.stubGlobal('fetch', fetch);
    await expect(checkSessionContract('feed', 'http://localhost:4175/remoteEntry.js')).resolves.toBeUndefined();
    expect(fetch).toHaveBeenCalledWith('http://localhost:4175/mf-manifest.json', { cache: 'no-cache' });

    vi.stubGlobal('fetch', async () => manifestWith({ version: `${major + 1}.0.0`, requiredVersion: `^${major + 1}.0.0` }));
    const refusal = checkSessionContract('feed', 'http://localhost:4175/remoteEntry.js');
    await expect(refusal).rejects.toBeInstanceOf(IncompatibleRemoteError);
    await expect(refusal).rejects.toMatchObject({ builtWith: `${major + 1}.0.0`, provided: SESSION_VERSION });
  });

  it('lets a remote that declares nothing load: no manifest, or a page where it should be', async () => {
    vi.stubGlobal('fetch', async () => new Response('Not found', { status: 404 }));
    await expect(checkSessionContract('auth', 'http://localhost:5174/remoteEntry.js')).resolves.toBeUndefined();
    vi.stubGlobal('fetch', async () => new Response('<!doctype html>', { headers: { 'content-type': 'text/html' } }));
    await expect(checkSessionContract('auth', 'http://localhost:5174/remoteEntry.js')).resolves.toBeUndefined();
  });

  it('preloads the entry a manifest names, never the manifest itself as a module', async () => {
    const manifest = { metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } }, shared: [], exposes: [] };
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify(manifest), { headers: { 'content-type': 'application/json' } }));
    await checkSessionContract('profile', 'http://localhost:4176/v2/mf-manifest.json');
    const preloads = [...document.head.querySelectorAll('link[rel="modulepreload"]')].map((link) => link.getAttribute('href'));
    expect(preloads).toContain('http://localhost:4176/v2/remoteEntry.js');
    expect(preloads).not.toContain('http://localhost:4176/v2/mf-manifest.json');
  });

  it('fails as the entry would when the remote’s server cannot be reached', async () => {
    vi.stubGlobal('fetch', async () => Promise.reject(new TypeError('Failed to fetch')));
    await expect(checkSessionContract('profile', 'http://localhost:4176/remoteEntry.js')).rejects.toThrow('Failed to fetch');
  });

  it('names the build a manifest declares, and the check that follows takes that same answer', async () => {
    const manifest = { metaData: { buildInfo: { buildVersion: '0123456789abcdef' } }, shared: [{ name: '@chirp/session', version: SESSION_VERSION }] };
    const fetch = vi.fn(async () => new Response(JSON.stringify(manifest), { headers: { 'content-type': 'application/json' } }));
    vi.stubGlobal('fetch', fetch);
    await expect(remoteBuildVersion('http://localhost:5174/remoteEntry.js')).resolves.toBe('0123456789abcdef');
    await expect(checkSessionContract('auth', 'http://localhost:5174/remoteEntry.js')).resolves.toBeUndefined();
    expect(fetch).toHaveBeenCalledTimes(1);
    // Only once: a later check asks again (a remote may have been redeployed meanwhile).
    await checkSessionContract('auth', 'http://localhost:5174/remoteEntry.js');
    expect(fetch).toHaveBeenCalledTimes(2);
  });
});
