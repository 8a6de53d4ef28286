/**
 * The feed's own state: the new post's text (shared by the home page's composer and the composer
 * dialog, so a draft follows the person between them), the home feed's order, the posts by others
 * announced live that wait behind the feeds' "N new posts" button, and the posts deleted a moment
 * ago, and the posts folded for a muted word that the person chose to read. Nothing outside the
 * feed reads it. Like every store: commands are verbs (`setTrending`),
 * events only record (`postAnnounced`, `announcedPostGone`, `newPostsShown`).
 */
import type { CompactPost } from '@chirp/contracts';
import { createStore, madeHere, onLiveEvent, onSessionChange } from '@chirp/session';
import { postCached } from '@chirp/queries';

/** A post being deleted, and the post it answers (whose reply count then shows one fewer). */
export interface DeletingPost {
  postId: string;
  replyTo?: string;
}

interface FeedState {
  composerText: string;
  /** Whether the home feed is ordered by likes (spec 4's trending flag). */
  trending: boolean;
  /**
   * Posts by others announced live that the feeds do not show yet: they wait behind the
   * feeds' "N new posts" button, so nothing moves under the reader.
   */
  newPostIds: string[];
  /** Who wrote each of them (the Following list counts only the people followed). */
  newPostAuthors: Record<string, string>;
  /**
   * Posts the person deleted whose deletion can still be undone or is on its way to the server: no
   * list or post page shows them. The query cache keeps them until the server has deleted them, so
   * an Undo (or a refusal) shows them again where they were, and a list loaded meanwhile, which
   * still has them, leaves them out too.
   */
  deletingPosts: DeletingPost[];
  /** Posts folded away for holding a muted word that the person opened with Show anyway (until they sign out). */
  shownAnyway: string[];
  setComposerText: (text: string) => void;
  setTrending: (trending: boolean) => void;
  /** A post by someone else was announced live. */
  postAnnounced: (postId: string, author?: string) => void;
  /** The feed showed what was new. */
  newPostsShown: () => void;
  /** A post was announced deleted live: if it waits behind the button, it no longer does. */
  announcedPostGone: (postId: string) => void;
  /** An account was announced deleted or suspended live: none of its posts waits behind the button. */
  announcedAuthorGone: (author: string) => void;
  /** The person confirmed a post's deletion. */
  deletionStarted: (post: CompactPost) => void;
  /** The deletion was undone, refused or done: the query cache says again whether the post shows. */
  deletionEnded: (postId: string) => void;
  /** The person chose to read a post folded for a muted word. */
  shownAnywayChosen: (postId: string) => void;
}

const initialFeedState = () => ({
  composerText: '',
  trending: false,
  newPostIds: [] as string[],
  newPostAuthors: {} as Record<string, string>,
  deletingPosts: [] as DeletingPost[],
  shownAnyway: [] as string[],
});

export const useFeedStore = createStore<FeedState>()((set) => ({
  ...initialFeedState(),
  setComposerText: (composerText) => set({ composerText }),
  setTrending: (trending) => set({ trending }),
  postAnnounced: (postId, author) =>
    set((state) =>
      state.newPostIds.includes(postId)
        ? state
        : { newPostIds: [postId, ...state.newPostIds], newPostAuthors: author === undefined ? state.newPostAuthors : { ...state.newPostAuthors, [postId]: author } },
    ),
  newPostsShown: () => set({ newPostIds: [], newPostAuthors: {} }),
  announcedPostGone: (postId) =>
    set((state) => {
      if (!state.newPostIds.includes(postId)) return state;
      const { [postId]: _gone, ...newPostAuthors } = state.newPostAuthors;
      return { newPostIds: state.newPostIds.filter((id) => id !== postId), newPostAuthors };
    }),
  announcedAuthorGone: (author) =>
    set((state) => {
      const gone = state.newPostIds.filter((postId) => state.newPostAuthors[postId] === author);
      if (gone.length === 0) return state;
      const newPostAuthors = Object.fromEntries(Object.entries(state.newPostAuthors).filter(([, name]) => name !== author));
      return { newPostIds: state.newPostIds.filter((postId) => !gone.includes(postId)), newPostAuthors };
    }),
  deletionStarted: ({ _id: postId, replyTo }) =>
    set((state) => ({ deletingPosts: [...state.deletingPosts.filter((entry) => entry.postId !== postId), { postId, replyTo }] })),
  deletionEnded: (postId) =>
    set((state) =>
      state.deletingPosts.some((entry) => entry.postId === postId)
        ? { deletingPosts: state.deletingPosts.filter((entry) => entry.postId !== postId) }
        : state,
    ),
  shownAnywayChosen: (postId) => set((state) => (state.shownAnyway.includes(postId) ? state : { shownAnyway: [...state.shownAnyway, postId] })),
}));

/** Whether the post, folded for a muted word, was opened with Show anyway. */
export const useShownAnyway = (postId: string) => useFeedStore((state) => state.shownAnyway.includes(postId));

/** Whether the person is deleting the post (it then shows nowhere). */
export const useDeleting = (postId: string | undefined) =>
  useFeedStore((state) => postId !== undefined && state.deletingPosts.some((entry) => entry.postId === postId));

/** How many replies to the post the person is deleting. */
export const useRepliesDeleting = (postId: string) =>
  useFeedStore((state) => state.deletingPosts.filter((entry) => entry.replyTo === postId).length);

// What one person wrote or chose does not stay for the next one.
onSessionChange('feed store', (change) => {
  if (change.type === 'ended') useFeedStore.setState(initialFeedState());
});

// A new post by someone else waits behind the button, unless this page made it or a list has it;
// one deleted meanwhile stops waiting.
onLiveEvent('feed new posts', (event) => {
  if (event.type === 'gone') useFeedStore.getState().announcedPostGone(event.postId);
  if (event.type === 'authorGone') useFeedStore.getState().announcedAuthorGone(event.author);
  if (event.type !== 'post' || event.replyTo !== undefined) return;
  void madeHere(event.postId).then((made) => {
    if (!made && !postCached(event.postId)) useFeedStore.getState().postAnnounced(event.postId, event.author);
  });
});
