/**
 * The HTTP server: Fastify adapted to the plain calls of `api/` (as Mirage is adapted in the shell),
 * plus what only a real server has — CORS for the shell's origins, body limits, rate limits on
 * log-in and sign-up, image uploads.
 */
import cors from '@fastify/cors';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import { API_ROUTES, DECIDED_ERRORS, routeTable, type RouteHandlers, type RouteTable } from '@chirp/api-rules';
import { registerTableRoutes } from './api/table-routes';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { SERVER_ERRORS, unexpectedFailure, type ApiCall, type Services } from './api/context';
import { apiHandlers } from './api/routes';
import { imageStoreFor } from './image-store';
import { uploadRoutes } from './uploads';
import { pictureRoutes } from './api/pictures';
import { sweepUnusedUploads } from './quotas';
import { clientOf, databaseFailureCounter, databaseRateLimitStore, LIMITS_SWEEP_MS, sweepExpiredLimits } from './limits';
import { DEFAULT_LIVE_LIMITS, type ServerConfig } from './config';
import { eventsRoute } from './live/events-route';
import { startLiveHub } from './live/hub';
import { LIVE, READ_YOUR_WRITES } from '@chirp/contracts';
import type { Sql } from './db/sql';
import type { ReadReplica } from './db/read-replica';
import { routeReads } from './api/read-routing';

export type AppOptions = Pick<
  ServerConfig,
  | 'jwtSecret'
  | 'corsOrigins'
  | 'bodyLimit'
  | 'authRateLimit'
  | 'loginFailureLimit'
  | 'loginSlowDown'
  | 'trustProxy'
  | 'uploadsDir'
  | 'maxUploadBytes'
  | 'publicUrl'
  | 's3'
  | 'logger'
  | 'quotas'
  | 'live'
> & {
  sql: Sql;
  /** Answers the list reads (DATABASE_READ_URL), with read-your-writes. */
  replica?: ReadReplica;
  /** The route table and its handlers; default: the API's (a test may answer a table with more calls). */
  routes?: { table: RouteTable; handlers: RouteHandlers<Services, RouteTable> };
};

const RATE_LIMITED = new Set(['login', 'signup']);
/** How long closing the server waits for requests under way. */
const SHUTDOWN_GRACE_MS = 2000;

/** The body as it came, before JSON parsing: the rules read it themselves, with the contract's texts. */
const RAW_BODY = Symbol('raw body');
type WithRawBody = FastifyRequest & { [RAW_BODY]?: string };

function toCall(request: FastifyRequest, publicUrl: string | undefined): ApiCall {
  const url = new URL(request.url, 'http://server');
  const headers: Record<string, string | undefined> = {};
  for (const [name, value] of Object.entries(request.headers)) headers[name] = Array.isArray(value) ? value[0] : value;
  return {
    method: request.method,
    path: url.pathname,
    params: (request.params ?? {}) as Record<string, string>,
    query: url.searchParams,
    headers,
    body: (request as WithRawBody)[RAW_BODY] ?? null,
    // Only the body's schema speaks: the rules read the query and the path themselves.
    bodyMismatch: request.validationError?.validationContext === 'body' ? request.validationError.message : undefined,
    origin: publicUrl ?? `${request.protocol}://${request.host}`,
    clientAddress: request.ip,
  };
}

/** Runs `task` every `everyMs` from when the app is ready until it closes. */
function repeatWhileOpen(app: FastifyInstance, everyMs: number, task: () => unknown): void {
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    timer = setInterval(task, everyMs);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}

