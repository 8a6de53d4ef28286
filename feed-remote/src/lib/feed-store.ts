/**
 * The feed's own state: the new post's text (shared by the home page's composer and the composer
 * dialog, so a draft follows the person between them), the home feed's order, and the posts by
 * others announced live that wait behind the feeds' "N new posts" button. Nothing outside the feed
 * reads it. Like every store: commands are verbs (`setTrending`), events only record
 * (`postAnnounced`, `newPostsShown`).
 */
import { createStore, madeHere, onLiveEvent, onSessionChange } from '@chirp/session';
import { postCached } from '@chirp/queries';

interface FeedState {
  composerText: string;
  /** Whether the home feed is ordered by likes (spec 4's trending flag). */
  trending: boolean;
  /**
   * Posts by others announced live that the feeds do not show yet: they wait behind the
   * feeds' "N new posts" button, so nothing moves under the reader.
   */
  newPostIds: string[];
  setComposerText: (text: string) => void;
  setTrending: (trending: boolean) => void;
  /** A post by someone else was announced live. */
  postAnnounced: (postId: string) => void;
  /** The feed showed what was new. */
  newPostsShown: () => void;
}

const initialFeedState = () => ({ composerText: '', trending: false, newPostIds: [] as string[] });

export const useFeedStore = createStore<FeedState>()((set) => ({
  ...initialFeedState(),
  setComposerText: (composerText) => set({ composerText }),
  setTrending: (trending) => set({ trending }),
  postAnnounced: (postId) => set((state) => (state.newPostIds.includes(postId) ? state : { newPostIds: [postId, ...state.newPostIds] })),
  newPostsShown: () => set({ newPostIds: [] }),
}));

// What one person wrote or chose does not stay for the next one.
onSessionChange('feed store', (change) => {
  if (change.type === 'ended') useFeedStore.setState(initialFeedState());
});

// A new post by someone else waits behind the button, unless this page made it or a list has it.
onLiveEvent('feed new posts', (event) => {
  if (event.type !== 'post' || event.replyTo !== undefined) return;
  void madeHere(event.postId).then((made) => {
    if (!made && !postCached(event.postId)) useFeedStore.getState().postAnnounced(event.postId);
  });
});
