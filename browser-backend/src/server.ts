/**
 * The in-browser back end: every call of spec section 7 under /api, answered by Mirage from data kept
 * in IndexedDB. Started by the shell before the app renders, when no API server is configured.
 */
import { createServer, Response, type Request, type Server } from 'miragejs';
import { accountHandlers } from './account-routes';
import { moderationHandlers } from './moderation-routes';
import { authHandlers } from './auth-routes';
import { compactHandlers } from './compact-routes';
import { Backend } from './backend';
import { captureFetchNatives, splitFetch } from './fetch-router';
import { FetchInterceptor, type InterceptedRequest } from './fetch-interceptor';
import { runRoute, unexpectedFailure, type ApiCall, type ApiReply } from './http';
import { memoryStore, openIndexedDbStore, type DatabaseStore } from './persistence';
import { notificationsHandlers } from './notifications-routes';
import { postsHandlers } from './posts-routes';
import { API_ROUTES, DECIDED_ERRORS, moderatorNamesOf, refuse, RESET_PARAMETER, routeTable, STORAGE, type BoundRoute, type RouteHandlers, type RouteTable } from '@chirp/api-rules';
import { createSeedDatabase } from './seeds';
import { usersHandlers } from './users-routes';
import { createMirageLive, eventsOfMessage, shownPostsRoute, type MirageLive } from './live';
import { configureLive } from '@chirp/session';
import { LIVE } from '@chirp/contracts';

/** This back end's handler of every call of the API's route table. */
export const API_HANDLERS = {
  ...authHandlers,
  ...usersHandlers,
  ...postsHandlers,
  ...compactHandlers,
  ...notificationsHandlers,
  ...accountHandlers,
  ...moderationHandlers,
};

/** A route table bound to this back end's handlers (the API's, or a test's with more calls). */
export const bindRoutes = <Table extends RouteTable>(table: Table, handlers: RouteHandlers<Backend, Table>) =>
  routeTable<Backend, Table>(
    handlers,
    {
      tokenSecret: (backend) => backend.db.tokenSecret,
      unexpected: unexpectedFailure,
      sessionVersion: async (backend, userId) => {
        const user = backend.db.users.find((entry) => entry._id === userId);
        return user && (user.sessionVersion ?? 0);
      },
    },
    table,
  );

/** The API's route table (`@chirp/contracts`), answered from this back end's data. */
export const apiRoutes = bindRoutes(API_ROUTES, API_HANDLERS);

export interface MirageOptions {
  /** Response delay in ms (spec: 400; tests: 0). See `mockDelayFromEnvironment`. */
  delay: number;
  /** Lay down fresh seeds instead of loading saved data. Default: the page URL has `?resetData=1`. */
  resetData?: boolean;
  /** Where the data is kept. Default: IndexedDB, or memory when the browser offers none. */
  store?: DatabaseStore;
  /** Usernames given the moderator role, as the server's CHIRP_MODERATORS ("ada, grace"). */
  moderators?: string;
  /** The routes answered; default: the API's route table. */
  routes?: readonly BoundRoute<Backend, string>[];
}

interface Running {
  server: Server;
  backend: Backend;
}

let running: Running | undefined;

const JSON_HEADERS = { 'Content-Type': 'application/json' };

function toCall(request: InterceptedRequest): ApiCall {
  const url = new URL(request.url, globalThis.location.href);
  return {
    method: request.method,
    path: url.pathname,
    params: request.params,
    query: url.searchParams,
    headers: request.requestHeaders,
    body: request.requestBody,
  };
}

/** Any other path or method under /api: 404 with a sentence. */
const unknownCall = (call: ApiCall, backend: Backend) =>
  runRoute(async () => refuse(404, DECIDED_ERRORS.unknownCall(call.method, call.path)), call, backend);

function answerWith(run: (call: ApiCall, backend: Backend) => Promise<ApiReply>, backend: Backend) {
  // Mirage hands on the request our interceptor made (its type for it leaves out the method).
  return async (_schema: unknown, request: Request) => {
    const { status, body, headers } = await run(toCall(request as unknown as InterceptedRequest), backend);
    // A 204 has no body: Mirage warns on any other than none.
    return new Response(status, { ...JSON_HEADERS, ...headers }, status === 204 ? undefined : (body as object));
  };
}

const lowerCase = (method: 'GET' | 'POST' | 'DELETE') => method.toLowerCase() as 'get' | 'post' | 'delete';

