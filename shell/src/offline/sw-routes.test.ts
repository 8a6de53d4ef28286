import { describe, expect, it } from 'vitest';
import { isDeployFile, isHashedAsset, isRemoteFile } from './sw-routes';

const SHELL = 'http://localhost:4173';
const url = (href: string) => new URL(href);

describe('what the service worker asks the network for first, and what it keeps for good', () => {
  it('takes the deploy-time files of its own origin from the network first', () => {
    expect(isDeployFile(url(`${SHELL}/remotes.json`), SHELL)).toBe(true);
    expect(isDeployFile(url(`${SHELL}/config.json`), SHELL)).toBe(true);
    expect(isDeployFile(url('http://localhost:4175/remotes.json'), SHELL)).toBe(false);
    expect(isDeployFile(url(`${SHELL}/api/config.json`), SHELL)).toBe(false);
  });

  it('takes a remote’s entry and manifest from the network first, on any origin, even with a retry’s query', () => {
    expect(isRemoteFile(url('http://localhost:4175/remoteEntry.js?attempt=1'))).toBe(true);
    expect(isRemoteFile(url('https://feed.chirp.example/mf-manifest.json'))).toBe(true);
    expect(isRemoteFile(url('http://localhost:4175/assets/remoteEntry-Ab12Cd34.js'))).toBe(false);
  });

  it('keeps only files whose names carry a hash, under /assets/', () => {
    expect(isHashedAsset(url('http://localhost:4175/assets/home-page-DnO9spU0.js'))).toBe(true);
    expect(isHashedAsset(url(`${SHELL}/assets/bootstrap-D36GufMs.css`))).toBe(true);
    expect(isHashedAsset(url(`${SHELL}/assets/logo.svg`))).toBe(false);
    expect(isHashedAsset(url(`${SHELL}/api/posts?view=compact`))).toBe(false);
    expect(isHashedAsset(url(`${SHELL}/avatars/avatar-1.svg`))).toBe(false);
  });
});
