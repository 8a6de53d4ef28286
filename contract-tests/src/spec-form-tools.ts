/**
 * What the spec-form suites share: the shapes every answer must have, and a signed-in guest with a
 * post of their own and one of someone else's to act on.
 */
import { GUEST_CREDENTIALS, type Post, type User } from '@chirp/contracts';
import { expect } from 'vitest';
import { TIMESTAMP_PATTERN } from '@chirp/api-rules';
import type { Targets } from './calls';
import { contractClient, UUID_PATTERN, type Answer, type ContractContext } from './contract-client';

export const SUMMARY_KEYS = ['_id', 'firstName', 'lastName', 'profilePic', 'username'];
export const GUEST = GUEST_CREDENTIALS.username;
export const PRIYA = 'priya.nair';
export const MARCUS = 'marcus_bell';

/** No password, in any form, anywhere in an answer. */
export function expectNoPassword(body: unknown) {
  const text = JSON.stringify(body);
  expect(text).not.toMatch(/password/i);
  expect(text).not.toContain(GUEST_CREDENTIALS.password);
  expect(text).not.toContain('pbkdf2');
}

export function expectRefusal(answer: Answer, status: number, message: string) {
  expect({ status: answer.status, body: answer.body }).toEqual({ status, body: { errors: [message] } });
}

export function expectSummaries(list: unknown[]) {
  for (const entry of list) expect(Object.keys(entry as object).sort()).toEqual(SUMMARY_KEYS);
}

export function expectUserShape(user: User) {
  expect(user).toEqual(
    expect.objectContaining({
      _id: expect.stringMatching(UUID_PATTERN),
      username: expect.any(String),
      firstName: expect.any(String),
      lastName: expect.any(String),
      profilePic: expect.any(String),
      title: expect.any(String),
      bio: expect.any(String),
      website: expect.any(String),
      bookmarks: expect.any(Array),
      followers: expect.any(Array),
      following: expect.any(Array),
      createdAt: expect.stringMatching(TIMESTAMP_PATTERN),
      updatedAt: expect.stringMatching(TIMESTAMP_PATTERN),
    }),
  );
  expectSummaries(user.followers);
  expectSummaries(user.following);
  expectNoPassword(user);
}

export function expectPostShape(post: Post) {
  expect(post).toEqual(
    expect.objectContaining({
      _id: expect.stringMatching(UUID_PATTERN),
      content: expect.any(String),
      username: expect.any(String),
      likes: { likeCount: expect.any(Number), likedBy: expect.any(Array), dislikedBy: expect.any(Array) },
      createdAt: expect.stringMatching(TIMESTAMP_PATTERN),
      updatedAt: expect.stringMatching(TIMESTAMP_PATTERN),
    }),
  );
  expectSummaries(post.likes.likedBy);
  expectSummaries(post.likes.dislikedBy);
}

export const byNewest = (a: Post, b: Post) => Date.parse(b.createdAt) - Date.parse(a.createdAt);
/** The caller and the sessions the spec-form suites start from. */
export function specFormTools(getContext: () => ContractContext) {
  const api = contractClient(getContext);
  const { call } = api;

  /** Logs in as the guest and finds a post of the guest, a post of Priya, and Priya. */
  async function guestSession() {
    const { token, user } = await api.loginGuest();
    const priya = await api.userNamed(PRIYA);
    const [ownPost] = await api.postsOf(GUEST);
    const [otherPost] = await api.postsOf(PRIYA);
    const targets: Targets = {
      ownPostId: ownPost!._id,
      otherPostId: otherPost!._id,
      otherUserId: priya._id,
      otherUsername: PRIYA,
    };
    return { token, user, priya, ownPost: ownPost!, otherPost: otherPost!, targets };
  }

  async function createPost(token: string, postData: unknown) {
    return call('POST', '/posts', { token, body: { postData } });
  }

  return { api, call, guestSession, createPost };
}
