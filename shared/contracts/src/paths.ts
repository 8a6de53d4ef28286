/** Every route of the app, in one table (spec section 2). */
export const paths = {
  login: '/',
  signup: '/signup',
  home: '/home',
  explore: '/explore',
  bookmarks: '/bookmarks',
  likedPosts: '/likedpost',
  search: '/search',
  /** The search page for `text` (a word, a name, a `#tag`). */
  searchFor: (text: string) => `/search?q=${encodeURIComponent(text)}`,
  profile: (username: string) => `/profile/${encodeURIComponent(username)}`,
  /** A post's own page: the conversation above it, the post, its replies. */
  post: (postId: string) => `/post/${encodeURIComponent(postId)}`,
  notifications: '/notifications',
  /** The account's settings and the people muted or blocked. */
  settings: '/settings',
  /** The moderators' page: posts with open reports, and the latest actions. */
  reports: '/reports',
} as const;
