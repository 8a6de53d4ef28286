import { laterWalPosition, READ_YOUR_WRITES, STORAGE_KEYS } from '@chirp/contracts';
import type {
  BookmarksResponse,
  CompactBookmarkResponse,
  CompactFollowResponse,
  CompactLoginResponse,
  CompactPostResponse,
  NotificationPage,
  PeoplePage,
  PostPage,
  ThreadResponse,
  UnreadNotifications,
  Profile,
  ProfileResponse,
  Credentials,
  FollowResponse,
  LoginResponse,
  PageQuery,
  PostData,
  PostResponse,
  PostsResponse,
  ProfileData,
  SignupPayload,
  SignupResponse,
  UserResponse,
  UsersResponse,
} from '@chirp/contracts';
import { ApiError, messageFromBody } from './api-error';

interface ApiConfig {
  /** Origin and prefix of the API; '' means same origin (the in-browser back end). */
  baseUrl: string;
  fetch: typeof fetch;
}

const config: ApiConfig = { baseUrl: '', fetch: (...args) => globalThis.fetch(...args) };
const unauthorizedListeners = new Set<() => void>();

/** Points the client at another back end (a real server, or a test's fetch). */
export function configureApi(options: Partial<ApiConfig>): void {
  Object.assign(config, options);
}

/** Called when a call made with a token is refused with 401: the session has ended. */
export function onSessionRejected(listener: () => void): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

type Method = 'GET' | 'POST' | 'DELETE';

/**
 * Read-your-writes with the API server's read replica (server/README.md, "Read replica"): the latest
 * WAL position a change of this page was answered with, sent with every read, so that the server reads
 * from the replica only once it holds the change. In the page's memory, and in the tab's sessionStorage
 * so that a reload right after a post still reads it (a tab of its own: other tabs go on reading from
 * the replica, whose lag is shorter than a move to another tab). The in-browser back end answers no
 * position, so none is ever sent to it.
 */
const READ_AFTER_KEY = 'chirp.readAfter';
let writtenPosition: string | null = null;
let storedPositionRead = false;

function readAfterPosition(): string | null {
  if (!storedPositionRead) {
    storedPositionRead = true;
    try {
      writtenPosition = laterWalPosition(writtenPosition, globalThis.sessionStorage?.getItem(READ_AFTER_KEY));
    } catch {
      // Storage may be unavailable (private mode): memory alone then.
    }
  }
  return writtenPosition;
}

function keepWrittenPosition(answered: string | null): void {
  const current = readAfterPosition();
  const later = laterWalPosition(current, answered);
  if (later === current) return;
  writtenPosition = later;
  try {
    globalThis.sessionStorage?.setItem(READ_AFTER_KEY, later!);
  } catch {
    // Kept in memory only.
  }
}

