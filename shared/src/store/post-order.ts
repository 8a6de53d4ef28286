import type { Post } from '../types';

/** Latest: newest first by createdAt; Trending: most liked first (newest first among equals). */
export function sortPosts(posts: readonly Post[], trending: boolean): Post[] {
  const byDate = (a: Post, b: Post) => Date.parse(b.createdAt) - Date.parse(a.createdAt);
  const compare = trending
    ? (a: Post, b: Post) => b.likes.likeCount - a.likes.likeCount || byDate(a, b)
    : byDate;
  return [...posts].sort(compare);
}

/** Swaps in changed posts by id, keeping the list's order. */
export function replacePosts(posts: readonly Post[], changed: readonly Post[]): Post[] {
  const byId = new Map(changed.map((post) => [post._id, post]));
  return posts.map((post) => byId.get(post._id) ?? post);
}
