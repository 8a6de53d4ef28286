import { useSession } from '@chirp/session';
import { useMemo } from 'react';
import { FeedContent, FeedPage } from '../../components/feed-page';
import { usePostFeed } from '../../components/use-post-feed';
import { PostListView } from '../../components/posts/post-list';

/** /likedpost: the posts the current user liked, one page at a time. */
export default function LikedPostsPage() {
  const username = useSession((state) => state.username) ?? '';
  const source = useMemo(() => ({ kind: 'liked', username }) as const, [username]);
  const feed = usePostFeed(source);
  return (
    <FeedPage title="Liked Post" intro="Posts you liked." ready={feed.state === 'ready'} content={feed.posts}>
      <FeedContent feed={feed}>
        <PostListView posts={feed.posts} emptyText="No Liked Posts!" label="Liked posts" more={feed.more} />
      </FeedContent>
    </FeedPage>
  );
}
