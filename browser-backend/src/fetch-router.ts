/**
 * The page's `fetch` while the in-browser back end runs: calls to this origin's `/api` go to it,
 * everything else (federation remotes, `/config.json`, data: URLs, an image service) to the
 * browser's own `fetch`, untouched.
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

const PLAIN_JSON = { 'content-type': 'application/json' };

/** An `/api` call as the back end reads it: the address without a trailing slash, the body as text. */
export interface ApiRequest {
  method: string;
  url: URL;
  headers: Headers;
  body: string | null;
  signal: AbortSignal;
}

/** Answers an `/api` call, or gives `undefined` when no route of its method matches. */
export type ApiAnswerer = (request: ApiRequest) => Promise<Response | undefined>;

const unknownCall = (natives: FetchNatives, method: string, path: string) =>
  new natives.Response(JSON.stringify({ errors: [DECIDED_ERRORS.unknownCall(method, path)] }), { status: 404, headers: PLAIN_JSON });

/** The `fetch` to install: `/api` calls of this origin go to `answer`, all else to the native `fetch`. */
export function splitFetch(natives: FetchNatives, answer: ApiAnswerer): typeof fetch {
  return async (input, init) => {
    const origin = globalThis.location.origin;
    const href = input instanceof natives.Request ? input.url : input instanceof URL ? input.href : String(input);
    const url = new URL(href, globalThis.location.href);
    if (!isApiUrl(url, origin)) return natives.fetch(input, init);

    const request = input instanceof natives.Request && init === undefined ? input : new natives.Request(input instanceof natives.Request ? input : url, init);
    try {
      decodeURIComponent(url.pathname);
    } catch {
      // No route can be matched on this address.
      return new natives.Response(JSON.stringify({ errors: ['The address of this call is not valid.'] }), {
        status: 400,
        headers: PLAIN_JSON,
      });
    }
    // An empty segment ('/api//', '/api/x//y') names no call.
    if (url.pathname.replace(/\/$/, '').includes('//') || /^\/api\/\/+$/.test(url.pathname)) {
      return unknownCall(natives, request.method, url.pathname);
    }
    const body = request.method === 'GET' || request.method === 'HEAD' ? null : await request.text();
    // A trailing slash names the same call, as on the server (clients of the original mock back end use one).
    const path = url.pathname.length > '/api/'.length ? url.pathname.replace(/\/$/, '') : url.pathname;
    const { method, headers, signal } = request;
    const answered = await answer({ method, url: new URL(path + url.search, url), headers, body, signal });
    return answered ?? unknownCall(natives, method, path);
  };
}
