/**
 * Query keys, in one place: the first part says what kind of data an entry holds, so a change can
 * reach every list of that kind (`['posts']` is every page of posts, whatever its source).
 */
export type FeedSort = 'latest' | 'trending';

/** Where a list of posts comes from. */
export type PostSource =
  | { kind: 'feed'; sort: FeedSort }
  /** The signed-in person's home: the people they follow, and themselves. */
  | { kind: 'following'; sort: FeedSort }
  | { kind: 'user'; username: string }
  | { kind: 'liked'; username: string }
  | { kind: 'bookmarked' }
  | { kind: 'search'; text: string }
  /** The replies to one post. */
  | { kind: 'replies'; postId: string }
  /** The replies one person wrote (their profile's Replies tab). */
  | { kind: 'userReplies'; username: string };

/** The address parameter that asks Home for Everyone's list (`/home?feed=everyone`); without it, Following. */
export const HOME_FEED_PARAM = 'feed';

/**
 * The list Home opens on at the address's `search`: Everyone's when it asks, else Following; newest
 * first (a page opens on Latest).
 */
export function homeListAt(search: string): PostSource {
  const kind = new URLSearchParams(search).get(HOME_FEED_PARAM) === 'everyone' ? 'feed' : 'following';
  return { kind, sort: 'latest' };
}

/** Where a list of people comes from. */
export type PeopleSource =
  | { kind: 'followers'; userId: string }
  | { kind: 'following'; userId: string }
  /** The people who like a post. */
  | { kind: 'likers'; postId: string }
  /** The people who repost a post. */
  | { kind: 'reposters'; postId: string }
  | { kind: 'search'; text: string }
  | { kind: 'suggestions' }
  /** The signed-in person's muted and blocked people (Settings). */
  | { kind: 'muted' }
  | { kind: 'blocked' };

export const queryKeys = {
  posts: ['posts'] as const,
  postList: (source: PostSource) => ['posts', source] as const,
  people: ['people'] as const,
  peopleList: (source: PeopleSource) => ['people', source] as const,
  profiles: ['profile'] as const,
  profile: (username: string) => ['profile', username] as const,
  threads: ['thread'] as const,
  /** A post's page: the posts above it and the post. */
  thread: (postId: string) => ['thread', postId] as const,
  notifications: ['notifications'] as const,
  notificationPages: ['notifications', 'pages'] as const,
  unreadNotifications: ['notifications', 'unread'] as const,
  /** The signed-in person's muted words (Settings). */
  mutedWords: ['muted-words'] as const,
  /** The posts this page has taken out of its lists (not a call: a record kept in the one cache). */
  removedPosts: ['removed-posts'] as const,
};
