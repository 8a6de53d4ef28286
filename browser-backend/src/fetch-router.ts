/**
 * Mirage (through Pretender) replaces `fetch`, `Headers`, `Request` and `Response` on the page with
 * an XHR-based polyfill, and its pass-through re-issues other requests as XHR. That changes
 * everything else the page fetches (federation remotes, `/config.json`, data: URLs, an image
 * service: streaming, `cache` modes, CORS, blobs). So we put the natives back and send only calls
 * to this origin's `/api` through Mirage, answering them with native `Response`s.
 */
import { DECIDED_ERRORS } from '@chirp/api-rules';

export interface FetchNatives {
  fetch: typeof fetch;
  Headers: typeof Headers;
  Request: typeof Request;
  Response: typeof Response;
}

export function captureFetchNatives(): FetchNatives {
  const { Headers, Request, Response } = globalThis;
  // A browser's fetch must be called on the window ("Illegal invocation" otherwise).
  return { fetch: globalThis.fetch.bind(globalThis), Headers, Request, Response };
}

export function isApiUrl(url: URL, origin: string): boolean {
  return url.origin === origin && (url.pathname === '/api' || url.pathname.startsWith('/api/'));
}

const headerObject = (headers: { forEach(callback: (value: string, name: string) => void): void }) => {
  const result: Record<string, string> = {};
  headers.forEach((value, name) => {
    result[name] = value;
  });
  return result;
};

const PLAIN_JSON = { 'content-type': 'application/json' };
const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);

/**
 * Puts the native fetch classes back and returns the `fetch` to install: `/api` calls of this
 * origin go to `mirageFetch` (the polyfill Mirage answers), all else to the native `fetch`.
 */
export function splitFetch(natives: FetchNatives, mirageFetch: typeof fetch): typeof fetch {
  Object.assign(globalThis, { Headers: natives.Headers, Request: natives.Request, Response: natives.Response });
  return async (input, init) => {
    const origin = globalThis.location.origin;
    const href = input instanceof natives.Request ? input.url : input instanceof URL ? input.href : String(input);
    const url = new URL(href, globalThis.location.href);
    if (!isApiUrl(url, origin)) return natives.fetch(input, init);

    const request = input instanceof natives.Request ? input : new natives.Request(url, init);
    try {
      decodeURIComponent(url.pathname);
    } catch {
      // Pretender would throw on this address and the call would never settle.
      return new natives.Response(JSON.stringify({ errors: ['The address of this call is not valid.'] }), {
        status: 400,
        headers: PLAIN_JSON,
      });
    }
    // An empty segment ('/api//', '/api/x//y') names no call, and Pretender's router cannot route it.
    if (url.pathname.slice('/api/'.length).replace(/\/$/, '').includes('//') || /^\/api\/\/+$/.test(url.pathname)) {
      return new natives.Response(JSON.stringify({ errors: [DECIDED_ERRORS.unknownCall(request.method, url.pathname)] }), {
        status: 404,
        headers: PLAIN_JSON,
      });
    }
    const body = request.method === 'GET' || request.method === 'HEAD' ? undefined : await request.text();
    // A trailing slash names the same call, as on the server (clients of the original mock back end use one).
    const path = url.pathname.length > '/api/'.length ? url.pathname.replace(/\/$/, '') : url.pathname;
    const answer = await mirageFetch(path + url.search, {
      method: request.method,
      headers: headerObject(request.headers),
      body,
      signal: init?.signal ?? undefined,
    });
    const text = await answer.text();
    return new natives.Response(NULL_BODY_STATUSES.has(answer.status) ? null : text, {
      status: answer.status,
      statusText: answer.statusText,
      headers: headerObject(answer.headers),
    });
  };
}
