/**
 * The large network of the scale benchmark, laid down in bulk on a migrated, seeded database: `users` bench users
 * (password `password`), `posts` posts spread over them with one reaction each, one in five of them
 * reposted (by another bench user), one post with 50,000 likes (counted; every bench user likes it),
 * one user followed by every other bench user,
 * and the authors of the 50 newest posts with 256 KB pictures. Used by bench:server and bench:scale.
 * Also hands the benchmarks the server's database functions (its TypeScript, through tsx).
 */
import { join } from 'node:path';
import { register } from 'tsx/esm/api';

register();
export const ROOT = join(import.meta.dirname, '../..');
export const { openDatabase } = await import('../../server/src/server.ts');
export const { migrate } = await import('../../server/src/db/migrate.ts');
export const { seedIfEmpty } = await import('../../server/src/seeds.ts');

/** The password of every bench user. */
export const BENCH_PASSWORD = 'bench@pass1';

/** How long after a post its repost comes (posts are a minute apart: a repost lands among newer posts). */
const REPOST_DELAY = "interval '90 minutes'";

export async function seedScale(sql, { users, posts, password }) {
  const { hashPassword } = await import('../../server/src/passwords.ts');
  const hash = await hashPassword(password);
  // One transaction: one connection, so the temporary table is seen by every statement.
  await sql.transaction(async (tx) => {
    await tx.query(
      `INSERT INTO users (id, username, first_name, last_name, password_hash, profile_pic, title, bio, website,
         created_at, created_offset, updated_at, updated_offset)
       SELECT gen_random_uuid(), 'bench_' || g, 'Bench', 'User ' || g, $1, '/avatars/default.svg', 'Add title', 'Add bio',
         'Add website', timestamptz '2026-01-01 00:00:00+00' + g * interval '1 second', 0,
         timestamptz '2026-01-01 00:00:00+00' + g * interval '1 second', 0
       FROM generate_series(1, $2::int) AS g`,
      [hash, users],
    );
    await tx.exec(`CREATE TEMP TABLE bench_authors AS SELECT id, row_number() OVER (ORDER BY seq) - 1 AS n FROM users WHERE username LIKE 'bench\\_%'`);
    await addBenchPosts(tx, { from: 1, to: posts, users });
    await tx.query(
      `INSERT INTO post_reactions (post_id, user_id, liked)
       SELECT p.id, a.id, true FROM (SELECT id, row_number() OVER () AS n FROM posts) p
       JOIN bench_authors a ON a.n = (p.n * 31) % $1::int`,
      [users],
    );
    // One post in five reposted, by someone other than its author, REPOST_DELAY after it was posted:
    // the Following page merges the followed people's reposts into their posts.
    await tx.query(
      `INSERT INTO reposts (post_id, user_id, created_at, created_offset)
       SELECT p.id, a.id, p.created_at + ${REPOST_DELAY}, 0
       FROM (SELECT id, author_id, created_at, row_number() OVER (ORDER BY seq) AS n FROM posts WHERE content LIKE 'Bench post number %') p
       JOIN bench_authors a ON a.n = (p.n * 17 + 3) % $1::int
       WHERE p.n % 5 = 0 AND a.id <> p.author_id`,
      [users],
    );
    // The worst cases for an answer that grows with the network. One post liked by every bench user and counted at 50 000 (a user likes a
    // post once, so 10 000 users make 10 000 rows); one user followed by every other bench user; the
    // authors of the 50 newest posts with 256 KB pictures, on the first page of every feed.
    await tx.exec(`CREATE TEMP TABLE bench_hot AS SELECT id FROM posts WHERE content LIKE 'Bench post number 1:%'`);
    await tx.exec(`DELETE FROM post_reactions WHERE post_id IN (SELECT id FROM bench_hot)`);
    await tx.exec(`INSERT INTO post_reactions (post_id, user_id, liked) SELECT h.id, a.id, true FROM bench_hot h CROSS JOIN bench_authors a`);
    await tx.exec(`UPDATE posts SET like_count = 50000 WHERE id IN (SELECT id FROM bench_hot)`);
    await tx.exec(
      `INSERT INTO follows (follower_id, followee_id) SELECT a.id, p.id FROM bench_authors a, bench_authors p WHERE p.n = 0 AND a.n <> 0`,
    );
    await tx.query(
      `UPDATE users SET profile_pic = $1 WHERE id IN (SELECT author_id FROM posts ORDER BY created_at DESC LIMIT 50)`,
      [`data:image/jpeg;base64,${Buffer.alloc(192 * 1024, 7).toString('base64')}`],
    );
  });
}

/**
 * Bench posts number `from` to `to`, a minute apart, spread over the `users` bench users; every one
 * holds the word "nothing" and the tag #alpha (the searches of bench:scale for what every post holds).
 */
