import { ClockIcon, FlameIcon, useSession } from '@chirp/shared';
import { FeedContent, FeedPage, useFeedState } from '../../components/feed-page';
import { useFirstPage } from '../../components/use-first-page';
import { ComposerForm } from '../composer/composer-form';
import { PostList } from '../posts/post-list';
import './home-page.css';

/** The sort toggle (spec 4): Trending by likes, Latest by date; newest first by default. */
function SortToggle() {
  const trending = useSession((state) => state.trending);
  const trendingChanged = useSession((state) => state.trendingChanged);
  return (
    <div className="home__sort" role="group" aria-label="Sort posts">
      <button
        type="button"
        className="home__sort-button"
        aria-pressed={trending}
        onClick={() => trendingChanged(true)}
      >
        <FlameIcon />
        Trending
      </button>
      <button
        type="button"
        className="home__sort-button"
        aria-pressed={!trending}
        onClick={() => trendingChanged(false)}
      >
        <ClockIcon />
        Latest
      </button>
    </div>
  );
}

/** /home: the composer, then 'Latest Posts' with the sort toggle (a loader until posts arrive, Retry if they cannot). */
export default function HomePage() {
  const posts = useSession((state) => state.allPosts);
  useFirstPage();
  const state = useFeedState();
  return (
    <FeedPage title="Home" ready={state === 'ready'} content={posts}>
      <div className="home__composer">
        <ComposerForm />
      </div>
      <div className="home__list-header">
        <h2 className="home__list-title">
          Latest Posts
        </h2>
        <SortToggle />
      </div>
      <FeedContent state={state}>
        <PostList posts={posts} emptyText="No posts yet." label="Latest Posts" />
      </FeedContent>
    </FeedPage>
  );
}
