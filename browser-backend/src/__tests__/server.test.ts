// @vitest-environment happy-dom
import { GUEST_CREDENTIALS } from '@chirp/contracts';
import { IDBFactory } from 'fake-indexeddb';
import type { Server } from 'miragejs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Backend } from '../backend';
import { runRoute, type ApiCall } from '../http';
import { memoryStore, openIndexedDbStore, type DatabaseStore } from '../persistence';
import { DECIDED_ERRORS, STORAGE } from '@chirp/api-rules';
import { createSeedDatabase } from '../seeds';
import { resetDemoData, startMirage } from '../server';

const pageFetch = globalThis.fetch;
let server: Server | undefined;
let networkFetch: ReturnType<typeof vi.fn<typeof fetch>>;

beforeEach(() => {
  // Stands for the network: whatever Mirage lets through arrives here.
  networkFetch = vi.fn<typeof fetch>(async () => new Response('from the network', { status: 200 }));
  globalThis.fetch = networkFetch;
  globalThis.indexedDB = new IDBFactory();
  history.replaceState(null, '', '/');
});

afterEach(() => {
  server?.shutdown();
  server = undefined;
  globalThis.fetch = pageFetch;
});

async function json(path: string, init?: RequestInit) {
  const response = await fetch(path, init);
  return { status: response.status, body: await response.json(), response };
}

async function guestToken() {
  const { body } = await json('/api/auth/login', { method: 'POST', body: JSON.stringify(GUEST_CREDENTIALS) });
  return body.encodedToken as string;
}

async function createPost(token: string, content: string) {
  return json('/api/posts', { method: 'POST', headers: { authorization: token }, body: JSON.stringify({ postData: { content } }) });
}

const contents = async () => ((await json('/api/posts')).body.posts as Array<{ content: string }>).map((post) => post.content);

