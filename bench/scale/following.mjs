/**
 * bench:scale's Following figure: the Following page (`GET /api/posts/following?view=compact`) of a
 * reader who follows FOLLOWS (2,000) bench people, at the large size (100,000 posts): one call first,
 * which must answer a full page by followed people only; then autocannon as the other figures; and,
 * after the server stopped, the page's SQL alone (median of 20): its one statement (`followingPosts`: the
 * followed posts and reposts merged, and those lines' posts read whole), as the route reads it; and
 * the same SQL for a reader who follows 10 (`FEW_FOLLOWING_READER`), whose page is read through each
 * followed person's posts.
 *
 * run.mjs lays the readers down (`seedFollowingReader`) and measures them (`followingFeed`, `followingPlan`);
 * `checkFollowing` and `checkFewFollowing` add their lines to the report.
 */
import { call, logInThroughApi, runAutocannon } from '../support/api-load.mjs';
import { median, round } from '../support/figures.mjs';
import { BENCH_PASSWORD } from '../support/scale-data.mjs';

const { followingPosts, followingWalk } = await import('../../server/src/db/post-queries.ts');
const { LIMITS } = await import('@chirp/api-rules');

export const FOLLOWING_READER = 'reader_following';
const PATH = '/api/posts/following?view=compact';

export const FEW_FOLLOWING_READER = 'reader_following_few';

/** `username` (`reader_following`), with bench_1's password, following `follows` bench people spread over all of them (every k-th). */
export async function seedFollowingReader(sql, { follows = 2_000, username = FOLLOWING_READER } = {}) {
  return sql.transaction(async (tx) => {
    await tx.exec(
      `INSERT INTO users (id, username, first_name, last_name, password_hash, profile_pic, title, bio, website,
         created_at, created_offset, updated_at, updated_offset)
       SELECT gen_random_uuid(), '${username}', 'Bench', 'Follower', b.password_hash, '/avatars/default.svg', 'Add title',
         'Add bio', 'Add website', timestamptz '2026-01-01 00:00:00+00', 0, timestamptz '2026-01-01 00:00:00+00', 0
       FROM users b WHERE b.username = 'bench_1'`,
    );
    const { rows } = await tx.query(
      `WITH bench AS (SELECT id, row_number() OVER (ORDER BY username COLLATE "C") AS k, count(*) OVER () AS n FROM users WHERE username LIKE 'bench\\_%')
       INSERT INTO follows (follower_id, followee_id)
       SELECT r.id, b.id FROM bench b, users r
       WHERE r.username = '${username}' AND b.k % greatest(1, b.n / $1::int) = 0
       ORDER BY b.k LIMIT $1::int
       RETURNING follower_id::text AS id`,
      [follows],
    );
    return { id: rows[0]?.id, username, follows: rows.length };
  });
}

/** One call (a full page, all by followed people or the reader), then autocannon on the page: warm-up, `load`, then alone. */
export async function followingFeed(apiUrl, reader, load, log = console.info) {
  const { token } = await logInThroughApi(apiUrl, reader.username, BENCH_PASSWORD);
  const answer = await call(apiUrl, 'GET', PATH, token);
  if (answer.status !== 200) throw new Error(`GET ${PATH} as ${reader.username}: ${answer.status} ${answer.text.slice(0, 200)}`);
  const { posts, nextCursor } = JSON.parse(answer.text);
  const following = JSON.parse((await call(apiUrl, 'GET', `/api/users/by-username/${reader.username}`, token)).text).user.followingCount;
  const page = { posts: posts.length, nextCursor: nextCursor !== null, bytes: answer.bytes, followingCount: following };
  const name = `GET ${PATH} (${reader.username}: follows ${following})`;
  log(`  autocannon: ${name}; its page: ${page.posts} posts`);
  const request = { method: 'GET', setupRequest: (request) => ({ ...request, path: PATH, headers: { authorization: token } }) };
  // Fifteen uncounted seconds first: each pooled connection prepares the page's statements, PostgreSQL
  // plans them for their parameters five times before it settles on a generic plan, and V8 compiles
  // the request path's hot functions (after 2 s its optimising compiler still took a fifth of the
  // server's CPU in the measured window: a figure of start-up, not of a server in service).
  await runAutocannon(apiUrl, `${name}, warm-up`, request, { ...load, seconds: 15 });
  const loaded = await runAutocannon(apiUrl, name, request, load);
  // Beside it, one reader at a time: the page's own latency, without the queue of ten on two cores.
  log(`  autocannon: ${name}, one connection`);
  const alone = await runAutocannon(apiUrl, `${name}, one connection`, request, { ...load, connections: 1 });
  return { ...loaded, following: reader.username, page, alone: { p50Ms: alone.p50Ms, p99Ms: alone.p99Ms, reqPerSec: alone.reqPerSec } };
}

/** The page's SQL alone, one call at a time (median of 20): its statement, as the route reads it. */
export async function followingPlan(sql, reader) {
  const request = { sort: 'latest', page: { limit: LIMITS.defaultPageSize } };
  const walk = await followingWalk(sql, reader.id);
  const times = [];
  let lines = [];
  for (let run = 0; run < 20; run += 1) {
    const started = performance.now();
    lines = await followingPosts(sql, reader.id, { origin: 'http://server' }, request, walk);
    times.push(performance.now() - started);
  }
  return { queryMs: round(median(times), 2), lines: lines.length, walk, follows: reader.follows };
}

/**
 * The page's SQL for a reader who follows few (10), read through each one's posts: about what the
 * page of one who follows 2,000 costs (at most 1.5 times: both are mostly the driver's work on 21
 * lines). Through everyone's posts it read some 20,000 posts to find 21: 10-14 ms in PostgreSQL alone
 * at this size, against 1.5-2 for the other page, and more as the network grows.
 */
export function checkFewFollowing(check, database, fewPlan, plan) {
  if (!fewPlan || !plan) return;
  const ratio = round(fewPlan.queryMs / plan.queryMs, 2);
  check(
    `${database}: Following page SQL, follows ${fewPlan.follows}`,
    `${fewPlan.queryMs} ms (${fewPlan.lines} lines, ${fewPlan.walk}): ${ratio}× follows 2000's`,
    '≤ 1.5× follows 2000\'s',
    ratio <= 1.5,
  );
}

/** The report's line: p99 against the aim, a full page, every post by someone followed. */
export function checkFollowing(check, database, row, plan, p99Ms) {
  if (!row) return;
  const failed = row.non2xx || row.errors ? ` ${row.non2xx} non-2xx, ${row.errors} errors!` : '';
  const sqlPart = plan ? `; its SQL ${plan.queryMs} ms (${plan.lines} lines read whole, ${plan.walk})` : '';
  check(
    `${database}: Following page p99 (follows ${row.page.followingCount})`,
    `${row.p99Ms} ms (p50 ${row.p50Ms}, ${row.reqPerSec} req/s); page ${row.page.posts} posts${sqlPart}${failed}`,
    `${LIMITS.defaultPageSize} posts; p99 ≤ ${p99Ms} ms`,
    row.page.posts === LIMITS.defaultPageSize && row.page.nextCursor && row.p99Ms <= p99Ms && !failed,
  );
  if (row.alone) {
    check(
      `${database}: Following page p99, one connection`,
      `${row.alone.p99Ms} ms (p50 ${row.alone.p50Ms}, ${row.alone.reqPerSec} req/s)`,
      `p99 ≤ ${p99Ms} ms`,
      row.alone.p99Ms <= p99Ms,
    );
  }
}