async function request<T>(method: Method, path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  const token = readToken();
  if (token) headers.authorization = token;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const readAfter = method === 'GET' ? readAfterPosition() : null;
  if (readAfter) headers[READ_YOUR_WRITES.readAfterHeader] = readAfter;

  const response = await config.fetch(`${config.baseUrl}/api${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  keepWrittenPosition(response.headers.get(READ_YOUR_WRITES.writtenHeader));
  const payload: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    if (response.status === 401 && token && !path.startsWith('/auth/')) sessionRejected();
    throw new ApiError(response.status, messageFromBody(payload, response.status));
  }
  if (payload === null) throw new ApiError(response.status, 'The server sent an unreadable answer.');
  return payload as T;
}

/** Posts this page made, and the calls making them: a live "new post" that is one of them is not news here. */
const creations = { made: new Set<string>(), underWay: new Set<Promise<unknown>>() };

function trackCreation(call: Promise<CompactPostResponse>): Promise<CompactPostResponse> {
  creations.underWay.add(call);
  const done = () => creations.underWay.delete(call);
  call.then((answer) => creations.made.add(answer.post._id)).then(done, done);
  return call;
}

/** Whether this page made the post (waiting first for its posts under way to be answered). */
export async function madeHere(postId: string): Promise<boolean> {
  await Promise.allSettled([...creations.underWay]);
  return creations.made.has(postId);
}

/** The API's address as configured, for the live stream, which it reads outside the JSON calls. */
export const apiBaseUrl = () => config.baseUrl;
/** The fetch calls go through (a test's, or the page's). */
export const apiFetch: typeof fetch = (...args) => config.fetch(...args);

/** Tells every listener that the session was refused (a 401 to a call made with a token). */
export function sessionRejected(): void {
  unauthorizedListeners.forEach((listener) => listener());
}

export function readToken(): string | null {
  try {
    return globalThis.localStorage?.getItem(STORAGE_KEYS.token) ?? null;
  } catch {
    return null;
  }
}

const id = encodeURIComponent;

function pageQuery(query?: PageQuery): string {
  if (!query) return '';
  const params = new URLSearchParams();
  if (query.limit !== undefined) params.set('limit', String(query.limit));
  if (query.cursor) params.set('cursor', query.cursor);
  if (query.sort) params.set('sort', query.sort);
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** Every call of spec section 7. */
export const api = {
  signup: (payload: SignupPayload) => request<SignupResponse>('POST', '/auth/signup', payload),
  login: (credentials: Credentials) => request<LoginResponse>('POST', '/auth/login', credentials),

  getUsers: () => request<UsersResponse>('GET', '/users'),
  getUser: (userId: string) => request<UserResponse>('GET', `/users/${id(userId)}`),
  editProfile: (userData: ProfileData) => request<UserResponse>('POST', '/users/edit', { userData }),
  getBookmarks: () => request<BookmarksResponse>('GET', '/users/bookmark'),
  bookmark: (postId: string) => request<BookmarksResponse>('POST', `/users/bookmark/${id(postId)}`),
  removeBookmark: (postId: string) =>
    request<BookmarksResponse>('POST', `/users/remove-bookmark/${id(postId)}`),
  follow: (userId: string) => request<FollowResponse>('POST', `/users/follow/${id(userId)}`),
  unfollow: (userId: string) => request<FollowResponse>('POST', `/users/unfollow/${id(userId)}`),

  getPosts: (query?: PageQuery) => request<PostsResponse>('GET', `/posts${pageQuery(query)}`),
  getPost: (postId: string) => request<PostResponse>('GET', `/posts/${id(postId)}`),
  getUserPosts: (username: string, query?: PageQuery) =>
    request<PostsResponse>('GET', `/posts/user/${id(username)}${pageQuery(query)}`),
  createPost: (postData: PostData) => request<PostsResponse>('POST', '/posts', { postData }),
  editPost: (postId: string, postData: PostData) =>
    request<PostsResponse>('POST', `/posts/edit/${id(postId)}`, { postData }),
  like: (postId: string) => request<PostsResponse>('POST', `/posts/like/${id(postId)}`),
  dislike: (postId: string) => request<PostsResponse>('POST', `/posts/dislike/${id(postId)}`),
  deletePost: (postId: string) => request<PostsResponse>('DELETE', `/posts/${id(postId)}`),
};

export type Api = typeof api;

/** Paging of a list of people (alphabetical): the page size is the server's unless asked. */
export interface PeopleQuery {
  limit?: number;
  cursor?: string;
}

/** `path` with the compact view and the given query parameters (empty ones left out). */
function compact(path: string, query: Record<string, string | number | undefined> = {}): string {
  const params = new URLSearchParams({ view: 'compact' });
  for (const [name, value] of Object.entries(query)) if (value !== undefined && value !== '') params.set(name, String(value));
  return `${path}?${params.toString()}`;
}

/**
 * The compact form (docs/api.md, "Compact answers"): what a screen shows, one page at a time. Every list
 * answers `{ posts | users, nextCursor }`; every change answers only what changed.
 */
export const compactApi = {
  login: (credentials: Credentials) => request<CompactLoginResponse>('POST', compact('/auth/login'), credentials),
  /** Creates the account; answers it as the signed-in person's profile, with their token. */
  signup: (payload: SignupPayload) =>
    request<{ createdUser: Profile; encodedToken: string }>('POST', compact('/auth/signup'), payload),

  feed: (query: PageQuery = {}) => request<PostPage>('GET', compact('/posts', { ...query })),
  post: (postId: string) => request<CompactPostResponse>('GET', compact(`/posts/${id(postId)}`)),
  userPosts: (username: string, query: PageQuery = {}) =>
    request<PostPage>('GET', compact(`/posts/user/${id(username)}`, { ...query })),
  likedPosts: (username: string, query: PageQuery = {}) =>
    request<PostPage>('GET', compact(`/posts/user/${id(username)}/liked`, { ...query })),
  bookmarkedPosts: (query: PageQuery = {}) => request<PostPage>('GET', compact('/posts/bookmarked', { ...query })),

  profile: (username: string) => request<ProfileResponse>('GET', compact(`/users/by-username/${id(username)}`)),
  profileById: (userId: string) => request<ProfileResponse>('GET', compact(`/users/${id(userId)}`)),
  followers: (userId: string, query: PeopleQuery = {}) =>
    request<PeoplePage>('GET', compact(`/users/${id(userId)}/followers`, { ...query })),
  following: (userId: string, query: PeopleQuery = {}) =>
    request<PeoplePage>('GET', compact(`/users/${id(userId)}/following`, { ...query })),
  searchPeople: (text: string, query: PeopleQuery = {}) =>
    request<PeoplePage>('GET', compact('/search/users', { q: text, ...query })),
  searchPosts: (text: string, query: PageQuery = {}) =>
    request<PostPage>('GET', compact('/search/posts', { q: text, ...query })),
  suggestions: (query: PeopleQuery = {}) => request<PeoplePage>('GET', compact('/suggestions', { ...query })),
  thread: (postId: string) => request<ThreadResponse>('GET', compact(`/posts/${id(postId)}/thread`)),
  replies: (postId: string, query: PageQuery = {}) =>
    request<PostPage>('GET', compact(`/posts/${id(postId)}/replies`, { ...query })),
  userReplies: (username: string, query: PageQuery = {}) =>
    request<PostPage>('GET', compact(`/posts/user/${id(username)}/replies`, { ...query })),
  notifications: (query: PeopleQuery = {}) => request<NotificationPage>('GET', compact('/notifications', { ...query })),
  unreadNotifications: () => request<UnreadNotifications>('GET', compact('/notifications/unread')),
  readNotifications: () => request<UnreadNotifications>('POST', compact('/notifications/read')),

  createPost: (postData: PostData) => trackCreation(request<CompactPostResponse>('POST', compact('/posts'), { postData })),
  editPost: (postId: string, postData: PostData) =>
    request<CompactPostResponse>('POST', compact(`/posts/edit/${id(postId)}`), { postData }),
  like: (postId: string) => request<CompactPostResponse>('POST', compact(`/posts/like/${id(postId)}`)),
  dislike: (postId: string) => request<CompactPostResponse>('POST', compact(`/posts/dislike/${id(postId)}`)),
  deletePost: (postId: string) => request<{ postId: string }>('DELETE', compact(`/posts/${id(postId)}`)),
  bookmark: (postId: string) => request<CompactBookmarkResponse>('POST', compact(`/users/bookmark/${id(postId)}`)),
  removeBookmark: (postId: string) =>
    request<CompactBookmarkResponse>('POST', compact(`/users/remove-bookmark/${id(postId)}`)),
  follow: (userId: string) => request<CompactFollowResponse>('POST', compact(`/users/follow/${id(userId)}`)),
  unfollow: (userId: string) => request<CompactFollowResponse>('POST', compact(`/users/unfollow/${id(userId)}`)),
  editProfile: (userData: Partial<ProfileData>) => request<ProfileResponse>('POST', compact('/users/edit'), { userData }),
};

export type CompactApi = typeof compactApi;
