/** A reader of `GET /api/events` for tests: every message it received, and a way to wait for the next one. */
import { LIVE, serverSentEventReader, streamIdOf, type ServerSentMessage } from '@chirp/contracts';

export interface LiveStream {
  status: number;
  /** Every message so far, in order. */
  messages: ServerSentMessage[];
  /** The first message (received already or to come) after the `from`th that `matches`. */
  next(matches: (message: ServerSentMessage) => boolean, options?: { timeoutMs?: number; from?: number }): Promise<ServerSentMessage>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

/** `headers`: more request headers (X-Forwarded-For, to name the client behind a trusted proxy). */
export async function openLiveStream(url: string, token: string, lastEventId?: string, headers: Record<string, string> = {}): Promise<LiveStream> {
  const controller = new AbortController();
  const response = await fetch(`${url}/api/events`, {
    headers: { authorization: token, ...(lastEventId === undefined ? {} : { 'last-event-id': lastEventId }), ...headers },
    signal: controller.signal,
  });
  const messages: ServerSentMessage[] = [];

  const listeners = new Set<() => void>();
  const reader = serverSentEventReader();
  const ended = (async () => {
    if (!response.body) return;
    const decoder = new TextDecoder();
    try {
      for await (const chunk of response.body) {
        messages.push(...reader.push(decoder.decode(chunk as Uint8Array, { stream: true })));
        listeners.forEach((listener) => listener());
      }
    } catch {
      // aborted, or the server went away
    }
  })();
  return {
    status: response.status,
    messages,
    ended,
    next(matches, { timeoutMs = 5000, from = 0 } = {}) {
      return new Promise((resolve, reject) => {
        const look = () => {
          const found = messages.slice(from).find(matches);
          if (!found) return false;
          clearTimeout(timer);
          listeners.delete(check);
          resolve(found);
          return true;
        };
        const check = () => void look();
        const timer = setTimeout(() => {
          listeners.delete(check);
          reject(new Error(`No matching live event within ${timeoutMs} ms; received: ${JSON.stringify(messages)}`));
        }, timeoutMs);
        if (!look()) listeners.add(check);
      });
    },
    close: () => controller.abort(),
  };
}

/** Matches an event of `type` whose data has the given fields. */
export const eventOf =
  (type: string, fields: Record<string, unknown> = {}) =>
  (message: ServerSentMessage) => {
    if (message.event !== type) return false;
    const data = JSON.parse(message.data) as Record<string, unknown>;
    return Object.entries(fields).every(([key, value]) => data[key] === value);
  };

/** The id the stream's first message gives it. */
export async function streamIdOfStream(stream: LiveStream): Promise<string> {
  return streamIdOf(await stream.next((message) => streamIdOf(message) !== undefined))!;
}

/** `PUT /api/events/{streamId}/posts`: the posts the stream's page shows. */
export async function showPosts(url: string, token: string, streamId: string, body: unknown): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${url}/api${LIVE.shownPostsPath(streamId)}`, {
    method: 'PUT',
    headers: { authorization: token, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text === '' ? null : (JSON.parse(text) as unknown) };
}
