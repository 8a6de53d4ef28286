import { useSession } from '@chirp/shared';
import { useMemo } from 'react';
import { FeedPage, PostsLoader } from '../../components/feed-page';
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
  const loaded = userKnown && (bookmarks.length === 0 || posts.length > 0);
  return (
    <FeedPage title="Your Bookmarks" intro="Posts you saved to read again." ready={loaded} content={bookmarked}>
      {loaded ? <PostList posts={bookmarked} emptyText="No Bookmark Posts!" label="Bookmarked posts" /> : <PostsLoader />}
    </FeedPage>
  );
}
