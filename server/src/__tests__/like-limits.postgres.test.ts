// @vitest-environment node
/**
 * Only with DATABASE_URL (see vitest.config.ts): likes per account are counted in the database, so a
 * burst spread over two servers on one PostgreSQL gets no more than the limit through.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { expectLikeBurstLimited } from './like-burst';
import { freshSchemaName, startTestServer, TEST_QUOTAS, type TestServer } from './test-server';

let a: TestServer;
let b: TestServer;

beforeAll(async () => {
  const shared = {
    databaseUrl: process.env.DATABASE_URL!,
    databaseSchema: freshSchemaName(),
    // One secret: a token from one instance is good on the other.
    jwtSecret: randomBytes(32).toString('hex'),
    quotas: { ...TEST_QUOTAS, likesPerMinute: 60 },
  };
  a = await startTestServer(shared);
  b = await startTestServer(shared);
}, 180_000);

afterAll(async () => {
  await b?.stop();
  await a?.stop();
});

describe('likes per account, through two instances on one PostgreSQL', { timeout: 120_000 }, () => {
  it('lets exactly the limit through of 100 likes sent at once through both', async () => {
    await expectLikeBurstLimited([a, b], 100, 60);
  });
});
