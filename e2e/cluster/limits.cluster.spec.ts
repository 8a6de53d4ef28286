/**
 * Limits that must be global are, or N instances would allow N times the limit: failed log-ins counted in PostgreSQL, so three instances
 * hold one count. 30 failed log-ins from one address spread over the instances answer exactly as 30
 * on one instance do; the owner, from another address, still gets in.
 */
import { expect, test } from '@playwright/test';
import { call, newAccount } from './api';
import { theCluster } from './cluster';

/** Statuses of 30 wrong-password log-ins for `username`, the i-th sent to `urls[i % urls.length]`. */
async function failedLogIns(urls: string[], username: string) {
  const statuses: number[] = [];
  for (let attempt = 0; attempt < 30; attempt += 1) {
    const answer = await call(urls[attempt % urls.length]!, '/auth/login', { body: { username, password: 'not the password' } });
    statuses.push(answer.status);
  }
  return statuses;
}

test('30 failed log-ins spread over the three instances are limited like 30 on one', async () => {
  const cluster = theCluster();
  const spread = await newAccount(cluster.apiUrl, 'Spread');
  const single = await newAccount(cluster.apiUrl, 'Single');

  const overThree = await failedLogIns(cluster.instanceUrls, spread.username);
  const onOne = await failedLogIns([cluster.instanceUrls[0]!], single.username);

  // LOGIN_FAILURE_LIMIT is 5 per account and address (the shipped default): five refusals, then 429
  // for the rest of the window.
  expect(onOne).toEqual([...Array<number>(5).fill(401), ...Array<number>(25).fill(429)]);
  expect(overThree).toEqual(onOne);
  for (const url of cluster.instanceUrls) {
    // The right password is refused too from that address, through any instance…
    const refused = await call(url, '/auth/login', { body: { username: spread.username, password: spread.password } });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    // …and accepted from another (the instances believe X-Forwarded-For from this machine, as from HAProxy).
    const owner = await call(url, '/auth/login', {
      body: { username: spread.username, password: spread.password },
      headers: { 'x-forwarded-for': '198.51.100.7' },
    });
    expect(owner.status).toBe(200);
  }
});