describe('what reaches Mirage and what reaches the network', () => {
  it("answers this origin's /api calls with the page's own Response class", async () => {
    server = await startMirage({ delay: 0, store: memoryStore() });
    const { status, response } = await json('/api/users');
    expect(status).toBe(200);
    expect(response).toBeInstanceOf(Response);
    expect(globalThis.Response).toBe(Response);
    expect(networkFetch).not.toHaveBeenCalled();
  });

  it.each([
    ['/remotes.json', undefined],
    ['/config.json', { cache: 'no-cache' } as RequestInit],
    ['/src/main.tsx?t=1', undefined],
    ['/@vite/client', undefined],
    ['http://localhost:4174/remoteEntry.js', undefined],
    ['http://other.example/api/posts', undefined],
    ['data:image/png;base64,iVBORw0KGgo=', undefined],
    ['/apiary/honey', undefined],
  ])('passes %s to the network untouched', async (url, init) => {
    server = await startMirage({ delay: 0, store: memoryStore() });
    const response = await fetch(url, init);
    expect(await response.text()).toBe('from the network');
    expect(networkFetch).toHaveBeenCalledWith(url, init);
  });

  it('passes an image-service upload (multipart) to the network with its form', async () => {
    server = await startMirage({ delay: 0, store: memoryStore() });
    const form = new FormData();
    form.append('upload_preset', 'demo');
    await fetch('https://api.cloudinary.com/v1_1/demo/image/upload', { method: 'POST', body: form });
    expect(networkFetch.mock.calls[0]![1]!.body).toBe(form);
  });

  it('reads Request objects and Headers instances for /api calls', async () => {
    server = await startMirage({ delay: 0, store: memoryStore() });
    const token = await guestToken();
    const request = new Request(`${location.origin}/api/users/bookmark`, { headers: new Headers({ Authorization: token }) });
    expect((await fetch(request)).status).toBe(200);
  });

  it('answers an address with an empty segment as a call that does not exist, never with a Mirage exception', async () => {
    server = await startMirage({ delay: 0, store: memoryStore() });
    for (const path of ['/api//', '/api///', '/api//users', '/api/users//x']) {
      const answer = await fetch(path);
      expect({ path, status: answer.status, body: await answer.json() }).toEqual({
        path,
        status: 404,
        body: { errors: [expect.stringMatching(/^There is no API call GET \/api\//)] },
      });
    }
  });

  it("gives the page's fetch back on shutdown", async () => {
    server = await startMirage({ delay: 0, store: memoryStore() });
    expect(globalThis.fetch).not.toBe(networkFetch);
    server.shutdown();
    server = undefined;
    expect(globalThis.fetch).toBe(networkFetch);
  });

  it('replaces a running server when started again', async () => {
    await startMirage({ delay: 0, store: memoryStore() });
    server = await startMirage({ delay: 0, store: memoryStore() });
    expect((await json('/api/users')).body.users).toHaveLength(8);
  });
});

describe('the response delay', () => {
  it('waits the given delay before answering', async () => {
    server = await startMirage({ delay: 120, store: memoryStore() });
    const started = performance.now();
    await fetch('/api/users');
    expect(performance.now() - started).toBeGreaterThanOrEqual(100);
  });

  it('answers at once with a delay of 0', async () => {
    server = await startMirage({ delay: 0, store: memoryStore() });
    // Mirage's own delay, rather than a stopwatch: a busy machine (two test runs at once) is slow at anything.
    expect(server.timing).toBe(0);
    expect((await fetch('/api/users')).status).toBe(200);
  });
});

describe('keeping data across reloads', () => {
  it('finds data created before a reload (same IndexedDB, new server)', async () => {
    server = await startMirage({ delay: 0 });
    await createPost(await guestToken(), 'Still here after a reload');
    server.shutdown();
    server = await startMirage({ delay: 0 });
    expect(await contents()).toContain('Still here after a reload');
  });

  it('keeps a session across a reload: the token key is saved too', async () => {
    server = await startMirage({ delay: 0 });
    const token = await guestToken();
    server.shutdown();
    server = await startMirage({ delay: 0 });
    expect((await createPost(token, 'same session')).status).toBe(201);
  });

  it('replaces unreadable saved data with the seeds', async () => {
    const store = await openIndexedDbStore(indexedDB, STORAGE.databaseName);
    const db = await createSeedDatabase();
    await store.saveAll({ ...db, users: [{ _id: 'x', nonsense: true } as never] });
    store.close();
    server = await startMirage({ delay: 0 });
    expect((await json('/api/users')).body.users).toHaveLength(8);
    expect((await json('/api/posts')).body.posts).toHaveLength(16);
  });

  it('still starts, in memory, when IndexedDB cannot be opened', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    globalThis.indexedDB = { open: () => { throw new Error('blocked'); }, deleteDatabase: () => { throw new Error('blocked'); } } as never;
    server = await startMirage({ delay: 0 });
    expect((await json('/api/users')).body.users).toHaveLength(8);
  });

  it('refuses a change it cannot save with 500 and a sentence, changing nothing', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const failing: DatabaseStore = { ...memoryStore(), saveChanges: async () => Promise.reject(new Error('QuotaExceededError')) };
    server = await startMirage({ delay: 0, store: failing });
    const answer = await createPost(await guestToken(), 'will not fit');
    expect(answer).toMatchObject({ status: 500, body: { errors: [DECIDED_ERRORS.notSaved] } });
    expect(await contents()).not.toContain('will not fit');
  });
});

describe('resetting the demo data', () => {
  it('lays down fresh seeds for ?resetData=1, and takes the parameter out of the address', async () => {
    server = await startMirage({ delay: 0 });
    await createPost(await guestToken(), 'made before the reset');
    server.shutdown();
    history.replaceState(null, '', '/home?resetData=1&tab=posts');
    server = await startMirage({ delay: 0 });
    expect(await contents()).not.toContain('made before the reset');
    expect(location.pathname + location.search).toBe('/home?tab=posts');
  });

  it('resetDemoData() restores the seeds and ends every session', async () => {
    server = await startMirage({ delay: 0 });
    const token = await guestToken();
    await createPost(token, 'gone after reset');
    await resetDemoData();
    expect(await contents()).not.toContain('gone after reset');
    expect((await createPost(token, 'x')).status).toBe(401);
  });

  it('resetDemoData() with no server running rewrites the saved data', async () => {
    server = await startMirage({ delay: 0 });
    await createPost(await guestToken(), 'saved, then reset');
    server.shutdown();
    server = undefined;
    await resetDemoData();
    server = await startMirage({ delay: 0 });
    expect(await contents()).not.toContain('saved, then reset');
  });
});

describe('other tabs', () => {
  it('reloads the data when another tab says it changed it', async () => {
    server = await startMirage({ delay: 0 });
    const other = await openIndexedDbStore(indexedDB, STORAGE.databaseName);
    const fresh = await createSeedDatabase();
    await other.saveAll({ ...fresh, posts: fresh.posts.slice(0, 3) });
    other.close();
    const channel = new BroadcastChannel(STORAGE.databaseName);
    channel.postMessage('changed');
    channel.close();
    await vi.waitFor(async () => expect((await json('/api/posts')).body.posts).toHaveLength(3));
  });
});

describe('unexpected failures', () => {
  const call: ApiCall = { method: 'GET', path: '/api/x', params: {}, query: new URLSearchParams(), headers: {}, body: null };

  it('turn into 500 with an error object, never a hanging call', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const backend = new Backend(await createSeedDatabase(), memoryStore());
    const answer = await runRoute(async () => {
      throw new TypeError('boom');
    }, call, backend);
    expect(answer).toEqual({ status: 500, body: { errors: [DECIDED_ERRORS.unexpected] } });
  });
});
