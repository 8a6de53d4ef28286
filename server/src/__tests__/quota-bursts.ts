/**
 * Quotas under a burst: many calls sent at once, spread over every instance given, get exactly the
 * quota and no more — uploads by count and by bytes, posts, mention notifications, sign-ups from one
 * address. Run on PGlite (quotas.server.test.ts) and on PostgreSQL through two instances
 * (quotas.postgres.test.ts).
 */
import { GUEST_CREDENTIALS } from '@chirp/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_ERRORS } from '../api/context';
import type { ServerConfig } from '../config';
import { QUOTA_ERRORS } from '../quotas';
import { authCall, from } from './auth-calls';
import { SAMPLE_IMAGES, startTestServer, TEST_QUOTAS, uploadImage, type TestServer } from './test-server';

const UPLOADS_PER_HOUR = 20;
const LARGE_IMAGE = Buffer.concat([SAMPLE_IMAGES.png, Buffer.alloc(2000 - SAMPLE_IMAGES.png.length, 1)]);
const LARGE_IMAGES_PER_HOUR = 10;
const POSTS_PER_MINUTE = 30;
const MENTION_NOTIFICATIONS_PER_MINUTE = 25;
const SIGN_UPS_PER_ADDRESS = 5;

/** Instances on one database, with one token key: the first, and more on its schema (PostgreSQL only). */
async function startInstances(overrides: Partial<ServerConfig>, count: number): Promise<TestServer[]> {
  const first = await startTestServer(overrides);
  const same = { ...overrides, jwtSecret: first.config.jwtSecret };
  const more = await Promise.all(Array.from({ length: count - 1 }, () => startTestServer(same)));
  return [first, ...more];
}

const countOf = (statuses: number[], status: number) => statuses.filter((each) => each === status).length;

