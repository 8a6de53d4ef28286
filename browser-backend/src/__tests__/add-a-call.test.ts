// @vitest-environment happy-dom
/**
 * A call added to the route table (contract-tests' toy `GET /api/ping/:name`) is answered by the
 * in-browser back end, given only its handler: no route written here.
 */
import { defineAddACallSuite, pingHandler, TABLE_WITH_PING } from '@chirp/contract-tests';
import type { Server } from 'miragejs';
import { afterAll, beforeAll, describe } from 'vitest';
import { memoryStore } from '../persistence';
import { API_HANDLERS, bindRoutes, resetDemoData, startMirage } from '../server';

let server: Server;

beforeAll(async () => {
  server = await startMirage({
    delay: 0,
    resetData: true,
    store: memoryStore(),
    routes: bindRoutes(TABLE_WITH_PING, { ...API_HANDLERS, ping: pingHandler }),
  });
});

afterAll(() => server.shutdown());

describe('adding a call, in the in-browser back end', () =>
  defineAddACallSuite(() => ({ baseUrl: globalThis.location.origin, fetch: (...args) => globalThis.fetch(...args), reset: resetDemoData }), {
    serialisedBySchema: false,
  }));
