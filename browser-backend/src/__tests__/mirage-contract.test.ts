// @vitest-environment happy-dom
import { afterAll, beforeAll, describe } from 'vitest';
import type { Server } from 'miragejs';
import { memoryStore } from '../persistence';
import { resetDemoData, runningBackend, startMirage } from '../server';
import { issueToken } from '@chirp/api-rules';
import { CONTRACT_MODERATOR, CONTRACT_SUITES, type ContractContext } from '@chirp/contract-tests';

let server: Server;

beforeAll(async () => {
  server = await startMirage({ delay: 0, resetData: true, store: memoryStore(), moderators: CONTRACT_MODERATOR });
});

afterAll(() => server.shutdown());

const context = (): ContractContext => ({
  baseUrl: globalThis.location.origin,
  fetch: (...args) => globalThis.fetch(...args),
  reset: resetDemoData,
  signToken: (claims) => issueToken(runningBackend()!.db.tokenSecret, claims),
});

for (const { title, define } of CONTRACT_SUITES) describe(`${title}, against Mirage`, () => define(context));
