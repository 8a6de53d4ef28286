/** Every route of the app, in one table (spec section 2). */
export const paths = {
  login: '/',
  signup: '/signup',
  home: '/home',
  explore: '/explore',
  bookmarks: '/bookmarks',
  likedPosts: '/likedpost',
  profile: (username: string) => `/profile/${encodeURIComponent(username)}`,
} as const;
