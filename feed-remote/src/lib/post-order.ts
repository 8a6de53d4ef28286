import type { CompactPost } from '@chirp/contracts';

/**
 * Spec 4: Trending orders by like count, most first (newest first among equals); Latest by date,
 * newest first. The server pages a list in this order; the client re-applies it to the posts it has
 * after a like changes a count.
 */
export function sortPosts<T extends Pick<CompactPost, 'createdAt' | 'likeCount'>>(posts: readonly T[], trending: boolean): T[] {
  const byDate = (a: T, b: T) => Date.parse(b.createdAt) - Date.parse(a.createdAt);
  return [...posts].sort(trending ? (a, b) => b.likeCount - a.likeCount || byDate(a, b) : byDate);
}
