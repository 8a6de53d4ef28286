// @vitest-environment node
/**
 * A call added to the route table (contract-tests' toy `GET /api/ping/:name`) is answered by the
 * server with its schemas, given only its handler: no route, schema or serialiser written here.
 */
import { defineAddACallSuite, pingHandler, TABLE_WITH_PING, type ContractContext } from '@chirp/contract-tests';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { apiHandlers } from '../api/routes';
import { routeSchemas } from '../api/table-routes';
import { startTestServer, type TestServer } from './test-server';

let server: TestServer;
let app: FastifyInstance;
let url: string;

beforeAll(async () => {
  server = await startTestServer();
  // A second app on the same database, answering the API's table and the toy call.
  app = await buildApp({ ...server.config, sql: server.sql, routes: { table: TABLE_WITH_PING, handlers: { ...apiHandlers, ping: pingHandler } } });
  url = await app.listen({ host: '127.0.0.1', port: 0 });
}, 180_000);

afterAll(async () => {
  await app?.close();
  await server?.stop();
});

const context = (): ContractContext => ({ baseUrl: url, fetch: (...args) => globalThis.fetch(...args), reset: () => server.reset() });

describe('adding a call, on the server', () => {
  defineAddACallSuite(context, { serialisedBySchema: true });

  it('is registered with the schemas of its descriptor', () => {
    expect(app.hasRoute({ method: 'GET', url: '/api/ping/:name' })).toBe(true);
    const { schema } = routeSchemas(TABLE_WITH_PING.ping);
    expect(schema.params).toEqual(expect.objectContaining({ type: 'object', required: ['name'], properties: { name: { type: 'string' } } }));
    expect(schema.querystring).toEqual(expect.objectContaining({ type: 'object', properties: expect.objectContaining({ view: { type: 'string' } }) }));
    expect(schema.response['2xx']).toEqual(expect.objectContaining({ required: ['pong', 'name', 'at'], additionalProperties: false }));
    expect(schema.response['4xx']).toEqual(expect.objectContaining({ required: ['errors'] }));
  });
});
