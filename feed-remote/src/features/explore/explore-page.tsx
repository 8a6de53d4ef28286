import { FeedContent, FeedPage } from '../../components/feed-page';
import { NewPostsButton } from '../../components/new-posts-button';
import { usePostFeed } from '../../components/use-post-feed';
import { PostListView } from '../../components/posts/post-list';

const SOURCE = { kind: 'feed', sort: 'latest' } as const;

/** /explore: every post, newest first, one page at a time. */
export default function ExplorePage() {
  const feed = usePostFeed(SOURCE);
  return (
    <FeedPage title="Explore" intro="See what everyone on Chirp is posting." ready={feed.state === 'ready'} content={feed.posts}>
      <NewPostsButton source={SOURCE} shown={feed.posts} />
      <FeedContent feed={feed}>
        <PostListView posts={feed.posts} emptyText="No posts yet." label="All posts" more={feed.more} />
      </FeedContent>
    </FeedPage>
  );
}
