/**
 * The contract suites of @chirp/api-rules (api-rules/src/contract), the same as the in-browser back end runs,
 * against a server started for the file: on PGlite, or on PostgreSQL when given a database URL.
 */
import { afterAll, beforeAll, describe } from 'vitest';
import {
  defineBadInputSuite,
  defineBoundedSuite,
  defineCompatSuite,
  defineCompactSuite,
  defineContractSuite,
  defineConversationsSuite,
  defineFuzzSuite,
  defineSearchSuite,
  defineShownPostsSuite,
  type ContractContext,
} from '@chirp/contract-tests';
import type { ServerConfig } from '../config';
import { startTestServer, type TestServer } from './test-server';

export function defineContractOnServer(database: string, overrides: Partial<ServerConfig> = {}): void {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(overrides);
  }, 180_000);

  afterAll(() => server?.stop());

  const context = (): ContractContext => ({
    baseUrl: server.url,
    fetch: (...args) => globalThis.fetch(...args),
    reset: () => server.reset(),
    signToken: (claims) => server.signToken(claims),
  });

  describe(`the API contract, against the server on ${database}`, { timeout: 30_000 }, () => defineContractSuite(context));
  describe(`bad input at every call, against the server on ${database}`, { timeout: 60_000 }, () => defineBadInputSuite(context));
  describe(`the compact form and the paged reads, against the server on ${database}`, { timeout: 30_000 }, () =>
    defineCompactSuite(context),
  );
  describe(`conversations, mentions and notifications, against the server on ${database}`, { timeout: 30_000 }, () =>
    defineConversationsSuite(context),
  );
  describe(`bounded answers, against the server on ${database}`, { timeout: 60_000 }, () => defineBoundedSuite(context));
  describe(`generated bad input at every route, against the server on ${database}`, () => defineFuzzSuite(context));
  describe(`clients of the original mock back end, against the server on ${database}`, { timeout: 30_000 }, () => defineCompatSuite(context));
  describe(`searching posts as people type, against the server on ${database}`, { timeout: 30_000 }, () => defineSearchSuite(context));
  describe(`naming the posts a live stream shows, against the server on ${database}`, { timeout: 30_000 }, () => defineShownPostsSuite(context));
}
