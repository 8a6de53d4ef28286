import { FeedContent, FeedPage } from '../../components/feed-page';
import { usePostFeed } from '../../components/use-post-feed';
import { PostListView } from '../../components/posts/post-list';

const SOURCE = { kind: 'bookmarked' } as const;

/** /bookmarks: the posts the current user bookmarked, one page at a time. */
export default function BookmarksPage() {
  const feed = usePostFeed(SOURCE);
  return (
    <FeedPage title="Your Bookmarks" intro="Posts you saved to read again." ready={feed.state === 'ready'} content={feed.posts}>
      <FeedContent feed={feed}>
        <PostListView posts={feed.posts} emptyText="No Bookmark Posts!" label="Bookmarked posts" more={feed.more} />
      </FeedContent>
    </FeedPage>
  );
}
