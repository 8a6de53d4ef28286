// @vitest-environment node
/** Likes and dislikes per account (LIKES_PER_MINUTE), on PGlite; like-limits.postgres.test.ts: through two instances. */
import { afterAll, beforeAll, describe, it } from 'vitest';
import { expectLikeBurstLimited } from './like-burst';
import { startTestServer, TEST_QUOTAS, type TestServer } from './test-server';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ quotas: { ...TEST_QUOTAS, likesPerMinute: 60 } });
}, 180_000);

afterAll(() => server?.stop());

describe('likes per account', { timeout: 120_000 }, () => {
  it('lets exactly the limit through of 100 likes sent at once; the rest are 429 with Retry-After and change nothing', async () => {
    await expectLikeBurstLimited([server], 100, 60);
  });
});
