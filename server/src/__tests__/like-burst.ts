/** A burst of likes by one account, as simultaneous as a client can make them, for the like limit's tests. */
import { expect } from 'vitest';
import { LIKE_LIMIT_ERRORS } from '../like-limits';
import type { TestServer } from './test-server';

const compactPost = async (url: string, token: string, content: string) => {
  const response = await fetch(`${url}/api/posts?view=compact`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: token },
    body: JSON.stringify({ postData: { content } }),
  });
  return ((await response.json()) as { post: { _id: string } }).post._id;
};

const likeCount = async (url: string, postId: string) =>
  ((await (await fetch(`${url}/api/posts/${postId}?view=compact`)).json()) as { post: { likeCount: number } }).post.likeCount;

/**
 * `count` posts by an author, then one like of each by a fresh account, all sent at once, through
 * `servers` in turn. Checks that exactly `limit` succeed, that every other one is refused as a client
 * sees it (429, Retry-After, the text) and changed nothing.
 */
export async function expectLikeBurstLimited(servers: TestServer[], count: number, limit: number): Promise<void> {
  const [first] = servers;
  const sign = async (username: string) => {
    const signup = await fetch(`${first!.url}/api/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password: 'long enough', firstName: 'Like', lastName: 'Burst' }),
    });
    return ((await signup.json()) as { encodedToken: string }).encodedToken;
  };
  const suffix = Date.now().toString(36);
  const [author, liker] = await Promise.all([sign(`burst.author.${suffix}`), sign(`burst.liker.${suffix}`)]);
  const postIds: string[] = [];
  for (let index = 0; index < count; index += 10) {
    postIds.push(...(await Promise.all(Array.from({ length: 10 }, (_, offset) => compactPost(first!.url, author, `burst ${index + offset}`)))));
  }

  const answers = await Promise.all(
    postIds.map(async (postId, index) => {
      const response = await fetch(`${servers[index % servers.length]!.url}/api/posts/like/${postId}?view=compact`, {
        method: 'POST',
        headers: { authorization: liker },
      });
      return { postId, status: response.status, retryAfter: response.headers.get('retry-after'), body: (await response.json()) as unknown };
    }),
  );
  expect(answers.filter((answer) => answer.status === 201)).toHaveLength(limit);
  const refused = answers.filter((answer) => answer.status !== 201);
  expect(refused).toHaveLength(count - limit);
  for (const answer of refused) {
    const seconds = Number(answer.retryAfter);
    expect(answer.status).toBe(429);
    expect(seconds).toBeGreaterThanOrEqual(1);
    expect(seconds).toBeLessThanOrEqual(60);
    expect(answer.body).toEqual({ errors: [LIKE_LIMIT_ERRORS.tooMany(seconds)] });
  }
  expect(await Promise.all(refused.slice(0, 5).map((answer) => likeCount(first!.url, answer.postId)))).toEqual([0, 0, 0, 0, 0]);
  // A dislike counts too.
  const liked = answers.find((answer) => answer.status === 201)!;
  const dislike = await fetch(`${first!.url}/api/posts/dislike/${liked.postId}?view=compact`, { method: 'POST', headers: { authorization: liker } });
  expect(dislike.status).toBe(429);
}
