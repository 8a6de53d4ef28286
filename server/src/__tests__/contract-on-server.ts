/**
 * The contract suites of @chirp/contract-tests, the same as the in-browser back end runs,
 * against a server started for the file: on PGlite, or on PostgreSQL when given a database URL.
 */
import { afterAll, beforeAll, describe } from 'vitest';
import { CONTRACT_MODERATOR, CONTRACT_SUITES, type ContractContext } from '@chirp/contract-tests';
import type { ServerConfig } from '../config';
import { startTestServer, type TestServer } from './test-server';
import { tracesIn } from './traces';

export function defineContractOnServer(database: string, overrides: Partial<ServerConfig> = {}): void {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ moderators: [CONTRACT_MODERATOR], ...overrides });
  }, 180_000);

  afterAll(() => server?.stop());

  const context = (): ContractContext => ({
    baseUrl: server.url,
    fetch: (...args) => globalThis.fetch(...args),
    reset: () => server.reset(),
    signToken: (claims) => server.signToken(claims),
    traces: (needles) => tracesIn(server.sql, needles),
  });

  for (const { title, define, timeoutMs } of CONTRACT_SUITES) {
    describe(`${title}, against the server on ${database}`, { timeout: timeoutMs }, () => define(context));
  }
}
