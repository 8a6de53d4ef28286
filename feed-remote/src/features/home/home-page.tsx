import { ClockIcon, FlameIcon } from '@chirp/ui';
import { useMemo } from 'react';
import { FeedContent, FeedPage } from '../../components/feed-page';
import { NewPostsButton } from '../../components/new-posts-button';
import { usePostFeed } from '../../components/use-post-feed';
import { ComposerForm } from '../../components/composer/composer-form';
import { PostListView } from '../../components/posts/post-list';
import './home-page.css';
import { useFeedStore } from '../../lib/feed-store';

/** The sort toggle (spec 4): Trending by likes, Latest by date; newest first by default. */
function SortToggle() {
  const trending = useFeedStore((state) => state.trending);
  const setTrending = useFeedStore((state) => state.setTrending);
  return (
    <div className="home__sort" role="group" aria-label="Sort posts">
      <button
        type="button"
        className="home__sort-button"
        aria-pressed={trending}
        onClick={() => setTrending(true)}
      >
        <FlameIcon />
        Trending
      </button>
      <button
        type="button"
        className="home__sort-button"
        aria-pressed={!trending}
        onClick={() => setTrending(false)}
      >
        <ClockIcon />
        Latest
      </button>
    </div>
  );
}

/**
 * /home: the composer, then the list with the sort toggle (a loader until posts arrive, Retry if they
 * cannot). The spec calls the list 'Latest Posts'; under Trending it is headed for what it shows.
 */
export default function HomePage() {
  const trending = useFeedStore((state) => state.trending);
  const listTitle = trending ? 'Trending Posts' : 'Latest Posts';
  const source = useMemo(() => ({ kind: 'feed', sort: trending ? 'trending' : 'latest' }) as const, [trending]);
  const feed = usePostFeed(source);
  return (
    <FeedPage title="Home" ready={feed.state === 'ready'} content={feed.posts}>
      <div className="home__composer">
        <ComposerForm />
      </div>
      <div className="home__list-header">
        <h2 className="home__list-title">{listTitle}</h2>
        <SortToggle />
      </div>
      <NewPostsButton source={source} shown={feed.posts} />
      <FeedContent feed={feed}>
        <PostListView posts={feed.posts} emptyText="No posts yet." label={listTitle} more={feed.more} />
      </FeedContent>
    </FeedPage>
  );
}
