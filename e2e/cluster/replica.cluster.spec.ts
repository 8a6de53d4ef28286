/**
 * Reads from the streaming replica, with read-your-writes. A write answers the primary's
 * WAL position (Chirp-Written-Lsn); a read that sends it back (Chirp-Read-After, as the app does after
 * its own changes) is answered from the primary until the replica has replayed that far. Lists without
 * it come from the replica. Measured: how soon others see a post, and the replica's lag.
 */
import { expect, test } from '@playwright/test';
import pg from 'pg';
import { call, newAccount, sleep } from './api';
import { theCluster } from './cluster';

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

test('a post shows to its author at once through every instance, from the primary while the replica lags; to others from the replica', async () => {
  const cluster = theCluster();
  const author = await newAccount(cluster.apiUrl, 'Author');
  const reader = await newAccount(cluster.apiUrl, 'Reader');
  const replica = new pg.Client({ connectionString: cluster.replicaUrl });
  await replica.connect();
  const latestOf = async (token: string, headers: Record<string, string> = {}, url = cluster.apiUrl) =>
    (await call(url, '/posts?view=compact&sort=latest', { token, headers })).body.posts?.map((post) => post.content) ?? [];
  try {
    // The replica stops replaying: whatever is written now exists on the primary only.
    await cluster.pauseReplay();
    const content = `Written while the replica waits, by ${author.username}`;
    const created = await call(cluster.apiUrl, '/posts?view=compact', { body: { postData: { content } }, token: author.token });
    expect(created.status).toBe(201);
    const lsn = created.headers.get('chirp-written-lsn');
    expect(lsn).toMatch(/^[0-9A-F]+\/[0-9A-F]+$/);

    // The author, on any instance, reads their post at once.
    for (const url of cluster.instanceUrls) expect(await latestOf(author.token, { 'chirp-read-after': lsn! }, url)).toContain(content);
    // Another person's list comes from the replica, which has not replayed it yet.
    expect(await latestOf(reader.token)).not.toContain(content);

    await cluster.resumeReplay();
    await expect.poll(() => latestOf(reader.token), { timeout: 1000, intervals: [10] }).toContain(content);
  } finally {
    await cluster.resumeReplay().catch(() => undefined);
  }

  // The figures: 20 posts, each read by another person until it shows, and the replica's replay of it.
  const seenByOthersMs: number[] = [];
  const replicaLagMs: number[] = [];
  try {
    for (let round = 0; round < 20; round += 1) {
      const content = `Round ${round}, by ${author.username}`;
      const created = await call(cluster.apiUrl, '/posts?view=compact', { body: { postData: { content } }, token: author.token });
      const written = Date.now();
      const lsn = created.headers.get('chirp-written-lsn')!;
      const replayed = (async () => {
        for (;;) {
          const { rows } = await replica.query<{ caught: boolean }>('SELECT pg_last_wal_replay_lsn() >= $1::pg_lsn AS caught', [lsn]);
          if (rows[0]?.caught) return Date.now() - written;
          await sleep(1);
        }
      })();
      const seen = (async () => {
        while (!(await latestOf(reader.token)).includes(content)) {
          if (Date.now() - written > 5000) throw new Error(`Round ${round}: not seen by others after 5 s`);
          await sleep(5);
        }
        return Date.now() - written;
      })();
      const [lag, visible] = await Promise.all([replayed, seen]);
      replicaLagMs.push(lag);
      seenByOthersMs.push(visible);
    }
  } finally {
    await replica.end();
  }
  const report = {
    seenByOthersMs: { median: median(seenByOthersMs), max: Math.max(...seenByOthersMs) },
    replicaLagMs: { median: median(replicaLagMs), max: Math.max(...replicaLagMs) },
  };
  console.info('Replica:', JSON.stringify(report));
  test.info().annotations.push({ type: 'replica', description: JSON.stringify(report) });
  expect(report.seenByOthersMs.max).toBeLessThan(1000);
});
