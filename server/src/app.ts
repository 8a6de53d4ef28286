/**
 * The HTTP server, in layers: the route table's calls (api/, answered from the database through
 * db/'s repositories) registered with their schemas, and plugins for what only a real server has:
 * CORS for the shell's origins, bodies kept for the rules, errors in the API's shape, rate limits,
 * image uploads, live updates, health checks and the sweepers.
 */
import { API_ROUTES, routeTable, type RouteHandlers, type RouteTable } from '@chirp/api-rules';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { callerStamps, SERVER_ERRORS, unexpectedFailure, type ApiCall, type Services } from './api/context';
import { routeReads } from './api/read-routing';
import { apiHandlers } from './api/routes';
import { registerTableRoutes } from './api/table-routes';
import type { ServerConfig } from './config';
import type { ReadReplica } from './db/read-replica';
import { loadCallerStamp } from './db/records';
import type { Sql } from './db/sql';
import { imageStoreFor } from './image-store';
import { databaseFailureCounter } from './limits';
import { passwordsAt } from './passwords';
import { bodiesPlugin, rawBody } from './plugins/bodies';
import { crossOriginPlugin } from './plugins/cross-origin';
import { errorsPlugin, sendErrors } from './plugins/errors';
import { healthPlugin } from './plugins/health';
import { imagesPlugin } from './plugins/images';
import { limitsPlugin } from './plugins/limits';
import { livePlugin } from './plugins/live';
import { sweepersPlugin } from './plugins/sweepers';

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
  | 'moderators'
  | 's3'
  | 'logger'
  | 'quotas'
  | 'live'
  | 'passwordCost'
> & {
  sql: Sql;
  /** Answers the list reads (DATABASE_READ_URL), with read-your-writes. */
  replica?: ReadReplica;
  /** The route table and its handlers; default: the API's (a test may answer a table with more calls). */
  routes?: { table: RouteTable; handlers: RouteHandlers<Services, RouteTable> };
};

/**
 * Calls that check a password, each counted per client address: guessing one costs as much at any of
 * them; and the data export, the heaviest read (up to MAX_EXPORT_ITEMS per list).
 */
const RATE_LIMITED = new Set(['login', 'signup', 'changePassword', 'deleteAccount', 'exportAccount']);
/** How long closing the server waits for requests under way. */
const SHUTDOWN_GRACE_MS = 2000;

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
    body: rawBody(request),
    // Only the body's schema speaks: the rules read the query and the path themselves.
    bodyMismatch: request.validationError?.validationContext === 'body' ? request.validationError.message : undefined,
    origin: publicUrl ?? `${request.protocol}://${request.host}`,
    clientAddress: request.ip,
  };
}

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
    moderatorNames: options.moderators ?? [],
    passwords: passwordsAt(options.passwordCost),
    // Outside a call of the route table, read each time: a memo here would outlive a password change.
    callerStamp: (userId) => loadCallerStamp(options.sql, userId),
  };
  const servicesFor = routeReads(app, services, options.replica);

  await app.register(bodiesPlugin);
  await app.register(crossOriginPlugin, { origins: options.corsOrigins });
  await app.register(limitsPlugin, { sql: options.sql });
  await app.register(errorsPlugin, { bodyLimit: options.bodyLimit, logger: Boolean(options.logger) });
  // Closing drains: requests under way may finish, for a while; then what is still open is cut
  // (a client's idle socket would otherwise hold the process open).
  app.addHook('preClose', async () => {
    setTimeout(() => app.server.closeAllConnections(), SHUTDOWN_GRACE_MS).unref();
  });

  // The API's route table (@chirp/contracts), answered from the database.
  const { table, handlers } = options.routes ?? { table: API_ROUTES, handlers: apiHandlers };
  const tableOptions = {
    tokenSecret: ({ jwtSecret }: Services) => jwtSecret,
    unexpected: unexpectedFailure,
    // From the primary: a password changed a moment ago must already refuse the old tokens. The
    // call's own stamps (contextFor): a handler checking its caller again reads none.
    sessionVersion: async (context: Services, userId: string) => (await context.callerStamp(userId))?.sessionVersion,
  };
  registerTableRoutes(app, routeTable(handlers, tableOptions, table), {
    toCall: (request) => toCall(request, options.publicUrl),
    contextFor: async (name, request) => ({ ...(await servicesFor(name, request)), callerStamp: callerStamps(options.sql) }),
    routeConfig: (name) => (RATE_LIMITED.has(name) ? { rateLimit: { max: options.authRateLimit.max, timeWindow: options.authRateLimit.windowMs } } : {}),
  });
  await app.register(imagesPlugin, { services, uploads: options });
  await app.register(sweepersPlugin, { sql: options.sql, store, unusedUploadGraceMs: options.quotas.unusedUploadGraceMs });
  await app.register(livePlugin, { sql: options.sql, jwtSecret: options.jwtSecret, limits: options.live });
  await app.register(healthPlugin, { sql: options.sql });
  return app;
}
