import { formatServerSentEvent, STORAGE_KEYS, type LiveEvent } from '@chirp/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApi, onSessionRejected } from '../api/api-client';
import { queryClient } from '../query/query-client';
import { useSession } from '../store/session-store';
import { aProfile } from '../testing/fixtures';
import { useLiveUpdates } from './live-connection';
import { configureLive, onLiveEvent, type LiveHandlers, type LiveSignal } from './live-source';
import { onRecoveryChance } from '../query/recovery';
import { renderHook } from '@testing-library/react';
import { createServerLiveSource } from './server-live-source';

const me = aProfile({ _id: 'me-id', username: 'me' });


beforeEach(() => {
  queryClient.clear();
  useSession.getState().sessionReset();
  useSession.setState({ token: 'a-token', currentUser: me });
  localStorage.setItem(STORAGE_KEYS.token, 'a-token');
});
afterEach(() => {
  configureApi({ fetch: (...args) => globalThis.fetch(...args) });
  localStorage.clear();
});

/** A fetch that answers each call with the next of `streams` (an event stream's text), then holds the last open. */
function streamingFetch(streams: Array<string | number>) {
  const calls: Array<{ url: string; headers: Record<string, string> }> = [];
  const fetch = async (url: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ url: String(url), headers: init?.headers as Record<string, string> });
    const next = streams.shift();
    if (typeof next === 'number') return new Response(JSON.stringify({ errors: ['no'] }), { status: next });
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        if (next !== undefined) controller.enqueue(new TextEncoder().encode(next));
        if (streams.length > 0) controller.close();
        init?.signal?.addEventListener('abort', () => controller.error(new DOMException('aborted', 'AbortError')));
      },
    });
    return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
  };
  return { fetch, calls };
}

describe('the API server as a live source', () => {
  const post = (id: string): LiveEvent => ({ type: 'post', postId: id, author: 'ann' });

  it('reads the stream with the token, comes back with the last id, and drops an event it had', async () => {
    const { fetch, calls } = streamingFetch([
      'id: 1\nevent: ready\ndata: {}\n\n' + formatServerSentEvent('2', post('a')),
      formatServerSentEvent('2', post('a')) + formatServerSentEvent('3', post('b')),
    ]);
    configureApi({ baseUrl: 'http://api.test', fetch });
    const events: LiveEvent[] = [];
    const states: string[] = [];
    const stop = createServerLiveSource({ firstRetryMs: 1, maxRetryMs: 2 }).connect({
      event: (event) => events.push(event),
      connected: () => states.push('connected'),
      disconnected: () => states.push('disconnected'),
    });
    await vi.waitFor(() => expect(events).toEqual([post('a'), post('b')]));
    stop();
    expect(calls[0]).toMatchObject({ url: 'http://api.test/api/events', headers: { authorization: 'a-token' } });
    expect(calls[0]!.headers['last-event-id']).toBeUndefined();
    expect(calls[1]!.headers['last-event-id']).toBe('2');
    expect(states.slice(0, 3)).toEqual(['connected', 'disconnected', 'connected']);
  });

  it('keeps trying after a failure, and stops when the session is refused', async () => {
    const { fetch, calls } = streamingFetch([503, 401]);
    configureApi({ baseUrl: '', fetch });
    const rejected = vi.fn();
    const stopWatching = onSessionRejected(rejected);
    const stop = createServerLiveSource({ firstRetryMs: 1, maxRetryMs: 2 }).connect({ event: () => {}, connected: () => {}, disconnected: () => {} });
    await vi.waitFor(() => expect(rejected).toHaveBeenCalledTimes(1));
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(calls).toHaveLength(2);
    stop();
    stopWatching();
  });
});

/** The live connection's handlers, with a source that hands them over. */
function handlersOf(): LiveHandlers {
  let handlers: LiveHandlers | undefined;
  configureLive({ connect: (given) => ((handlers = given), () => undefined) });
  const { unmount } = renderHook(() => useLiveUpdates());
  const got = handlers!;
  unmount();
  configureLive(null);
  return got;
}

describe('the live stream coming back', () => {
  it('gives whatever failed meanwhile its chance to load again, not the first connection', () => {
    let handlers: LiveHandlers | undefined;
    configureLive({ connect: (given) => ((handlers = given), () => undefined) });
    const retry = vi.fn();
    const stopListening = onRecoveryChance(retry);
    const heard: LiveSignal[] = [];
    const stopHearing = onLiveEvent('test', (signal) => heard.push(signal));
    const { unmount } = renderHook(() => useLiveUpdates());
    handlers!.connected('s1');
    expect(retry).not.toHaveBeenCalled();
    handlers!.event({ type: 'unread', unread: 2 });
    handlers!.disconnected();
    handlers!.connected('s2');
    expect(retry).toHaveBeenCalledTimes(1);
    expect(heard).toEqual([{ type: 'unread', unread: 2 }, { type: 'reconnected' }]);
    unmount();
    stopListening();
    stopHearing();
    configureLive(null);
  });
});

describe('listeners by name', () => {
  it('keep the first listener under a name, so a change offered by several bundles is applied once', () => {
    const first = vi.fn();
    const second = vi.fn();
    const stopFirst = onLiveEvent('cache', first);
    const stopSecond = onLiveEvent('cache', second);
    const own = vi.fn();
    const stopOwn = onLiveEvent(Symbol('own'), own);
    handlersOf().event({ type: 'resync' });
    expect(first).toHaveBeenCalledTimes(1);
    expect(second).not.toHaveBeenCalled();
    expect(own).toHaveBeenCalledTimes(1);
    [stopFirst, stopSecond, stopOwn].forEach((stop) => stop());
  });
});