async function openStore(): Promise<DatabaseStore> {
  if (typeof indexedDB === 'undefined') return memoryStore();
  try {
    return await openIndexedDbStore();
  } catch (error) {
    console.warn('IndexedDB is not usable here; the demo data will last until this page closes.', error);
    return memoryStore();
  }
}

/** True when the page URL asks for fresh demo data; the parameter is then removed from the address bar. */
function takeResetRequest(): boolean {
  const url = new URL(globalThis.location.href);
  const value = url.searchParams.get(RESET_PARAMETER);
  if (value === null || value === '0' || value === 'false') return false;
  url.searchParams.delete(RESET_PARAMETER);
  globalThis.history?.replaceState(globalThis.history.state, '', url);
  return true;
}

/** Saved data when there is good data of this schema version; otherwise fresh seeds, saved. */
async function loadOrSeed(store: DatabaseStore, reset: boolean) {
  const saved = reset ? null : await store.load();
  if (saved) return saved;
  const seeds = await createSeedDatabase();
  await store.saveAll(seeds).catch((error: unknown) => console.warn('The demo data could not be saved:', error));
  return seeds;
}

/**
 * Other tabs of the app share the IndexedDB data: each reloads it when another one changes it, then
 * hands the change's live events to its page (so every open tab stays current), as this tab hands its own.
 */
function listenToOtherTabs(backend: Backend, live: MirageLive): () => void {
  if (typeof BroadcastChannel === 'undefined') {
    backend.onChange = (events) => live.emit(events);
    return () => {};
  }
  const channel = new BroadcastChannel(STORAGE.databaseName);
  channel.onmessage = (message: MessageEvent) => {
    void backend.reload().then(() => live.emit(eventsOfMessage(message.data)));
  };
  backend.onChange = (events) => {
    live.emit(events);
    channel.postMessage({ events });
  };
  return () => channel.close();
}

/**
 * Loads the saved data (or seeds it) and starts intercepting this origin's `/api` calls. Everything
 * else — Vite's modules, `/remotes.json`, `/config.json`, remote entries on other ports, data: URLs,
 * an image service — goes to the network untouched. Calling it again replaces the running server.
 */
export async function startMirage(options: MirageOptions): Promise<Server> {
  running?.server.shutdown();
  const store = options.store ?? (await openStore());
  const db = await loadOrSeed(store, options.resetData ?? takeResetRequest());
  const backend = new Backend(db, store);
  backend.moderatorNames = moderatorNamesOf(options.moderators);
  const natives = captureFetchNatives();
  const live = createMirageLive();
  const interceptor = new FetchInterceptor(natives.Response);

  const server = createServer({
    environment: 'development',
    // Mirage's types leave out the interceptor option its server reads.
    ...({ interceptor } as object),
    timing: options.delay,
    routes() {
      this.namespace = 'api';
      this.timing = options.delay;
      // Mirage 0.1.48 drops the `logging` option of createServer; set here it holds.
      this.logging = false;
      for (const route of options.routes ?? apiRoutes) this[lowerCase(route.method)](route.path, answerWith(route.run, backend));
      this.put(`${LIVE.path}/:streamId/posts`, answerWith(shownPostsRoute(live), backend));
      // Any other path or method under /api: 404 with a sentence, never Mirage's own exception.
      for (const method of ['get', 'post', 'put', 'patch', 'delete'] as const) {
        // '/*rest' needs a segment: '/api/' itself is its own route (an empty segment is fetch-router's).
        for (const path of ['/', '/*rest']) this[method](path, answerWith(unknownCall, backend));
      }
    },
  });
  const pageFetch = globalThis.fetch;
  globalThis.fetch = splitFetch(natives, (request) => interceptor.answer(request));

  configureLive(live);
  const stopListening = listenToOtherTabs(backend, live);
  const shutdown = server.shutdown.bind(server);
  server.shutdown = () => {
    stopListening();
    configureLive(null);
    shutdown();
    globalThis.fetch = pageFetch;
    backend.close();
    if (running?.server === server) running = undefined;
  };
  running = { server, backend };
  return server;
}

/** The running back end's state, for tests and debugging. */
export function runningBackend(): Backend | undefined {
  return running?.backend;
}

/**
 * Replaces the demo data with fresh seeds (new ids, new token key: every session ends). Works on the
 * running back end; with none running, it rewrites the saved data for the next start.
 */
export async function resetDemoData(): Promise<void> {
  const seeds = await createSeedDatabase();
  if (running) return running.backend.replace(seeds);
  const store = await openStore();
  try {
    await store.saveAll(seeds);
  } finally {
    store.close();
  }
}
