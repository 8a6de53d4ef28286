import type { HomePageProps } from '@chirp/seams';
import { HOME_FEED_PARAM, homeListAt } from '@chirp/queries';
import { useSession } from '@chirp/session';
import { ClockIcon, FlameIcon, fullDateTime, Tabs } from '@chirp/ui';
import { useEffect, useId, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { FeedContent, FeedPage } from '../../components/feed-page';
import { NewPostsButton } from '../../components/new-posts-button';
import { usePostFeed } from '../../components/use-post-feed';
import { ComposerForm } from '../../components/composer/composer-form';
import { PostListView } from '../../components/posts/post-list';
import './home-page.css';
import { useFeedStore } from '../../lib/feed-store';
import { type KeptTimeline, useKeptTimeline } from './kept-timeline';

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

/** Home's two lists, in the order of their tabs; Everyone is asked for in the address (`?feed=everyone`, `homeListAt`). */
const FEEDS = ['following', 'everyone'] as const;
type HomeFeed = (typeof FEEDS)[number];

/** The chosen list, kept in the address so that a reload, Back or a shared link keeps it; Following by default. */
function useHomeFeed(): [HomeFeed, (feed: HomeFeed) => void] {
  // The shell offers the remotes a few router exports (not useSearchParams): the address is read and set whole.
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();
  const params = new URLSearchParams(search);
  const feed: HomeFeed = homeListAt(search).kind === 'feed' ? 'everyone' : 'following';
  const choose = (next: HomeFeed) => {
    if (next === 'following') params.delete(HOME_FEED_PARAM);
    else params.set(HOME_FEED_PARAM, next);
    const query = params.toString();
    navigate(`${pathname}${query ? `?${query}` : ''}${hash}`, { replace: true });
  };
  return [feed, choose];
}

/** What a Following list with nothing in it says: whom to follow, from profile's suggestions. */
function FollowPrompt({ WhoToFollow }: HomePageProps) {
  const titleId = useId();
  return (
    <section className="home__prompt" aria-labelledby={titleId}>
      <h3 id={titleId} className="home__prompt-title">
        Follow people to fill your home
      </h3>
      <p className="home__prompt-text">
        Posts from the people you follow, and your own, show here. Start with a few of these, or see what everyone is posting under
        Everyone.
      </p>
      <WhoToFollow />
    </section>
  );
}

/** The timeline as it last showed, under the alert of a first page that could not load. */
function KeptPosts({ kept, label }: { kept: KeptTimeline; label: string }) {
  return (
    <div className="home__kept">
      <p className="home__kept-note">{`Showing your timeline as it was on ${fullDateTime(kept.savedAt)}.`}</p>
      <PostListView posts={kept.posts} emptyText="No posts yet." label={label} />
    </div>
  );
}

/**
 * /home: the composer, then two tabs, Following (the people one follows, and oneself: the default)
 * and Everyone, each the spec's list with its sort toggle (a loader until posts arrive, Retry if they
 * cannot). The spec calls the list 'Latest Posts'; under Trending it is headed for what it shows.
 */
export default function HomePage({ WhoToFollow }: HomePageProps) {
  const trending = useFeedStore((state) => state.trending);
  const [feed, chooseFeed] = useHomeFeed();
  const listTitle = trending ? 'Trending Posts' : 'Latest Posts';
  const sort = trending ? 'trending' : 'latest';
  const source = useMemo(() => ({ kind: feed === 'following' ? 'following' : 'feed', sort }) as const, [feed, sort]);
  const posts = usePostFeed(source);
  const kept = useKeptTimeline(source, posts.state, posts.posts);
  const nobodyYet = feed === 'following' && posts.state === 'ready' && posts.posts.length === 0;
  // Someone followed from the prompt: their posts fill the list at once (a list with posts waits for
  // the reader instead, as every feed does).
  const followingCount = useSession((state) => state.currentUser?.followingCount);
  const { retry } = posts;
  useEffect(() => {
    if (nobodyYet && followingCount) retry();
  }, [followingCount]); // eslint-disable-line react-hooks/exhaustive-deps -- only a change of the count asks again
  const list = () => (
    <>
      <div className="home__list-header">
        <h2 className="home__list-title">{listTitle}</h2>
        <SortToggle />
      </div>
      <NewPostsButton source={source} shown={posts.posts} />
      <FeedContent feed={posts}>
        {nobodyYet ? (
          <FollowPrompt WhoToFollow={WhoToFollow} />
        ) : (
          <PostListView posts={posts.posts} emptyText="No posts yet." label={listTitle} more={posts.more} />
        )}
      </FeedContent>
      {kept && <KeptPosts kept={kept} label={listTitle} />}
    </>
  );
  return (
    <FeedPage title="Home" ready={posts.state === 'ready'} content={posts.posts}>
      <div className="home__composer">
        <ComposerForm />
      </div>
      <div className="home__feeds">
        <Tabs
          label="Home feeds"
          tabs={[
            { label: 'Following', render: list },
            { label: 'Everyone', render: list },
          ]}
          selected={FEEDS.indexOf(feed)}
          onSelect={(index) => chooseFeed(FEEDS[index]!)}
        />
      </div>
    </FeedPage>
  );
}
