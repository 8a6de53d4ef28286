/**
 * The route table as Fastify routes: each call with its schemas from @chirp/contracts (params from
 * its path, query, body, and its answers), its answers serialised by those schemas
 * (fast-json-stringify: faster than JSON.stringify, and nothing leaves that the schema does not
 * name or allow), and its work done by the table's bound handler. The server's routes and a test's
 * toy table are registered the same way.
 */
import type { ApiCall, BoundRoute } from '@chirp/api-rules';
import { pathParamNames, type RouteDescriptor } from '@chirp/contracts';
import { ERROR_ANSWER, SCHEMAS } from '@chirp/contracts/schemas';
import type { FastifyInstance, FastifyRequest, RouteShorthandOptions } from 'fastify';
import fastJson from 'fast-json-stringify';
import { Type, type TSchema } from 'typebox';

/** What registering a table needs from the app: how a request becomes a call, and what a route runs with. */
export interface TableRouteOptions<Context> {
  toCall: (request: FastifyRequest) => ApiCall;
  contextFor: (name: string, request: FastifyRequest) => Context | Promise<Context>;
  /** Extra route options by call name (e.g. a rate limit). */
  routeConfig?: (name: string) => RouteShorthandOptions['config'];
}

/** The schema of a path's parameters: each one text. */
export const paramsSchema = (path: string) =>
  Type.Object(Object.fromEntries(pathParamNames(path).map((name) => [name, Type.String()])));

/** The Fastify schemas of a call, and the serialisers of its two forms. */
export function routeSchemas(descriptor: RouteDescriptor) {
  const { query, body, answer, compact } = descriptor.schemas(SCHEMAS);
  const answers: TSchema = compact ? Type.Union([answer, compact]) : answer;
  const specForm = fastJson(answer);
  const compactForm = compact ? fastJson(compact) : specForm;
  return {
    schema: {
      params: paramsSchema(descriptor.path),
      ...(query ? { querystring: query } : {}),
      ...(body ? { body } : {}),
      response: { '2xx': answers, '4xx': ERROR_ANSWER, '5xx': ERROR_ANSWER },
    },
    // The handler has read the view already (and refused one it does not know): only its choice matters here.
    serialiser: (call: ApiCall) => (call.query.get('view') === 'compact' ? compactForm : specForm),
  };
}

/** Registers every bound route of a table under /api. */
export function registerTableRoutes<Context>(app: FastifyInstance, routes: readonly BoundRoute<Context, string>[], options: TableRouteOptions<Context>): void {
  for (const route of routes) {
    const { schema, serialiser } = routeSchemas(route);
    app.route({
      method: route.method,
      url: `/api${route.path}`,
      schema,
      // A body its schema refuses is answered by the table, with the rules' own words, after the
      // token check; a query is read (and refused) by the rules themselves.
      attachValidation: true,
      config: options.routeConfig?.(route.name) ?? {},
      handler: async (request, reply) => {
        const call = options.toCall(request);
        const { status, body, headers } = await route.run(call, await options.contextFor(route.name, request));
        reply.code(status).headers(headers ?? {});
        if (status < 300) reply.type('application/json; charset=utf-8').serializer(serialiser(call));
        return reply.send(body);
      },
    });
  }
}
