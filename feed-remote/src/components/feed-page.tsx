import { RetryAlert, Spinner } from '@chirp/ui';
import '@chirp/ui/styles.css';
import { type ReactNode, useId } from 'react';
import type { PostFeed } from './use-post-feed';
import { ListPositionsSlot, RestoringOffset, useScrollMemory } from './use-scroll-memory';
import './feed-page.css';

interface FeedPageProps {
  title: string;
  /** One line under the title. */
  intro?: string;
  /** Whether the page's posts are rendered: its remembered scroll position is restored then. */
  ready: boolean;
  /** The posts shown: when they change before the position could be reached, it is tried again. */
  content: unknown;
  children: ReactNode;
}

/** A feed page inside the shell's <main>: a <section> named by its <h1>. */
export function FeedPage({ title, intro, ready, content, children }: FeedPageProps) {
  const titleId = useId();
  const { registerList, restoringOffset } = useScrollMemory(ready, content);
  return (
    <section className="feed-page" aria-labelledby={titleId}>
      <header className="feed-page__header">
        <h1 id={titleId} className="feed-page__title">
          {title}
        </h1>
        {intro && <p className="feed-page__intro">{intro}</p>}
      </header>
      <ListPositionsSlot value={registerList}>
        <RestoringOffset value={restoringOffset}>{children}</RestoringOffset>
      </ListPositionsSlot>
    </section>
  );
}

/** A feed that could not load: what went wrong, and Retry (it asks for the posts again). */
/** The list when the feed is ready, else the loader or the error with Retry. */
export function FeedContent({ feed, children }: { feed: Pick<PostFeed, 'state' | 'error' | 'retry'>; children: ReactNode }) {
  if (feed.state === 'ready') return children;
  return feed.state === 'failed' ? <RetryAlert message={feed.error || 'The posts could not be loaded.'} onRetry={feed.retry} /> : <PostsLoader />;
}

/** Shown while no posts are loaded (spec 2). */
export function PostsLoader({ label = 'Loading posts' }: { label?: string }) {
  return <Spinner label={label} />;
}
