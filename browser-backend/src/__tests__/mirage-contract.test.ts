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
  // Every collection of the data (users, posts, notifications, reserved names…), each entry read whole.
  traces: async (needles) =>
    Object.entries(runningBackend()!.db).flatMap(([collection, entries]) =>
      Array.isArray(entries)
        ? needles.flatMap((needle) => {
            const count = entries.filter((entry) => JSON.stringify(entry).toLowerCase().includes(needle.toLowerCase())).length;
            return count > 0 ? [`${collection}: ${count} entries hold ${needle}`] : [];
          })
        : [],
    ),
});

for (const { title, define } of CONTRACT_SUITES) describe(`${title}, against Mirage`, () => define(context));
