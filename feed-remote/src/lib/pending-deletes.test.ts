import { STORAGE_KEYS } from '@chirp/contracts';
import { configureApi, useSession } from '@chirp/session';
import { aProfile, logInAs } from '@chirp/session/testing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deleteAfterUndoWindow, undoDelete, UNDO_WINDOW_MS } from './pending-deletes';

const API = 'https://api.example.test';

/** The page's fetch (the one the in-browser back end also replaces), answering as the server answers a deletion. */
function serveDeletions() {
  const fetch = vi.fn<typeof globalThis.fetch>(async () => new Response(JSON.stringify({ postId: 'p1' }), { status: 200 }));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

/** The one call the page's fetch was given: its address and what was asked. */
function onlyCall(fetch: ReturnType<typeof serveDeletions>) {
  expect(fetch).toHaveBeenCalledTimes(1);
  const [url, init] = fetch.mock.calls[0]!;
  return { url, method: init?.method, keepalive: init?.keepalive, authorization: new Headers(init?.headers).get('authorization') };
}

beforeEach(() => {
  logInAs(aProfile({ username: 'guestuser' }));
  // Where a log-in keeps the token, for the transport to read.
  localStorage.setItem(STORAGE_KEYS.token, 'test-token');
  configureApi({ baseUrl: API });
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  configureApi({ baseUrl: '' });
});

describe('a deletion waiting out its undo window', () => {
  it('goes when the window ends, as any call does', async () => {
    const fetch = serveDeletions();
    const deleted = deleteAfterUndoWindow('p1', { sent: () => {} });
    vi.advanceTimersByTime(UNDO_WINDOW_MS - 1);
    expect(fetch).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onlyCall(fetch)).toEqual({ url: `${API}/api/posts/p1?view=compact`, method: 'DELETE', keepalive: undefined, authorization: 'test-token' });
    await expect(deleted).resolves.toBe(true);
  });

  it('goes at once when the page goes away, the transport’s request made to outlive the page', async () => {
    const fetch = serveDeletions();
    const sent = vi.fn();
    const deleted = deleteAfterUndoWindow('p1', { sent });

    window.dispatchEvent(new Event('pagehide'));

    expect(onlyCall(fetch)).toEqual({ url: `${API}/api/posts/p1?view=compact`, method: 'DELETE', keepalive: true, authorization: 'test-token' });
    expect(sent).toHaveBeenCalledTimes(1);
    await expect(deleted).resolves.toBe(true);
    // Only for that call: the page's own fetch is back, and the window's end sends nothing more.
    expect(globalThis.fetch).toBe(fetch);
    vi.advanceTimersByTime(UNDO_WINDOW_MS);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('goes at once when the person signs out, with the token the sign-out took out of storage', async () => {
    const fetch = serveDeletions();
    const deleted = deleteAfterUndoWindow('p1', { sent: () => {} });

    useSession.getState().logOut({ bySignOut: true });

    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(onlyCall(fetch)).toMatchObject({ url: `${API}/api/posts/p1?view=compact`, method: 'DELETE', authorization: 'test-token' });
    await expect(deleted).resolves.toBe(true);
  });

  it('never goes once undone, even when the page goes away afterwards', async () => {
    const fetch = serveDeletions();
    const deleted = deleteAfterUndoWindow('p1', { sent: () => {} });
    expect(undoDelete('p1')).toBe(true);
    window.dispatchEvent(new Event('pagehide'));
    vi.advanceTimersByTime(UNDO_WINDOW_MS);
    await expect(deleted).resolves.toBe(false);
    expect(fetch).not.toHaveBeenCalled();
    expect(undoDelete('p1')).toBe(false);
  });
});
