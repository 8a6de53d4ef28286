import { useSession } from '@chirp/shared';
import { FeedContent, FeedPage, useFeedState } from '../../components/feed-page';
import { useFirstPage } from '../../components/use-first-page';
import { PostList } from '../posts/post-list';

/** /explore: every post. */
export default function ExplorePage() {
  const posts = useSession((state) => state.allPosts);
  useFirstPage();
  const state = useFeedState();
  return (
    <FeedPage title="Explore" intro="See what everyone on Chirp is posting." ready={state === 'ready'} content={posts}>
      <FeedContent state={state}>
        <PostList posts={posts} emptyText="No posts yet." label="All posts" />
      </FeedContent>
    </FeedPage>
  );
}