export function defineQuotaBursts(database: string, overrides: Partial<ServerConfig> = {}, instances = 1): void {
  /** Upload, post and sign-up quotas; the instances share one database. */
  let limited: TestServer[] = [];
  /** Only the mention quota: every post is accepted. */
  let mentionsOnly: TestServer[] = [];
  const schema = (name: string) => (overrides.databaseSchema ? { databaseSchema: `${overrides.databaseSchema}_${name}` } : {});

  beforeAll(async () => {
    limited = await startInstances(
      {
        ...overrides,
        ...schema('limited'),
        trustProxy: 1,
        authRateLimit: { max: SIGN_UPS_PER_ADDRESS, windowMs: 60_000 },
        quotas: {
          ...TEST_QUOTAS,
          uploadsPerHour: UPLOADS_PER_HOUR,
          uploadBytesPerHour: LARGE_IMAGES_PER_HOUR * LARGE_IMAGE.length,
          postsPerMinute: POSTS_PER_MINUTE,
        },
      },
      instances,
    );
    mentionsOnly = await startInstances(
      { ...overrides, ...schema('mentions'), quotas: { ...TEST_QUOTAS, mentionNotificationsPerMinute: MENTION_NOTIFICATIONS_PER_MINUTE } },
      instances,
    );
  }, 600_000);

  afterAll(async () => {
    for (const server of [...limited, ...mentionsOnly].reverse()) await server.stop();
  });

  /** The i-th call's server: through each instance in turn. */
  const through = (servers: TestServer[], index: number) => servers[index % servers.length]!.url;
  const tokenOf = async (servers: TestServer[], username: string) => {
    const { rows } = await servers[0]!.sql.query<{ id: string }>('SELECT id::text FROM users WHERE username = $1', [username]);
    return servers[0]!.signToken({ _id: rows[0]!.id, username });
  };
  const post = (url: string, token: string, content: string) =>
    fetch(`${url}/api/posts?view=compact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: token },
      body: JSON.stringify({ postData: { content } }),
    });
  const postsOf = async (url: string, username: string) => {
    const answer = await fetch(`${url}/api/posts/user/${username}`);
    return ((await answer.json()) as { posts: unknown[] }).posts.length;
  };

  describe(`quotas under a burst, on ${database}`, { timeout: 300_000 }, () => {
    it(`stores exactly ${UPLOADS_PER_HOUR} of 40 uploads sent at once with a quota of ${UPLOADS_PER_HOUR} an hour`, async () => {
      const token = await tokenOf(limited, GUEST_CREDENTIALS.username);
      const answers = await Promise.all(
        Array.from({ length: 40 }, (_, index) => uploadImage(through(limited, index), SAMPLE_IMAGES.png, { token })),
      );
      const statuses = answers.map((answer) => answer.status);
      expect(countOf(statuses, 201)).toBe(UPLOADS_PER_HOUR);
      expect(countOf(statuses, 429)).toBe(40 - UPLOADS_PER_HOUR);
      expect(answers.find((answer) => answer.status === 429)!.body.errors?.[0]).toMatch(/^You have uploaded too many images this hour\./);
      // What was accepted is there; one more later is refused too.
      const kept = answers.filter((answer) => answer.status === 201).map((answer) => answer.body.url!);
      expect(new Set(kept).size).toBe(UPLOADS_PER_HOUR);
      for (const url of kept) expect((await fetch(url)).status).toBe(200);
      expect((await uploadImage(through(limited, 1), SAMPLE_IMAGES.gif, { token })).status).toBe(429);
    });

    it('stores no more bytes than the hourly byte quota from uploads sent at once', async () => {
      const token = await tokenOf(limited, 'priya.nair');
      const answers = await Promise.all(Array.from({ length: 40 }, (_, index) => uploadImage(through(limited, index), LARGE_IMAGE, { token })));
      const statuses = answers.map((answer) => answer.status);
      expect(countOf(statuses, 201)).toBe(LARGE_IMAGES_PER_HOUR);
      expect(countOf(statuses, 429)).toBe(40 - LARGE_IMAGES_PER_HOUR);
      // The byte quota is full, not the count: a smaller image does not fit either.
      expect((await uploadImage(through(limited, 0), SAMPLE_IMAGES.png, { token })).status).toBe(429);
    });

    it(`accepts exactly ${POSTS_PER_MINUTE} of 150 posts sent at once with a quota of ${POSTS_PER_MINUTE} a minute`, async () => {
      const token = await tokenOf(limited, 'marcus_bell');
      const before = await postsOf(through(limited, 0), 'marcus_bell');
      const answers = await Promise.all(Array.from({ length: 150 }, (_, index) => post(through(limited, index), token, `Burst ${index}`)));
      const statuses = answers.map((answer) => answer.status);
      expect(countOf(statuses, 201)).toBe(POSTS_PER_MINUTE);
      expect(countOf(statuses, 429)).toBe(150 - POSTS_PER_MINUTE);
      const refused = answers.find((answer) => answer.status === 429)!;
      const seconds = Number(refused.headers.get('retry-after'));
      expect(seconds).toBeGreaterThan(0);
      expect(seconds).toBeLessThanOrEqual(60);
      expect(await refused.json()).toEqual({ errors: [QUOTA_ERRORS.posts(seconds)] });
      expect(await postsOf(through(limited, 1), 'marcus_bell')).toBe(before + POSTS_PER_MINUTE);
    });

    it(`signs up exactly ${SIGN_UPS_PER_ADDRESS} of 20 accounts sent at once from one address`, async () => {
      const client = from('203.0.113.77');
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, index) =>
          authCall(through(limited, index), 'signup', { username: `burst.${index}`, password: 'burst-password1', firstName: 'Burst', lastName: `No ${index}` }, client),
        ),
      );
      const statuses = answers.map((answer) => answer.status);
      expect(countOf(statuses, 201)).toBe(SIGN_UPS_PER_ADDRESS);
      expect(countOf(statuses, 429)).toBe(20 - SIGN_UPS_PER_ADDRESS);
      expect(answers.find((answer) => answer.status === 429)!.body).toEqual({ errors: [SERVER_ERRORS.tooManyAttempts] });
      const users = (await (await fetch(`${through(limited, 1)}/api/users`)).json()) as { users: Array<{ username: string }> };
      expect(users.users.filter((user) => user.username.startsWith('burst.'))).toHaveLength(SIGN_UPS_PER_ADDRESS);
    });

    it(`makes at most ${MENTION_NOTIFICATIONS_PER_MINUTE} mention notifications from 100 posts sent at once, each mentioning 10 people`, async () => {
      const seeded = ['priya.nair', 'marcus_bell', 'sofia.alvarez', 'kenji.w', 'amara_okafor', 'lukas.becker', 'hannah.lee'];
      const joined = ['ada.mention', 'ben.mention', 'cy.mention'];
      for (const [index, username] of joined.entries()) {
        const body = { username, password: 'mention-password1', firstName: 'Named', lastName: 'Often' };
        expect((await authCall(through(mentionsOnly, index), 'signup', body)).status).toBe(201);
      }
      const mentioned = await Promise.all([...seeded, ...joined].map((username) => tokenOf(mentionsOnly, username)));
      const unread = async () => {
        let sum = 0;
        for (const [index, token] of mentioned.entries()) {
          const answer = await fetch(`${through(mentionsOnly, index)}/api/notifications/unread`, { headers: { authorization: token } });
          sum += ((await answer.json()) as { unread: number }).unread;
        }
        return sum;
      };
      const before = await unread();
      const token = await tokenOf(mentionsOnly, GUEST_CREDENTIALS.username);
      const content = [...seeded, ...joined].map((username) => `@${username}`).join(' ');
      const answers = await Promise.all(Array.from({ length: 100 }, (_, index) => post(through(mentionsOnly, index), token, `${content} ${index}`)));
      // Past the quota a post is still made; it only notifies nobody.
      expect(countOf(answers.map((answer) => answer.status), 201)).toBe(100);
      expect((await unread()) - before).toBe(MENTION_NOTIFICATIONS_PER_MINUTE);
    });
  });
}
