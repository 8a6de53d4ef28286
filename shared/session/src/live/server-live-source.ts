/**
 * The API server's live updates: `GET /api/events` read with fetch (an EventSource cannot send the
 * Authorization header every other call sends). A dropped stream is opened again after a wait that
 * doubles up to LIVE.maxRetryMs (with jitter, so clients of a restarted instance do not return at
 * once), with the last event id, so the server first sends what was missed. A stream that goes
 * silent past LIVE.silenceMs (no event, no heartbeat) is taken for dead. Each stream's first
 * message names it: the page then says which posts it shows (shown-posts.ts), every time it connects.
 */
import { LIVE, readLiveEvent, serverSentEventReader, streamIdOf } from '@chirp/contracts';
import { apiBaseUrl, apiFetch, readToken, sessionRejected } from '../api/api-client';
import type { LiveSource } from './live-source';

/** Ids of recent events: a catch-up may send again what came just before the stream dropped. */
const RECENT_IDS = 2000;

export interface ServerLiveOptions {
  /** Waits before reconnecting (tests shorten them). */
  firstRetryMs?: number;
  maxRetryMs?: number;
  silenceMs?: number;
}

export function createServerLiveSource(options: ServerLiveOptions = {}): LiveSource {
  const firstRetryMs = options.firstRetryMs ?? LIVE.firstRetryMs;
  const maxRetryMs = options.maxRetryMs ?? LIVE.maxRetryMs;
  const silenceMs = options.silenceMs ?? LIVE.silenceMs;
  return {
    connect(handlers) {
      let stopped = false;
      let controller: AbortController | undefined;
      let lastId: string | undefined;
      const recent = new Set<string>();
      let wake: (() => void) | undefined;

      const readStream = async (token: string): Promise<'again' | 'stop'> => {
        controller = new AbortController();
        const aborter = controller;
        let silence = setTimeout(() => aborter.abort(), silenceMs);
        const heard = () => {
          clearTimeout(silence);
          silence = setTimeout(() => aborter.abort(), silenceMs);
        };
        try {
          const response = await apiFetch(`${apiBaseUrl()}/api${LIVE.path}`, {
            headers: { accept: 'text/event-stream', authorization: token, ...(lastId === undefined ? {} : { 'last-event-id': lastId }) },
            cache: 'no-store',
            signal: aborter.signal,
          });
          if (response.status === 401) {
            sessionRejected();
            return 'stop';
          }
          if (!response.ok || !response.body) return 'again';
          const reader = serverSentEventReader();
          const decoder = new TextDecoder();
          const body = response.body.getReader();
          let connected = false;
          for (;;) {
            const { done, value } = await body.read();
            if (done || stopped) return 'again';
            heard();
            for (const message of reader.push(decoder.decode(value, { stream: true }))) {
              // The stream's first message names it (a server of an older version names none).
              if (!connected) {
                connected = true;
                handlers.connected(streamIdOf(message));
              }
              if (message.id !== undefined) {
                if (recent.has(message.id)) continue;
                recent.add(message.id);
                if (recent.size > RECENT_IDS) recent.delete(recent.values().next().value!);
                lastId = message.id;
              }
              let data: unknown = {};
              try {
                data = JSON.parse(message.data || '{}');
              } catch {
                continue;
              }
              const event = readLiveEvent(message.event, data);
              if (event) handlers.event(event);
            }
          }
        } catch {
          return 'again';
        } finally {
          clearTimeout(silence);
        }
      };

      void (async () => {
        for (let attempt = 0; !stopped; attempt += 1) {
          const token = readToken();
          if (!token) return;
          const started = Date.now();
          const outcome = await readStream(token);
          if (stopped || outcome === 'stop') return;
          handlers.disconnected();
          // A stream that lived a while starts the waits again from the first.
          if (Date.now() - started > maxRetryMs) attempt = 0;
          const wait = Math.min(maxRetryMs, firstRetryMs * 2 ** attempt) * (0.5 + Math.random() / 2);
          await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, wait);
            // Back online, or back to the tab: no reason to wait longer.
            wake = () => {
              clearTimeout(timer);
              resolve();
            };
          });
          wake = undefined;
        }
      })();

      const hurry = () => wake?.();
      globalThis.addEventListener?.('online', hurry);
      return () => {
        stopped = true;
        globalThis.removeEventListener?.('online', hurry);
        controller?.abort();
        wake?.();
      };
    },
  };
}
