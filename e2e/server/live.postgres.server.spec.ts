/**
 * Live updates across server instances: two API servers on one PostgreSQL, each with a
 * deployment of the production build pointed at it, and a person in a browser of their own on each.
 * Runs where DATABASE_URL names a PostgreSQL (CI sets one; see playwright.config.ts).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { spawnServer, type ServerProcess } from '@chirp/server/testing';
import pg from 'pg';
import { EVERYONE, likeButton, likeCount, postCard, homeComposer, publish } from '../feed/feed-helpers';
import { deploy, freePort } from '../support/deployment';
import { expect, recordToasts, signUpAndOpenHome, test, watchConsole } from '../support/api-server';

const DATABASE_URL = process.env.DATABASE_URL!;

async function dropSchema(schema: string) {
  const client = new pg.Client({ connectionString: DATABASE_URL });
  await client.connect();
  await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  await client.end();
}

/** Browsers log a stream cut by a dying server, and the failed attempts to reconnect to it: expected here. */
const outageNoise = (error: string) => /net::ERR_(CONNECTION_REFUSED|INCOMPLETE_CHUNKED_ENCODING|EMPTY_RESPONSE|CONNECTION_RESET)/.test(error);

test('a post through one instance shows as "1 new post" on the other within 2 s; the badge and the like count update live; a restarted instance loses no event', async ({
  browser,
}) => {
  test.slow();
  const schema = `chirp_e2e_live_${randomBytes(4).toString('hex')}`;
  const ports = [await freePort(), await freePort()];
  const apiUrls = ports.map((port) => `http://127.0.0.1:${port}`);
  const deployments = await Promise.all(apiUrls.map((apiBaseUrl, index) => deploy({ name: `live-${process.pid}-${index}`, config: { apiBaseUrl } })));
  const dataDirs = ports.map(() => mkdtempSync(join(tmpdir(), 'chirp-e2e-live-')));
  const origins = deployments.map((deployment) => deployment.urls.shell).join(',');
  const start = (index: number) =>
    spawnServer({
      PORT: String(ports[index]),
      DATA_DIR: dataDirs[index]!,
      DATABASE_URL,
      DATABASE_SCHEMA: schema,
      JWT_SECRET: 'one-secret-for-both-instances-0123456789abcdef',
      CORS_ORIGINS: origins,
    });
  const servers: ServerProcess[] = [await start(0)];
  servers.push(await start(1));
  const errors: string[][] = [[], []];
  const contexts = await Promise.all(deployments.map((deployment) => browser.newContext({ baseURL: deployment.urls.shell })));
  try {
    await Promise.all(contexts.map((context) => recordToasts(context)));
    const [ana, ben] = (await Promise.all(contexts.map((context) => context.newPage()))) as [Page, Page];
    watchConsole(ana, errors[0]!);
    watchConsole(ben, errors[1]!);
    const author = await signUpAndOpenHome(ana, 'Ana');
    await signUpAndOpenHome(ben, 'Ben');
    // Ben follows nobody: Ana's posts come to Home's Everyone tab.
    await ben.goto(EVERYONE);
    await expect(ben.getByRole('feed', { name: 'Latest Posts' })).toBeVisible();

    // Ana posts through instance 0; Ben, on instance 1, sees the button within 2 s.
    const first = `Live across instances, by ${author.username}`;
    await publish(homeComposer(ana), first);
    const posted = Date.now();
    await expect(ben.getByRole('button', { name: '1 new post' })).toBeVisible({ timeout: 2000 });
    expect(Date.now() - posted).toBeLessThan(2000);
    await ben.getByRole('button', { name: '1 new post' }).click();
    await likeButton(postCard(ben, first)).click();
    // Ana's badge says so without a reload, and so does the count of her post on her screen (her
    // page named it to her stream, on the other instance).
    await expect(ana.getByRole('link', { name: 'Notifications, 1 unread' }).first()).toBeVisible();
    await expect(likeCount(postCard(ana, first))).toHaveText('1');

    // Ben's instance dies; Ana posts twice meanwhile; it comes back on the same address.
    await servers[1]!.stop('SIGKILL');
    const whileDown = [`While it was down, one, by ${author.username}`, `While it was down, two, by ${author.username}`];
    for (const text of whileDown) {
      await publish(homeComposer(ana), text);
      await expect(postCard(ana, text)).toBeVisible();
    }
    servers[1] = await start(1);
    await expect(ben.getByRole('button', { name: '2 new posts' })).toBeVisible({ timeout: 30_000 });
    await ben.getByRole('button', { name: '2 new posts' }).click();
    for (const text of whileDown) await expect(postCard(ben, text)).toBeVisible();

    expect(errors[0]).toEqual([]);
    expect(errors[1]!.filter((error) => !outageNoise(error))).toEqual([]);
  } finally {
    await Promise.all(contexts.map((context) => context.close()));
    await Promise.all(servers.map((server) => server.stop()));
    await Promise.all(deployments.map((deployment) => deployment.close()));
    await dropSchema(schema);
    dataDirs.forEach((dir) => rmSync(dir, { recursive: true, force: true }));
  }
});
