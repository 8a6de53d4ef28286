import { API_ROUTES, createCompactClient, fillPath, laterWalPosition, READ_YOUR_WRITES, STORAGE_KEYS, type Send } from '@chirp/contracts';
import type {
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
  PageQuery,
  PostData,
  ProfileData,
  SignupPayload,
  Account,
  AccountEdit,
  AccountExport,
  Relation,
  Report,
  ReportInput,
  ReportedPost,
  AuditEntry,
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

async function request<T>(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<T> {
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

/**
 * A change sent as the page goes away (pagehide) or the session ends: a request that outlives the
 * page (`keepalive`), with the token the person had when they asked for it (a sign-out has cleared
 * storage by then). Its answer is not read: the page may be gone.
 */
async function leavingRequest(method: 'POST' | 'DELETE', path: string, token: string | null): Promise<void> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (token) headers.authorization = token;
  const response = await config.fetch(`${config.baseUrl}/api${path}`, { method, headers, keepalive: true });
  if (!response.ok) throw new ApiError(response.status, messageFromBody(await response.json().catch(() => null), response.status));
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

/** Every call goes through `request`, with the query the table's client built. */
const send: Send = (method, path, { query, body }) => {
  const search = new URLSearchParams(query).toString();
  return request(method, search ? `${path}?${search}` : path, body);
};

/**
 * The client derived from the route table of @chirp/contracts: no path is typed here. The browser
 * speaks the compact form only; the spec's form is `createSpecClient` of @chirp/contracts, for any
 * other client.
 */
const compactCalls = createCompactClient(API_ROUTES, send);

/** Paging of a list of people (alphabetical): the page size is the server's unless asked. */
export interface PeopleQuery {
  limit?: number;
  cursor?: string;
}

/**
 * The compact form (docs/api.md, "Compact answers"): what a screen shows, one page at a time. Every
 * list answers `{ posts | users, nextCursor }`; every change answers only what changed.
 */
export const compactApi = {
  login: (credentials: Credentials): Promise<CompactLoginResponse> => compactCalls.login({ body: credentials }),
  /** Creates the account; answers it as the signed-in person's profile, with their token. */
  signup: (payload: SignupPayload): Promise<{ createdUser: Profile; encodedToken: string }> => compactCalls.signup({ body: payload }),

  feed: (query: PageQuery = {}): Promise<PostPage> => compactCalls.posts({ query: { ...query } }),
  post: (postId: string): Promise<CompactPostResponse> => compactCalls.post({ params: { postId } }),
  userPosts: (username: string, query: PageQuery = {}): Promise<PostPage> =>
    compactCalls.postsOfUser({ params: { username }, query: { ...query } }),
  likedPosts: (username: string, query: PageQuery = {}): Promise<PostPage> =>
    compactCalls.likedPosts({ params: { username }, query: { ...query } }),
  bookmarkedPosts: (query: PageQuery = {}): Promise<PostPage> => compactCalls.bookmarkedPosts({ query: { ...query } }),
  /** The signed-in person's Following timeline: the posts of the people they follow, and their own. */
  followingPosts: (query: PageQuery = {}): Promise<PostPage> => compactCalls.followingPosts({ query: { ...query } }),

  profile: (username: string): Promise<ProfileResponse> => compactCalls.userByUsername({ params: { username } }),
  profileById: (userId: string): Promise<ProfileResponse> => compactCalls.user({ params: { userId } }),
  followers: (userId: string, query: PeopleQuery = {}): Promise<PeoplePage> => compactCalls.followers({ params: { userId }, query: { ...query } }),
  following: (userId: string, query: PeopleQuery = {}): Promise<PeoplePage> => compactCalls.following({ params: { userId }, query: { ...query } }),
  /** The people who like a post, by username, a page at a time. */
  likers: (postId: string, query: PeopleQuery = {}): Promise<PeoplePage> => compactCalls.likers({ params: { postId }, query: { ...query } }),
  /** The people who repost a post, by username, a page at a time. */
  reposters: (postId: string, query: PeopleQuery = {}): Promise<PeoplePage> => compactCalls.reposters({ params: { postId }, query: { ...query } }),
  searchPeople: (text: string, query: PeopleQuery = {}): Promise<PeoplePage> => compactCalls.searchUsers({ query: { q: text, ...query } }),
  searchPosts: (text: string, query: PageQuery = {}): Promise<PostPage> => compactCalls.searchPosts({ query: { q: text, ...query } }),
  suggestions: (query: PeopleQuery = {}): Promise<PeoplePage> => compactCalls.suggestions({ query: { ...query } }),
  thread: (postId: string): Promise<ThreadResponse> => compactCalls.thread({ params: { postId } }),
  replies: (postId: string, query: PageQuery = {}): Promise<PostPage> => compactCalls.replies({ params: { postId }, query: { ...query } }),
  userReplies: (username: string, query: PageQuery = {}): Promise<PostPage> =>
    compactCalls.repliesOfUser({ params: { username }, query: { ...query } }),
  notifications: (query: PeopleQuery = {}): Promise<NotificationPage> => compactCalls.notifications({ query: { ...query } }),
  unreadNotifications: (): Promise<UnreadNotifications> => compactCalls.unreadNotifications(),
  readNotifications: (): Promise<UnreadNotifications> => compactCalls.readNotifications(),

  createPost: (postData: PostData): Promise<CompactPostResponse> => trackCreation(compactCalls.createPost({ body: { postData } })),
  editPost: (postId: string, postData: PostData): Promise<CompactPostResponse> =>
    compactCalls.editPost({ params: { postId }, body: { postData } }),
  like: (postId: string): Promise<CompactPostResponse> => compactCalls.likePost({ params: { postId } }),
  dislike: (postId: string): Promise<CompactPostResponse> => compactCalls.dislikePost({ params: { postId } }),
  /** The caller's repost of a post, and undoing it (each idempotent): each answers the post as it now is. */
  repost: (postId: string): Promise<CompactPostResponse> => compactCalls.repost({ params: { postId } }),
  unrepost: (postId: string): Promise<CompactPostResponse> => compactCalls.unrepost({ params: { postId } }),
  deletePost: (postId: string): Promise<{ postId: string }> => compactCalls.deletePost({ params: { postId } }),
  /** `deletePost` as the page goes or the session ends, with the token of when the person asked (see leavingRequest). */
  deletePostAsPageGoes: (postId: string, token: string | null): Promise<void> =>
    leavingRequest('DELETE', `${fillPath(API_ROUTES.deletePost.path, { postId })}?view=compact`, token),
  bookmark: (postId: string): Promise<CompactBookmarkResponse> => compactCalls.bookmark({ params: { postId } }),
  removeBookmark: (postId: string): Promise<CompactBookmarkResponse> => compactCalls.removeBookmark({ params: { postId } }),
  follow: (userId: string): Promise<CompactFollowResponse> => compactCalls.follow({ params: { userId } }),
  unfollow: (userId: string): Promise<CompactFollowResponse> => compactCalls.unfollow({ params: { userId } }),
  editProfile: (userData: Partial<ProfileData>): Promise<ProfileResponse> => compactCalls.editProfile({ body: { userData } }),

  /** The signed-in person's own settings (their email address is nowhere else). */
  account: (): Promise<{ account: Account }> => compactCalls.account(),
  editAccount: (changes: AccountEdit): Promise<{ account: Account }> => compactCalls.editAccount({ body: changes }),

  /** Changes the password: answers this session's new token; every other session of the account ends. */
  changePassword: (currentPassword: string, newPassword: string): Promise<{ encodedToken: string }> =>
    compactCalls.changePassword({ body: { currentPassword, newPassword } }),
  /** Ends every session of the account, this one too. */
  signOutEverywhere: (): Promise<{ signedOutEverywhere: true }> => compactCalls.signOutEverywhere(),
  /** Everything the account holds, for its owner to download (each list capped: `complete` says whether whole). */
  exportAccount: (): Promise<{ data: AccountExport }> => compactCalls.exportAccount(),
  /** Deletes the account and everything it holds, once its password is given; every session of it ends. */
  deleteAccount: (password: string): Promise<{ accountDeleted: true }> => compactCalls.deleteAccount({ body: { password } }),

  /** Muting and blocking someone, and undoing either: each answers how the caller now stands with them. */
  mute: (userId: string): Promise<{ relation: Relation }> => compactCalls.mute({ params: { userId } }),
  unmute: (userId: string): Promise<{ relation: Relation }> => compactCalls.unmute({ params: { userId } }),
  block: (userId: string): Promise<{ relation: Relation }> => compactCalls.block({ params: { userId } }),
  unblock: (userId: string): Promise<{ relation: Relation }> => compactCalls.unblock({ params: { userId } }),
  mutedPeople: (query: PeopleQuery = {}): Promise<PeoplePage> => compactCalls.mutedPeople({ query: { ...query } }),
  blockedPeople: (query: PeopleQuery = {}): Promise<PeoplePage> => compactCalls.blockedPeople({ query: { ...query } }),
  /** The words, phrases and #tags the account muted; muting and unmuting one answer the list as it now is. */
  mutedWords: (): Promise<{ words: string[] }> => compactCalls.mutedWords(),
  muteWord: (word: string): Promise<{ words: string[] }> => compactCalls.muteWord({ body: { word } }),
  unmuteWord: (word: string): Promise<{ words: string[] }> => compactCalls.unmuteWord({ body: { word } }),

  /** Reports a post to the moderators (one report per person and post: again replaces it). */
  reportPost: (postId: string, report: ReportInput): Promise<{ report: Report }> => compactCalls.reportPost({ params: { postId }, body: report }),
  /** What moderators read and do (others are refused with a 403). */
  reportedPosts: (): Promise<{ reports: ReportedPost[] }> => compactCalls.reportedPosts(),
  hidePost: (postId: string): Promise<{ postId: string; removedByModerators: boolean }> => compactCalls.hidePost({ params: { postId } }),
  restorePost: (postId: string): Promise<{ postId: string; removedByModerators: boolean }> => compactCalls.restorePost({ params: { postId } }),
  dismissReports: (postId: string): Promise<{ postId: string; dismissed: number }> => compactCalls.dismissReports({ params: { postId } }),
  suspendUser: (userId: string): Promise<{ userId: string; suspended: boolean }> => compactCalls.suspendUser({ params: { userId } }),
  unsuspendUser: (userId: string): Promise<{ userId: string; suspended: boolean }> => compactCalls.unsuspendUser({ params: { userId } }),
  moderationLog: (): Promise<{ entries: AuditEntry[] }> => compactCalls.moderationLog(),
};

export type CompactApi = typeof compactApi;
