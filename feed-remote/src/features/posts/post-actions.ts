import { api, createToggleQueue, errorMessage, MESSAGES, type Post, toast, type UserSummary, useSession } from '@chirp/shared';


/** Liked means the user's id is in `likes.likedBy` (spec 4). */
export function isLikedBy(post: Post, userId: string | undefined): boolean {
  return Boolean(userId) && post.likes.likedBy.some((user) => user._id === userId);
}

/** The post as the server will hold it once `user` likes it (or dislikes it), per spec 4. */
export function withLike(post: Post, user: UserSummary, liked: boolean): Post {
  if (isLikedBy(post, user._id) === liked) return post;
  const others = (list: UserSummary[]) => list.filter((entry) => entry._id !== user._id);
  const { likeCount, likedBy, dislikedBy } = post.likes;
  const likes = liked
    ? { likeCount: likeCount + 1, likedBy: [...likedBy, user], dislikedBy: others(dislikedBy) }
    : { likeCount: Math.max(0, likeCount - 1), likedBy: others(likedBy), dislikedBy: [...others(dislikedBy), user] };
  return { ...post, likes };
}

function currentSummary(): UserSummary | null {
  const user = useSession.getState().currentUser;
  if (!user) return null;
  const { _id, username, firstName, lastName, profilePic } = user;
  return { _id, username, firstName, lastName, profilePic };
}

const findPost = (postId: string) => useSession.getState().allPosts.find((post) => post._id === postId);

const toggles = createToggleQueue();

// Whatever replaces the posts or the bookmarks (a list arriving after log in, a reload, another
// call's answer), likes and bookmarks still on their way stay shown. Showing them again changes
// nothing when they already show, so this settles at once.
useSession.subscribe((state, previous) => {
  if (state.allPosts !== previous.allPosts || state.bookmarks !== previous.bookmarks) toggles.reshowPending();
});

/** Call after storing any server answer: likes and bookmarks still on their way stay shown. */
export const pendingTogglesReshown = () => toggles.reshowPending();

/** Like or dislike, shown at once; the call follows and a refusal rolls the card back. */
export function likeToggled(postId: string): void {
  const me = currentSummary();
  const post = findPost(postId);
  if (!me || !post) return;
  const { postsChanged, postsLoaded } = useSession.getState();
  let confirmedPost = post;
  toggles.flip(`like:${postId}`, isLikedBy(post, me._id), {
    show: (liked) => {
      const shown = findPost(postId);
      const next = shown && withLike(shown, me, liked);
      if (next && next !== shown) postsChanged([next]);
    },
    send: async (liked) => {
      const { posts } = await (liked ? api.like(postId) : api.dislike(postId));
      postsLoaded(posts);
      confirmedPost = posts.find((entry) => entry._id === postId) ?? confirmedPost;
    },
    // One toast per post and action: rapid toggles update it instead of stacking copies.
    confirmed: (liked) => toast.success(liked ? MESSAGES.postLiked : MESSAGES.postDisliked, { id: `like:${postId}` }),
    rolledBack: (error) => {
      postsChanged([confirmedPost]);
      toast.error(errorMessage(error));
    },
  });
}

function withBookmark(bookmarks: string[], postId: string, bookmarked: boolean): string[] {
  const rest = bookmarks.filter((id) => id !== postId);
  return bookmarked ? [...rest, postId] : rest;
}

/** Bookmark or remove the bookmark, shown at once; the call follows and a refusal rolls it back. */
export function bookmarkToggled(postId: string): void {
  const session = useSession.getState();
  if (!session.currentUser) return;
  const setBookmarked = (bookmarked: boolean) => {
    const { bookmarks, bookmarksChanged } = useSession.getState();
    if (bookmarks.includes(postId) !== bookmarked) bookmarksChanged(withBookmark(bookmarks, postId, bookmarked));
  };
  let confirmed = session.bookmarks.includes(postId);
  toggles.flip(`bookmark:${postId}`, confirmed, {
    show: setBookmarked,
    send: async (bookmarked) => {
      const { bookmarks } = await (bookmarked ? api.bookmark(postId) : api.removeBookmark(postId));
      useSession.getState().bookmarksChanged(bookmarks);
      confirmed = bookmarked;
    },
    confirmed: (bookmarked) =>
      toast.success(bookmarked ? MESSAGES.postBookmarked : MESSAGES.postUnbookmarked, { id: `bookmark:${postId}` }),
    rolledBack: (error) => {
      setBookmarked(confirmed);
      toast.error(errorMessage(error));
    },
  });
}

/** Deletes one's own post; the answer is the full list (spec 7). */
export async function postDeleted(postId: string): Promise<boolean> {
  try {
    const { posts } = await api.deletePost(postId);
    useSession.getState().postsLoaded(posts);
    toast.success(MESSAGES.postDeleted);
    return true;
  } catch (error) {
    toast.error(errorMessage(error));
    return false;
  }
}
