/**
 * An instance dies under load: autocannon sends a steady stream of feed reads through
 * HAProxy, one instance is killed (SIGKILL, as a crash), and no request may fail once the load
 * balancer's health check has taken it out. What failed in the gap, and how long the gap was, is
 * printed and attached to the report.
 */
import { expect, test } from '@playwright/test';
// @ts-expect-error autocannon has no types of its own
import autocannon from 'autocannon';
import { newAccount, sleep } from './api';
import { balancerView, theCluster } from './cluster';

interface Outcome {
  at: number;
  ok: boolean;
}

test('killing an instance under a steady stream of requests fails none after the health check notices', async () => {
  test.setTimeout(120_000);
  const cluster = theCluster();
  const { token } = await newAccount(cluster.apiUrl, 'Load');
  const outcomes: Outcome[] = [];
  const load = autocannon({
    url: `${cluster.apiUrl}/api/posts?view=compact`,
    headers: { authorization: token },
    connections: 8,
    // Steady: 200 requests a second, whatever the instances' speed.
    overallRate: 200,
    duration: 12,
  });
  load.on('response', (_client: unknown, statusCode: number) => outcomes.push({ at: Date.now(), ok: statusCode === 200 }));
  load.on('reqError', () => outcomes.push({ at: Date.now(), ok: false }));
  const finished = new Promise<{ requests: { total: number } }>((resolve) => load.on('done', resolve));

  await sleep(3000);
  const killedAt = Date.now();
  await cluster.stopInstance(2, 'SIGKILL');
  let noticedAt = 0;
  while (!noticedAt) {
    if ((await balancerView(cluster.ports)).api2 === 'DOWN') noticedAt = Date.now();
    else await sleep(25);
  }
  await finished;

  const failed = (from: number, to: number) => outcomes.filter((outcome) => !outcome.ok && outcome.at >= from && outcome.at < to).length;
  const report = {
    requests: outcomes.length,
    gapMs: noticedAt - killedAt,
    failedBeforeKill: failed(0, killedAt),
    failedInGap: failed(killedAt, noticedAt),
    failedAfterNoticed: failed(noticedAt, Infinity),
    answeredAfterNoticed: outcomes.filter((outcome) => outcome.at >= noticedAt).length,
  };
  console.info('Failover under load:', JSON.stringify(report));
  test.info().annotations.push({ type: 'failover', description: JSON.stringify(report) });

  expect(report.failedBeforeKill).toBe(0);
  expect(report.failedAfterNoticed).toBe(0);
  // The load went on after the instance was taken out (the test measured something).
  expect(report.answeredAfterNoticed).toBeGreaterThan(500);
  // Two failed checks, a quarter of a second apart after the first: well under 3 s.
  expect(report.gapMs).toBeLessThan(3000);

  // Started again, it is back in the rotation and answers.
  await cluster.startInstance(2);
  await expect.poll(async () => (await balancerView(cluster.ports)).api2, { timeout: 15_000 }).toBe('UP');
});
