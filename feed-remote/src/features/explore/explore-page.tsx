import { useSession } from '@chirp/shared';
import { FeedPage, PostsLoader } from '../../components/feed-page';
import { useFirstPage } from '../../components/use-first-page';
import { PostList } from '../posts/post-list';

/** /explore: every post. */
export default function ExplorePage() {
  const posts = useSession((state) => state.allPosts);
  useFirstPage();
  const loaded = posts.length > 0;
  return (
    <FeedPage title="Explore" intro="See what everyone on Chirp is posting." ready={loaded} content={posts}>
      {loaded ? <PostList posts={posts} emptyText="No posts yet." label="All posts" /> : <PostsLoader />}
    </FeedPage>
  );
}
