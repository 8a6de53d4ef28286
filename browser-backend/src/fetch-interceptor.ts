/**
 * Mirage's interceptor, answering `fetch` itself. Mirage's default one is Pretender: it replaces the
 * page's `fetch` and `XMLHttpRequest` with an XHR-based polyfill and routes with route-recognizer,
 * 35 KiB of the first load's JavaScript for what this back end needs of it, a router over its own
 * route table. Mirage's side is unchanged: its server registers each route here, and the handler it
 * hands back (its route handler, serializer and `Response`) answers the call.
 */
import type { ApiRequest } from './fetch-router';

type Verb = 'get' | 'post' | 'put' | 'delete' | 'patch' | 'head' | 'options';

/** What Mirage's route handler reads of a request (Pretender's fake request had the same fields). */
export interface InterceptedRequest {
  method: string;
  url: string;
  params: Record<string, string>;
  queryParams: Record<string, string>;
  requestHeaders: Record<string, string>;
  requestBody: string | null;
}

/** Mirage's answer: status, headers and the serialised body. */
type RackResponse = [number, Record<string, string>, string | undefined];
type MirageHandler = (request: InterceptedRequest) => Promise<RackResponse>;

/** The part of Mirage's server an interceptor calls back. */
interface MirageServerSide {
  registerRouteHandler(verb: Verb, path: string, rawHandler: unknown, customizedCode: undefined, options: object): MirageHandler;
}

interface Route {
  verb: Verb;
  segments: string[];
  handler: MirageHandler;
}

/** Static segments before dynamic ones before a catch-all: `/posts/following` wins over `/posts/:postId`. */
const rankOf = (segments: string[]) =>
  segments.reduce((rank, segment) => rank + (segment.startsWith('*') ? 0 : segment.startsWith(':') ? 1 : 2) * 1000, -segments.length);

const VERBS: [Verb, string?][] = [['get'], ['post'], ['put'], ['delete', 'del'], ['patch'], ['head'], ['options']];
const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);

function abortError() {
  return new DOMException('The call was aborted.', 'AbortError');
}

/** Waits `ms`, or rejects at once when `signal` aborts. */
function delay(ms: number, signal: AbortSignal | null | undefined): Promise<void> {
  if (ms <= 0) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', aborted);
      resolve();
    }, ms);
    const aborted = () => {
      clearTimeout(timer);
      reject(abortError());
    };
    signal?.addEventListener('abort', aborted, { once: true });
  });
}

/** The params of `pathname` when `segments` match it, else null. A catch-all takes one segment or more. */
function match(segments: string[], parts: string[]): Record<string, string> | null {
  const params: Record<string, string> = {};
  for (let index = 0; index < segments.length; index += 1) {
    const segment = segments[index];
    if (segment.startsWith('*')) {
      if (index >= parts.length) return null;
      params[segment.slice(1)] = parts.slice(index).map(decodeURIComponent).join('/');
      return params;
    }
    if (index >= parts.length) return null;
    if (segment.startsWith(':')) params[segment.slice(1)] = decodeURIComponent(parts[index]);
    else if (segment !== parts[index]) return null;
  }
  return segments.length === parts.length ? params : null;
}

const splitPath = (path: string) => path.split('/').filter((part) => part !== '');

export class FetchInterceptor {
  namespace = '';
  urlPrefix = '';
  /** The response delay in ms (Mirage sets it from `timing`). */
  timing = 0;
  private routes: Route[] = [];
  private running = false;
  [verb: string]: unknown;

  constructor(private readonly responseClass: typeof Response) {}

  /** Mirage calls this once with its server: each `server.get(path, handler)` etc. registers here. */
  create(server: MirageServerSide & Record<string, unknown>, config: { timing?: number }) {
    for (const [verb, alias] of VERBS) {
      const register = (path: string, rawHandler: unknown) => {
        const handler = server.registerRouteHandler(verb, path, rawHandler, undefined, { coalesce: false, timing: undefined });
        const segments = [...splitPath(this.namespace), ...splitPath(path)];
        this.routes.push({ verb, segments, handler });
        this.routes.sort((a, b) => rankOf(b.segments) - rankOf(a.segments));
      };
      this[verb] = register;
      server[verb] = register;
      if (alias) {
        this[alias] = register;
        server[alias] = register;
      }
    }
    this.config(config);
  }

  config(config: { timing?: number }) {
    this.timing = config.timing ?? this.timing;
  }

  start() {
    this.running = true;
  }

  shutdown() {
    this.running = false;
    this.routes = [];
  }

  /**
   * Answers a call with Mirage's handler of the best matching route, after the response delay;
   * `undefined` when no route of its method matches.
   */
  async answer({ method, url, headers, body, signal }: ApiRequest): Promise<Response | undefined> {
    if (!this.running) throw new TypeError('The in-browser back end is not running.');
    const verb = method.toLowerCase() as Verb;
    const parts = splitPath(url.pathname);
    let found: { route: Route; params: Record<string, string> } | undefined;
    for (const route of this.routes) {
      if (route.verb !== verb) continue;
      const params = match(route.segments, parts);
      if (params) {
        found = { route, params };
        break;
      }
    }
    if (!found) return undefined;
    await delay(this.timing, signal);
    const requestHeaders: Record<string, string> = {};
    headers.forEach((value, name) => {
      requestHeaders[name.toLowerCase()] = value;
    });
    const [status, answerHeaders, text] = await found.route.handler({
      method,
      url: url.pathname + url.search,
      params: found.params,
      queryParams: Object.fromEntries(url.searchParams),
      requestHeaders,
      requestBody: body,
    });
    if (signal.aborted) throw abortError();
    return new this.responseClass(NULL_BODY_STATUSES.has(status) ? null : (text ?? ''), { status, headers: answerHeaders });
  }
}
