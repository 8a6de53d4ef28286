import { type CompactPost, MESSAGES } from '@chirp/contracts';
import { bookmarkStored, postDeletedElsewhere, postRemoved, postStored, queryKeys, repostStored } from '@chirp/queries';
import { ApiError, compactApi, errorMessage, optimisticToggle, queryClient, toast, toggleShown, useSession, useToggleShown } from '@chirp/session';
import { createElement } from 'react';
import { DeletedToast } from '../components/posts/deleted-toast';
import { useFeedStore } from './feed-store';
import { deleteAfterUndoWindow, deleteWaiting, undoDelete } from './pending-deletes';

export const likeKey = (postId: string) => `like:${postId}`;
export const bookmarkKey = (postId: string) => `bookmark:${postId}`;
export const repostKey = (postId: string) => `repost:${postId}`;

/** What a repost's toasts say. */
export const REPOST_TEXTS = { reposted: 'Reposted', undone: 'Repost removed' } as const;

/** A post as it shows now: its like and bookmark as clicked, even before the server confirmed them. */
export interface PostShown {
  liked: boolean;
  likeCount: number;
  bookmarked: boolean;
  reposted: boolean;
  repostCount: number;
}

/** Spec 4: a like adds one to the count; a dislike of a liked post takes it away. */
function shownCount(post: CompactPost, liked: boolean): number {
  return Math.max(0, post.likeCount + Number(liked) - Number(post.likedByMe));
}

/** A repost counts its reposter once: the count moves by one as the button is pressed or released. */
function shownRepostCount(post: CompactPost, reposted: boolean): number {
  return Math.max(0, (post.repostCount ?? 0) + Number(reposted) - Number(post.repostedByMe ?? false));
}

export function usePostShown(post: CompactPost): PostShown {
  const liked = useToggleShown(likeKey(post._id), post.likedByMe);
  const bookmarked = useToggleShown(bookmarkKey(post._id), post.bookmarkedByMe);
  const reposted = useToggleShown(repostKey(post._id), post.repostedByMe ?? false);
  return { liked, bookmarked, likeCount: shownCount(post, liked), reposted, repostCount: shownRepostCount(post, reposted) };
}

/** The same, outside React (to order or filter a list by what shows). */
export function postShown(post: CompactPost): PostShown {
  const liked = toggleShown(likeKey(post._id), post.likedByMe);
  const reposted = toggleShown(repostKey(post._id), post.repostedByMe ?? false);
  return {
    liked,
    bookmarked: toggleShown(bookmarkKey(post._id), post.bookmarkedByMe),
    likeCount: shownCount(post, liked),
    reposted,
    repostCount: shownRepostCount(post, reposted),
  };
}

/** A refused toggle says why; a post found gone leaves the page, so that the next click does not meet it again. */
function refused(post: CompactPost) {
  return (error: unknown) => {
    toast.error(errorMessage(error));
    if (error instanceof ApiError && error.status === 404) postDeletedElsewhere(post._id, post.username, post.replyTo);
  };
}

/** Like or dislike (spec 4), shown at once; the call follows and a refusal rolls the card back. */
export function toggleLike(post: CompactPost): void {
  const postId = post._id;
  optimisticToggle(likeKey(postId), post.likedByMe, {
    send: async (liked) => {
      const answer = await (liked ? compactApi.like(postId) : compactApi.dislike(postId));
      postStored(answer.post, useSession.getState().username);
    },
    // One toast per post and action: rapid toggles update it instead of stacking copies.
    confirmed: (liked) => toast.success(liked ? MESSAGES.postLiked : MESSAGES.postDisliked, { id: likeKey(postId) }),
    rolledBack: refused(post),
  });
}

/** Repost or undo the repost, shown at once; the call follows and a refusal rolls the card back. */
export function toggleRepost(post: CompactPost): void {
  const postId = post._id;
  optimisticToggle(repostKey(postId), post.repostedByMe ?? false, {
    send: async (reposted) => repostStored((await (reposted ? compactApi.repost(postId) : compactApi.unrepost(postId))).post),
    confirmed: (reposted) => toast.success(reposted ? REPOST_TEXTS.reposted : REPOST_TEXTS.undone, { id: repostKey(postId) }),
    rolledBack: refused(post),
  });
}

/** Bookmark or remove the bookmark, shown at once; the call follows and a refusal rolls it back. */
export function toggleBookmark(post: CompactPost): void {
  const postId = post._id;
  optimisticToggle(bookmarkKey(postId), post.bookmarkedByMe, {
    send: async (bookmarked) => {
      const answer = await (bookmarked ? compactApi.bookmark(postId) : compactApi.removeBookmark(postId));
      bookmarkStored(postId, answer.bookmarkedByMe);
    },
    confirmed: (bookmarked) =>
      toast.success(bookmarked ? MESSAGES.postBookmarked : MESSAGES.postUnbookmarked, { id: bookmarkKey(postId) }),
    rolledBack: refused(post),
  });
}

/**
 * Deletes one's own post, with a moment to change one's mind: it leaves every list at once and
 * 'Post Deleted!' offers Undo while the call waits out its window (pending-deletes.ts). Answers
 * whether the server deleted it: false when undone, or refused (the post then shows again, and why).
 */
export async function deletePost(post: CompactPost): Promise<boolean> {
  const postId = post._id;
  if (deleteWaiting(postId)) return false;
  const feed = useFeedStore.getState();
  const toastId = `deleted:${postId}`;
  const dismissToast = () => toast.dismiss(toastId);
  feed.deletionStarted(post);
  // The call going takes the toast away, whether or not a pointer rests on it (which pauses toasts).
  const outcome = deleteAfterUndoWindow(postId, { sent: dismissToast });
  toast.custom((shown) => createElement(DeletedToast, { toast: shown, onUndo: () => undoDelete(postId) }), {
    id: toastId,
    duration: Infinity,
  });
  try {
    const deleted = await outcome;
    if (deleted) {
      postRemoved(postId, post.username, post.replyTo);
      // The conversations it was part of, if shown, now show where it was (reloadShown, awaited): it
      // stays shown as deleted until they do, rather than coming back for the time of the reload.
      await queryClient.invalidateQueries({ queryKey: queryKeys.threads, refetchType: 'active' });
    }
    return deleted;
  } catch (error) {
    toast.error(errorMessage(error));
    return false;
  } finally {
    dismissToast();
    // A deleted post has left the cache by now: it stops being hidden without showing again.
    feed.deletionEnded(postId);
  }
}
