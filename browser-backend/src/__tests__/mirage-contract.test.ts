// @vitest-environment happy-dom
import { afterAll, beforeAll, describe } from 'vitest';
import type { Server } from 'miragejs';
import { memoryStore } from '../persistence';
import { resetDemoData, runningBackend, startMirage } from '../server';
import { issueToken } from '@chirp/api-rules';
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

let server: Server;

beforeAll(async () => {
  server = await startMirage({ delay: 0, resetData: true, store: memoryStore() });
});

afterAll(() => server.shutdown());

const context = (): ContractContext => ({
  baseUrl: globalThis.location.origin,
  fetch: (...args) => globalThis.fetch(...args),
  reset: resetDemoData,
  signToken: (claims) => issueToken(runningBackend()!.db.tokenSecret, claims),
});

describe('the API contract, against Mirage', () => defineContractSuite(context));
describe('bad input at every call, against Mirage', () => defineBadInputSuite(context));
describe('the compact form and the paged reads, against Mirage', () => defineCompactSuite(context));
describe('conversations, mentions and notifications, against Mirage', () => defineConversationsSuite(context));
describe('bounded answers, against Mirage', () => defineBoundedSuite(context));
describe('generated bad input at every route, against Mirage', () => defineFuzzSuite(context));
describe('clients of the original mock back end, against Mirage', () => defineCompatSuite(context));
describe('searching posts as people type, against Mirage', () => defineSearchSuite(context));
describe('naming the posts a live stream shows, against Mirage', () => defineShownPostsSuite(context));