export async function addBenchPosts(sql, { from, to, users }) {
  await sql.query(
    `INSERT INTO posts (id, author_id, content, like_count, created_at, created_offset, updated_at, updated_offset)
     SELECT gen_random_uuid(), a.id, 'Bench post number ' || g || ': a line of text about nothing much at all. #alpha',
       (g * 7919) % 5000, timestamptz '2026-02-01 00:00:00+00' + g * interval '1 minute', 0,
       timestamptz '2026-02-01 00:00:00+00' + g * interval '1 minute', 0
     FROM generate_series($1::int, $2::int) AS g
     JOIN (SELECT id, row_number() OVER (ORDER BY seq) - 1 AS n FROM users WHERE username LIKE 'bench\\_%') a ON a.n = g % $3::int`,
    [from, to, users],
  );
}

/** Extra shape for the large size: the guest sees and carries the big data. */
export async function enlargeForGuest(sql) {
  await sql.transaction(async (tx) => {
    // The post with 50,000 likes at the top of the latest feed: on every first screen.
    await tx.exec(
      `UPDATE posts SET created_at = (SELECT max(created_at) FROM posts) + interval '1 minute',
         updated_at = (SELECT max(created_at) FROM posts) + interval '1 minute'
       WHERE content LIKE 'Bench post number 1:%'`,
    );
    // The guest is followed by every bench user and follows 1,000 of them (not bench_1, the popular one).
    await tx.exec(
      `INSERT INTO follows (follower_id, followee_id)
       SELECT u.id, g.id FROM users u, users g WHERE g.username = 'guestuser' AND u.username LIKE 'bench\\_%'`,
    );
    await tx.exec(
      `INSERT INTO follows (follower_id, followee_id)
       SELECT g.id, u.id FROM users g, (SELECT id FROM users WHERE username LIKE 'bench\\_%' AND username <> 'bench_1'
         ORDER BY seq LIMIT 1000) u WHERE g.username = 'guestuser'`,
    );
  });
}

/** What the figures need from the data: the guest's worst-case targets, and the autocannon pairs. */
export async function readFixtures(sql, size, { tokens = 50 } = {}) {
  const one = async (text, params = []) => (await sql.query(text, params)).rows[0]?.id;
  const guestId = await one(`SELECT id::text AS id FROM users WHERE username = 'guestuser'`);
  if (!guestId) throw new Error('No guest account in the seeds (server/src/seeds.ts)');
  const fixtures = { guestId };
  if (size === 'large') {
    fixtures.guestLike = await one(`SELECT id::text AS id FROM posts WHERE content LIKE 'Bench post number 1:%'`);
    fixtures.guestFollow = await one(`SELECT id::text AS id FROM users WHERE username = 'bench_1'`);
    const people = await sql.query(`SELECT id::text, username FROM users WHERE username LIKE 'bench\\_%' ORDER BY seq DESC LIMIT ${tokens}`);
    fixtures.tokenUsers = people.rows;
    // Posts none of those people has reacted to or bookmarked: every like and bookmark is accepted.
    const posts = await sql.query(
      `SELECT id::text FROM posts p WHERE content LIKE 'Bench post number %' AND content NOT LIKE 'Bench post number 1:%'
         AND NOT EXISTS (SELECT 1 FROM post_reactions r WHERE r.post_id = p.id AND r.user_id = ANY($1::uuid[]))
         AND NOT EXISTS (SELECT 1 FROM bookmarks b WHERE b.post_id = p.id AND b.user_id = ANY($1::uuid[]))
       ORDER BY random() LIMIT 20000`,
      [people.rows.map((row) => row.id)],
    );
    fixtures.postIds = posts.rows.map((row) => row.id);
    const followees = await sql.query(
      `SELECT id::text FROM users WHERE username LIKE 'bench\\_%' AND username <> 'bench_1' ORDER BY seq LIMIT 5000`,
    );
    fixtures.followIds = followees.rows.map((row) => row.id).filter((id) => !people.rows.some((row) => row.id === id));
  } else {
    fixtures.guestLike = await one(
      `SELECT id::text AS id FROM posts p WHERE NOT EXISTS (SELECT 1 FROM post_reactions r WHERE r.post_id = p.id AND r.user_id = $1)
       AND NOT EXISTS (SELECT 1 FROM bookmarks b WHERE b.post_id = p.id AND b.user_id = $1) ORDER BY like_count DESC LIMIT 1`,
      [guestId],
    );
    fixtures.guestFollow = await one(
      `SELECT id::text AS id FROM users u WHERE u.id <> $1
       AND NOT EXISTS (SELECT 1 FROM follows f WHERE f.follower_id = $1 AND f.followee_id = u.id)
       ORDER BY (SELECT count(*) FROM follows f WHERE f.followee_id = u.id) DESC LIMIT 1`,
      [guestId],
    );
  }
  return fixtures;
}
