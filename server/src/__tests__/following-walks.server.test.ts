// @vitest-environment node
/**
 * The two ways a Following page finds the reader's own lines (post-queries.ts, `FEW_FOLLOWED`):
 * through each followed author's posts, or through everyone's. The contract suite's readers follow
 * few people, so the route takes the first; here both answer the same pages, line for line, on a
 * network with reposts, a muted and a blocked author, a hidden post, a reply and a deleted post.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractClient, CONTRACT_MODERATOR } from '@chirp/contract-tests';
import { formatTimestamp, LIMITS, pagePosts, type PageRequest } from '@chirp/api-rules';
import { FEW_FOLLOWED, followingPosts, followingWalk, type FollowingWalk } from '../db/post-queries';
import { startTestServer, type TestServer } from './test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ moderators: [CONTRACT_MODERATOR], seedDemo: false });
}, 120_000);
afterAll(() => server?.stop());

const api = contractClient(() => ({ baseUrl: server.url, fetch: (...args) => globalThis.fetch(...args), reset: () => server.reset() }));

async function account(username: string) {
  const body = { username, password: 'long enough 1', firstName: 'Walk', lastName: 'Tester' };
  expect((await api.call('POST', '/auth/signup', { body })).status).toBe(201);
  return api.login(username, body.password);
}

/** A call that must succeed (200 or 201). */
async function ok(answer: ReturnType<typeof api.call>) {
  const { status, body } = await answer;
  expect(status, JSON.stringify(body)).toBeLessThan(300);
}

async function post(token: string, content: string, extra: object = {}): Promise<string> {
  const answer = await api.call('POST', '/posts?view=compact', { token, body: { postData: { content, ...extra } } });
  expect(answer.status).toBe(201);
  return answer.body.post._id as string;
}

/** Every page of `readerId`'s Following list by `walk`, two lines at a time, paged as the route pages it: each line's post, time and reposter. */
async function allPages(readerId: string, walk: FollowingWalk) {
  const seen: string[] = [];
  let request: Required<PageRequest> = { sort: 'latest', page: { limit: 2 } };
  for (let turn = 0; turn < 50; turn += 1) {
    const lines = await followingPosts(server.sql, readerId, { origin: server.url }, request, walk);
    const keys = lines.map(({ row, line }) => ({ ...row.stored, createdAt: formatTimestamp(new Date(line.at), line.at_offset), seq: Number(line.at_seq) }));
    const page = pagePosts(keys, request);
    for (const { _id } of page.posts) {
      const { line } = lines.find(({ row }) => row.compact._id === _id)!;
      seen.push(`${_id} @${String(line.at_seq)} by ${line.reposter?.username ?? '-'}`);
    }
    if (!page.nextCursor) return seen;
    request = { sort: 'latest', page: { limit: 2, cursor: page.nextCursor } };
  }
  throw new Error('more than 50 pages');
}

describe('a Following page, through each author or through everyone', { timeout: 120_000 }, () => {
  it('answers the same lines, page by page, either way', async () => {
    const reader = await account('walk_reader');
    const people = await Promise.all(['walk_ann', 'walk_bob', 'walk_cat', 'walk_dan', 'walk_eve', 'walk_fay'].map(account));
    const [ann, bob, cat, dan, eve, fay] = people as [typeof reader, typeof reader, typeof reader, typeof reader, typeof reader, typeof reader];
    for (const followed of [ann, bob, cat, dan, eve]) {
      await ok(api.call('POST', `/users/follow/${followed.user._id}`, { token: reader.token }));
    }
    const mine = await post(reader.token, 'My own chirp');
    const annFirst = await post(ann.token, 'Ann, first');
    const bobPost = await post(bob.token, 'Bob speaks');
    const fayPost = await post(fay.token, 'Fay, not followed, reposted by Cat');
    await post(ann.token, 'A reply, never on Following', { replyTo: annFirst });
    await post(dan.token, 'Dan, muted');
    await post(eve.token, 'Eve, blocked');
    const gone = await post(cat.token, 'Cat, deleted');
    await post(ann.token, 'Ann, second');
    await ok(api.call('POST', `/posts/${fayPost}/repost`, { token: cat.token }));
    await ok(api.call('POST', `/posts/${bobPost}/repost`, { token: ann.token }));
    await ok(api.call('POST', `/posts/${mine}/repost`, { token: bob.token }));
    await ok(api.call('DELETE', `/posts/${gone}?view=compact`, { token: cat.token }));
    await ok(api.call('POST', `/users/mute/${dan.user._id}`, { token: reader.token }));
    await ok(api.call('POST', `/users/block/${eve.user._id}`, { token: reader.token }));

    const byAuthor = await allPages(reader.user._id, 'byAuthor');
    expect(byAuthor).toEqual(await allPages(reader.user._id, 'throughEveryone'));
    // And they are the route's: the same posts, in the same order, as the API answers.
    const answer = await api.call('GET', `/posts/following?view=compact&limit=${LIMITS.maxPageSize}`, { token: reader.token });
    expect(byAuthor.map((line) => line.split(' ')[0])).toEqual(answer.body.posts.map((one: { _id: string }) => one._id));
    // Who is on it: the reader, the people followed but the muted and the blocked, and what they reposted.
    expect(new Set(answer.body.posts.map((one: { content: string }) => one.content))).toEqual(
      new Set(['My own chirp', 'Bob speaks', 'Fay, not followed, reposted by Cat', 'Ann, second', 'Ann, first']),
    );
    expect(byAuthor.filter((line) => !line.endsWith('by -')).map((line) => line.split(' by ')[1]).sort()).toEqual(['walk_ann', 'walk_bob', 'walk_cat']);
  });

  it('reads each author while the reader follows fewer than FEW_FOLLOWED, and everyone’s from then on', async () => {
    const reader = await account('walk_many');
    expect(await followingWalk(server.sql, reader.user._id)).toBe('byAuthor');
    const { rows } = await server.sql.query<{ id: string }>('SELECT id::text FROM users WHERE id <> $1::uuid', [reader.user._id]);
    const others = rows.map((row) => row.id);
    for (let made = others.length; made < FEW_FOLLOWED; made += 1) others.push((await account(`walk_more_${made}`)).user._id);
    await server.sql.query(
      'INSERT INTO follows (follower_id, followee_id) SELECT $1::uuid, unnest($2::uuid[])',
      [reader.user._id, others.slice(0, FEW_FOLLOWED)],
    );
    // What was learned is kept a minute: a page read by author meanwhile is the same page.
    expect(await followingWalk(server.sql, reader.user._id)).toBe('byAuthor');
    const other = await account('walk_many_too');
    await server.sql.query('INSERT INTO follows (follower_id, followee_id) SELECT $1::uuid, unnest($2::uuid[])', [
      other.user._id,
      others.slice(0, FEW_FOLLOWED),
    ]);
    expect(await followingWalk(server.sql, other.user._id)).toBe('throughEveryone');
  });
});
