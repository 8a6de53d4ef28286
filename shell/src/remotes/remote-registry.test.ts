import { loadRemote, registerRemotes } from '@module-federation/runtime';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadRemoteModule } from './remote-registry';

vi.mock('@module-federation/runtime', () => ({ loadRemote: vi.fn(), registerRemotes: vi.fn() }));

const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });

afterEach(() => vi.unstubAllGlobals());

describe('remotes.json', () => {
  it('may name a remote by its mf-manifest.json: the remote is registered under the entry the manifest names', async () => {
    const asked: string[] = [];
    vi.stubGlobal('fetch', async (url: string) => {
      asked.push(url);
      if (url === '/remotes.json') {
        return json({
          auth: 'http://localhost:4174/remoteEntry.js',
          feed: 'https://cdn.example/feed/1.4.0/mf-manifest.json',
          profile: 'http://localhost:4176/remoteEntry.js',
          notifications: 'http://localhost:4177/remoteEntry.js',
        });
      }
      return json({ metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' }, publicPath: 'auto' } });
    });
    const HomePage = () => null;
    vi.mocked(loadRemote).mockResolvedValue({ default: HomePage });

    await expect(loadRemoteModule('feed/HomePage', 0)).resolves.toEqual({ default: HomePage });
    // The others at once, under their entries; the manifest's remote once its entry is known.
    expect(vi.mocked(registerRemotes).mock.calls.flatMap(([remotes]) => remotes.map((remote) => [remote.name, 'entry' in remote ? remote.entry : undefined]))).toEqual([
      ['auth', 'http://localhost:4174/remoteEntry.js'],
      ['profile', 'http://localhost:4176/remoteEntry.js'],
      ['notifications', 'http://localhost:4177/remoteEntry.js'],
      ['feed', 'https://cdn.example/feed/1.4.0/remoteEntry.js'],
    ]);
    expect(loadRemote).toHaveBeenCalledWith('feed/HomePage');
    expect(asked).toContain('https://cdn.example/feed/1.4.0/mf-manifest.json');

    // Another module of that remote: registered already.
    await loadRemoteModule('feed/PostList', 0);
    expect(registerRemotes).toHaveBeenCalledTimes(4);
  });
});
