import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@chirp/contracts';
import { compactApi, configureApi, onSessionRejected } from './api-client';
import { ApiError, errorMessage } from './api-error';

function respond(status: number, body: unknown) {
  return vi.fn<typeof fetch>(async () => new Response(JSON.stringify(body), { status }));
}

afterEach(() => configureApi({ baseUrl: '', fetch: (...args) => globalThis.fetch(...args) }));

describe('the compact form', () => {
  it('asks every call for the compact view, with the page and the search text in the query', async () => {
    const fetch = respond(200, { users: [], nextCursor: null });
    configureApi({ fetch, baseUrl: 'https://api.example.test' });

    await compactApi.searchPeople('ana lee', { limit: 5, cursor: 'c1' });
    await compactApi.feed({ sort: 'trending' });
    await compactApi.like('post 1');

    expect(fetch.mock.calls.map(([url]) => url)).toEqual([
      'https://api.example.test/api/search/users?view=compact&q=ana+lee&limit=5&cursor=c1',
      'https://api.example.test/api/posts?view=compact&sort=trending',
      'https://api.example.test/api/posts/like/post%201?view=compact',
    ]);
  });
});

describe('api client', () => {
  it('sends the stored token in the authorization header', async () => {
    localStorage.setItem(STORAGE_KEYS.token, 'token-123');
    const fetch = respond(200, { post: {} });
    configureApi({ fetch, baseUrl: 'https://api.example.test' });

    await compactApi.like('post 1');

    const [url, init] = fetch.mock.calls[0];
    expect(url).toBe('https://api.example.test/api/posts/like/post%201?view=compact');
    expect(init?.method).toBe('POST');
    expect((init?.headers as Record<string, string>).authorization).toBe('token-123');
  });

  it('sends JSON bodies wrapped as the contract says', async () => {
    const fetch = respond(201, { post: { _id: 'p1' } });
    configureApi({ fetch });

    await compactApi.createPost({ content: 'hello' });

    const [, init] = fetch.mock.calls[0];
    expect(JSON.parse(String(init?.body))).toEqual({ postData: { content: 'hello' } });
    expect((init?.headers as Record<string, string>)['content-type']).toBe('application/json');
  });

  it('turns a refusal into { status, message } with the first entry of errors', async () => {
    configureApi({ fetch: respond(422, { errors: ['Unprocessable Entity. Username Already Exists.', 'x'] }) });

    const error = await compactApi.signup({ username: 'a', password: 'b', firstName: 'c', lastName: 'd' }).catch((e) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 422, message: 'Unprocessable Entity. Username Already Exists.' });
  });

  it('gives a readable message when the body is not the contract', async () => {
    configureApi({ fetch: vi.fn<typeof fetch>(async () => new Response('<html>', { status: 502 })) });
    const error = await compactApi.feed().catch((e) => e);
    expect(error).toMatchObject({ status: 502, message: 'The server had a problem. Please try again.' });
  });

  it('reports a rejected session only for calls made with a token', async () => {
    const listener = vi.fn();
    const stop = onSessionRejected(listener);
    configureApi({ fetch: respond(401, { errors: ['The token is invalid. Unauthorized access error.'] }) });

    await compactApi.like('p').catch(() => undefined);
    expect(listener).not.toHaveBeenCalled();

    localStorage.setItem(STORAGE_KEYS.token, 'expired');
    await compactApi.like('p').catch(() => undefined);
    expect(listener).toHaveBeenCalledTimes(1);

    // A wrong password is a 401 too, but it is not the end of a session.
    await compactApi.login({ username: 'a', password: 'b' }).catch(() => undefined);
    expect(listener).toHaveBeenCalledTimes(1);
    stop();
  });

  it('adds paging parameters only when asked', async () => {
    const fetch = respond(200, { posts: [], nextCursor: null });
    configureApi({ fetch });
    await compactApi.feed();
    await compactApi.feed({ limit: 20, cursor: 'abc', sort: 'trending' });
    expect(fetch.mock.calls.map(([url]) => url)).toEqual([
      '/api/posts?view=compact',
      '/api/posts?view=compact&limit=20&cursor=abc&sort=trending',
    ]);
  });
});

describe('errorMessage', () => {
  it('explains a network failure in words', () => {
    expect(errorMessage(new TypeError('Failed to fetch'))).toBe(
      'Cannot reach the server. Check your connection and try again.',
    );
    expect(errorMessage(new ApiError(400, 'Post not bookmarked yet'))).toBe('Post not bookmarked yet');
    expect(errorMessage(null)).toBe('Something went wrong. Please try again.');
  });
});

describe('read-your-writes with the API server', () => {
  // A fresh client per test: the position it keeps is the page's.
  async function freshClient() {
    vi.resetModules();
    return import('./api-client');
  }
  const answer = (body: unknown, headers: Record<string, string> = {}) => new Response(JSON.stringify(body), { status: 200, headers });
  const sentReadAfter = (fetch: ReturnType<typeof vi.fn<typeof globalThis.fetch>>) =>
    fetch.mock.calls.map(([, init]) => (init?.headers as Record<string, string>)['Chirp-Read-After'] ?? null);

  afterEach(() => sessionStorage.clear());

  it('sends the latest position a change was answered with on the reads that follow, never on changes', async () => {
    const client = await freshClient();
    const answers = [
      answer({ posts: [], nextCursor: null }),
      answer({ post: {} }, { 'Chirp-Written-Lsn': '0/FFFFFFF0' }),
      answer({ posts: [], nextCursor: null }),
      answer({ postId: 'p' }, { 'Chirp-Written-Lsn': '1/10' }),
      // An older position (the change of another tab, answered late) does not move it back.
      answer({ post: {} }, { 'Chirp-Written-Lsn': '0/FFFFFFFF' }),
      answer({ users: [], nextCursor: null }),
    ];
    const fetch = vi.fn<typeof globalThis.fetch>(async () => answers.shift()!);
    client.configureApi({ fetch, baseUrl: 'https://api.example.test' });

    await client.compactApi.feed();
    await client.compactApi.like('p');
    await client.compactApi.feed();
    await client.compactApi.deletePost('p');
    await client.compactApi.like('q');
    await client.compactApi.followers('u');

    expect(sentReadAfter(fetch)).toEqual([null, null, '0/FFFFFFF0', null, null, '1/10']);
  });

  it('keeps the position across a reload of the tab (sessionStorage), and sends none to a back end that answers none', async () => {
    const first = await freshClient();
    first.configureApi({ fetch: vi.fn<typeof globalThis.fetch>(async () => answer({ post: {} }, { 'Chirp-Written-Lsn': '2/A0' })) });
    await first.compactApi.createPost({ content: 'hello' });

    const reloaded = await freshClient();
    const fetch = vi.fn<typeof globalThis.fetch>(async () => answer({ posts: [], nextCursor: null }));
    reloaded.configureApi({ fetch });
    await reloaded.compactApi.feed();
    expect(sentReadAfter(fetch)).toEqual(['2/A0']);

    sessionStorage.clear();
    const inBrowser = await freshClient();
    const mirage = vi.fn<typeof globalThis.fetch>(async () => answer({ posts: [], nextCursor: null }));
    inBrowser.configureApi({ fetch: mirage });
    await inBrowser.compactApi.like('p');
    await inBrowser.compactApi.feed();
    expect(sentReadAfter(mirage)).toEqual([null, null]);
  });
});
