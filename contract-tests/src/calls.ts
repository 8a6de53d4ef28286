import type { Method } from './contract-client';

/** Real ids to aim the calls at: a post of the caller, a post of someone else, another user. */
export interface Targets {
  ownPostId: string;
  otherPostId: string;
  otherUserId: string;
  otherUsername: string;
}

export interface CallSpec {
  name: string;
  method: Method;
  /** Builds the path from URL-encoded targets. */
  path: (targets: Targets) => string;
  /** Needs a valid token (spec 6). */
  protected: boolean;
  /** The route parameter, for the bad-id table. */
  parameter?: 'postId' | 'userId' | 'username';
  /** A valid body, for the calls that take one. */
  body?: () => unknown;
}

/** The 18 calls of spec 7. */
export const CALLS: CallSpec[] = [
  {
    name: 'sign up',
    method: 'POST',
    path: () => '/auth/signup',
    protected: false,
    body: () => ({ username: 'new.person', password: 'long enough', firstName: 'New', lastName: 'Person' }),
  },
  {
    name: 'log in',
    method: 'POST',
    path: () => '/auth/login',
    protected: false,
    body: () => ({ username: 'guestuser', password: 'guest@chirp1' }),
  },
  { name: 'list users', method: 'GET', path: () => '/users', protected: false },
  { name: 'read a user', method: 'GET', path: (t) => `/users/${t.otherUserId}`, protected: false, parameter: 'userId' },
  {
    name: 'edit profile',
    method: 'POST',
    path: () => '/users/edit',
    protected: true,
    body: () => ({ userData: { profilePic: '/avatars/avatar-2.svg', title: 'T', bio: 'B', website: 'https://w.example' } }),
  },
  { name: 'read bookmarks', method: 'GET', path: () => '/users/bookmark', protected: true },
  {
    name: 'bookmark',
    method: 'POST',
    path: (t) => `/users/bookmark/${t.otherPostId}`,
    protected: true,
    parameter: 'postId',
  },
  {
    name: 'remove bookmark',
    method: 'POST',
    path: (t) => `/users/remove-bookmark/${t.otherPostId}`,
    protected: true,
    parameter: 'postId',
  },
  { name: 'follow', method: 'POST', path: (t) => `/users/follow/${t.otherUserId}`, protected: true, parameter: 'userId' },
  {
    name: 'unfollow',
    method: 'POST',
    path: (t) => `/users/unfollow/${t.otherUserId}`,
    protected: true,
    parameter: 'userId',
  },
  { name: 'list posts', method: 'GET', path: () => '/posts', protected: false },
  { name: 'read a post', method: 'GET', path: (t) => `/posts/${t.otherPostId}`, protected: false, parameter: 'postId' },
  {
    name: "list a user's posts",
    method: 'GET',
    path: (t) => `/posts/user/${t.otherUsername}`,
    protected: false,
    parameter: 'username',
  },
  {
    name: 'create a post',
    method: 'POST',
    path: () => '/posts',
    protected: true,
    body: () => ({ postData: { content: 'A valid post' } }),
  },
  {
    name: 'edit a post',
    method: 'POST',
    path: (t) => `/posts/edit/${t.ownPostId}`,
    protected: true,
    parameter: 'postId',
    body: () => ({ postData: { content: 'Edited' } }),
  },
  { name: 'like', method: 'POST', path: (t) => `/posts/like/${t.otherPostId}`, protected: true, parameter: 'postId' },
  {
    name: 'dislike',
    method: 'POST',
    path: (t) => `/posts/dislike/${t.otherPostId}`,
    protected: true,
    parameter: 'postId',
  },
  { name: 'delete a post', method: 'DELETE', path: (t) => `/posts/${t.ownPostId}`, protected: true, parameter: 'postId' },
];

/** The path of a call aimed at real targets. */
export function pathTo(call: CallSpec, targets: Targets): string {
  const encoded = Object.fromEntries(Object.entries(targets).map(([key, value]) => [key, encodeURIComponent(value)]));
  return call.path(encoded as unknown as Targets);
}

/** The path of a call with its parameter replaced by `raw`, sent as written (it may be malformed). */
export function pathWithParameter(call: CallSpec, raw: string): string {
  return call.path({ ownPostId: raw, otherPostId: raw, otherUserId: raw, otherUsername: raw });
}