const sendErrors = (reply: FastifyReply, status: number, text: string) => reply.code(status).send({ errors: [text] });

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ? { level: 'info' } : false,
    bodyLimit: options.bodyLimit,
    // Ids of any length reach the handlers (and are answered 404), as in the in-browser back end. A
    // trailing slash names the same call: the original mock back end registers and documents some
    // routes that way (`/api/users/bookmark/`), and its clients call them so.
    routerOptions: { maxParamLength: 10_000, ignoreTrailingSlash: true },
    // Behind a load balancer, the client's address (for rate limits) is in X-Forwarded-For; only the
    // configured hops are believed, so a client cannot name its own address (TRUST_PROXY, config.ts).
    trustProxy:
      typeof options.trustProxy === 'number'
        ? ((hops: number) => (_address: string, hop: number) => hop < hops)(options.trustProxy)
        : options.trustProxy,
    frameworkErrors: (_error, _request, reply) => sendErrors(reply, 400, SERVER_ERRORS.badAddress),
    // Bodies are checked as sent: no type coercion, nothing removed or defaulted.
    ajv: { customOptions: { coerceTypes: false, removeAdditional: false, useDefaults: false, allErrors: false } },
    // Refused before any route (headers too large, a request that is not HTTP): the same `{ errors }` shape.
    clientErrorHandler: (error, socket) => {
      if (!socket.writable) return;
      const tooLarge = (error as { code?: string }).code === 'HPE_HEADER_OVERFLOW';
      const body = JSON.stringify({ errors: [tooLarge ? SERVER_ERRORS.headersTooLarge : SERVER_ERRORS.badRequest] });
      socket.end(
        `HTTP/1.1 ${tooLarge ? '431 Request Header Fields Too Large' : '400 Bad Request'}\r\n` +
          'Content-Type: application/json; charset=utf-8\r\nX-Content-Type-Options: nosniff\r\n' +
          `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
      );
    },
  }).withTypeProvider<TypeBoxTypeProvider>();
  const store = await imageStoreFor(options);
  app.addHook('onClose', () => store.close());
  const services: Services = {
    sql: options.sql,
    images: store,
    jwtSecret: options.jwtSecret,
    loginFailures: databaseFailureCounter(options.sql, options.loginFailureLimit, options.loginSlowDown),
    quotas: options.quotas,
  };
  const servicesFor = routeReads(app, services, options.replica);

  // Bodies are kept as text for the rules (they say what is wrong with malformed JSON, in the
  // contract's words) and parsed for the schema check; what is not JSON is checked as no body.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (request, text, done) => {
    (request as WithRawBody)[RAW_BODY] = text as string;
    let value: unknown;
    try {
      value = JSON.parse(text as string);
    } catch {
      value = undefined;
    }
    done(null, value);
  });

  await app.register(cors, {
    origin: options.corsOrigins,
    methods: ['GET', 'POST', 'PUT', 'DELETE'],
    allowedHeaders: ['authorization', 'content-type', 'last-event-id', READ_YOUR_WRITES.readAfterHeader],
    // Link: a whole list cut at its maximum names the rest; a browser client on another origin must see it.
    exposedHeaders: [READ_YOUR_WRITES.writtenHeader, 'link'],
    maxAge: 600,
  });
  // Counted in the database, so the limit holds across instances (limits.ts).
  await app.register(rateLimit, { global: false, store: databaseRateLimitStore(options.sql), keyGenerator: (request) => clientOf(request.ip) });
  await app.register(multipart, { limits: { fileSize: options.maxUploadBytes, files: 1, fields: 5, parts: 6 } });

  app.setErrorHandler((error: { statusCode?: number; code?: string }, request, reply) => {
    const status = error.statusCode ?? 500;
    if (status === 429) return sendErrors(reply, 429, SERVER_ERRORS.tooManyAttempts);
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return sendErrors(reply, 413, SERVER_ERRORS.bodyTooLarge(options.bodyLimit));
    if (error.code?.startsWith('FST_ERR_CTP')) return sendErrors(reply, status < 500 ? status : 415, SERVER_ERRORS.badContentType);
    if (status >= 400 && status < 500) return sendErrors(reply, status, SERVER_ERRORS.badRequest);
    // Logged whatever LOG_REQUESTS says: request logs can be off, failures never go unseen.
    if (options.logger) request.log.error(error);
    else console.error(`The API failed on ${request.method} ${request.url}:`, error);
    return sendErrors(reply, 500, SERVER_ERRORS.unexpected);
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-content-type-options', 'nosniff');
    // A token in the answer (log in, sign-up) or an answer for one caller: never kept by a cache.
    if (request.headers.authorization !== undefined || request.url.startsWith('/api/auth/')) {
      reply.header('cache-control', 'no-store');
    }
  });
  // Closing drains: requests under way may finish, for a while; then what is still open is cut
  // (a client's idle socket would otherwise hold the process open).
  app.addHook('preClose', async () => {
    setTimeout(() => app.server.closeAllConnections(), SHUTDOWN_GRACE_MS).unref();
  });
  app.setNotFoundHandler((request, reply) =>
    sendErrors(reply, 404, DECIDED_ERRORS.unknownCall(request.method, new URL(request.url, 'http://server').pathname)),
  );

  // The API's route table (@chirp/contracts), answered from the database.
  const { table, handlers } = options.routes ?? { table: API_ROUTES, handlers: apiHandlers };
  registerTableRoutes(app, routeTable(handlers, { tokenSecret: ({ jwtSecret }) => jwtSecret, unexpected: unexpectedFailure }, table), {
    toCall: (request) => toCall(request, options.publicUrl),
    contextFor: (name, request) => servicesFor(name, request),
    routeConfig: (name) => (RATE_LIMITED.has(name) ? { rateLimit: { max: options.authRateLimit.max, timeWindow: options.authRateLimit.windowMs } } : {}),
  });
  uploadRoutes(app, services, options);
  // Uploads nobody came to use are removed after the grace period, by every instance (each removal is
  // one row's delete: instances sweeping together do no harm).
  const sweepEvery = Math.min(options.quotas.unusedUploadGraceMs, 10 * 60_000);
  const sweep = () =>
    sweepUnusedUploads(options.sql, store, options.quotas.unusedUploadGraceMs).catch((error: unknown) =>
      console.error('The sweep of unused uploads failed:', error),
    );
  repeatWhileOpen(app, sweepEvery, sweep);
  repeatWhileOpen(app, LIMITS_SWEEP_MS, () =>
    sweepExpiredLimits(options.sql).catch((error: unknown) => console.error('The sweep of expired log-in limits failed:', error)),
  );
  pictureRoutes(app, services);
  // Live updates: this instance's streams, fed by the database's NOTIFY (so every instance hears every change).
  const hub = await startLiveHub(options.sql, { heartbeatMs: LIVE.heartbeatMs });
  app.addHook('onClose', () => hub.close());
  eventsRoute(app, hub, { jwtSecret: options.jwtSecret, ...DEFAULT_LIVE_LIMITS, ...options.live });

  // Load balancers: /health says the process answers; /ready that it can reach its database too.
  app.get('/health', async () => ({ ok: true }));
  app.get('/ready', async (_request, reply) => {
    try {
      await options.sql.query('SELECT 1');
      return { ok: true };
    } catch (error) {
      console.error('Not ready: the database does not answer.', error);
      return sendErrors(reply, 503, SERVER_ERRORS.notReady);
    }
  });
  return app;
}
