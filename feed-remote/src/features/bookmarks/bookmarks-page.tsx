import { useSession } from '@chirp/shared';
import { useMemo } from 'react';
import { FeedContent, FeedPage, useFeedState } from '../../components/feed-page';
import { PostList } from '../posts/post-list';

/** /bookmarks: the posts the current user bookmarked, in the feed's order. */
export default function BookmarksPage() {
  const posts = useSession((state) => state.allPosts);
  const bookmarks = useSession((state) => state.bookmarks);
  const userKnown = useSession((state) => state.currentUser !== null);
  const bookmarked = useMemo(() => {
    const ids = new Set(bookmarks);
    return posts.filter((post) => ids.has(post._id));
  }, [posts, bookmarks]);
  // Bookmarks arrive with the user's details, the posts with the post list: wait for what is needed.
  const state = useFeedState(userKnown);
  const ready = state === 'ready' || (userKnown && bookmarks.length === 0);
  return (
    <FeedPage title="Your Bookmarks" intro="Posts you saved to read again." ready={ready} content={bookmarked}>
      <FeedContent state={ready ? 'ready' : state}>
        <PostList posts={bookmarked} emptyText="No Bookmark Posts!" label="Bookmarked posts" />
      </FeedContent>
    </FeedPage>
  );
}
