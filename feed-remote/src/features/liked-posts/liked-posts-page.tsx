import { useSession } from '@chirp/shared';
import { useMemo } from 'react';
import { FeedContent, FeedPage, useFeedState } from '../../components/feed-page';
import { isLikedBy } from '../posts/post-actions';
import { PostList } from '../posts/post-list';

/** /likedpost: the posts the current user liked, in the feed's order. */
export default function LikedPostsPage() {
  const posts = useSession((state) => state.allPosts);
  const userId = useSession((state) => state.currentUser?._id);
  const liked = useMemo(() => posts.filter((post) => isLikedBy(post, userId)), [posts, userId]);
  const state = useFeedState(userId !== undefined);
  return (
    <FeedPage title="Liked Post" intro="Posts you liked." ready={state === 'ready'} content={liked}>
      <FeedContent state={state}>
        <PostList posts={liked} emptyText="No Liked Posts!" label="Liked posts" />
      </FeedContent>
    </FeedPage>
  );
}
