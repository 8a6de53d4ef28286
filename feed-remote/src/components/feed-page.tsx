import { useSession } from '@chirp/shared';
import { type ReactNode, useId } from 'react';
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

/** The three states of a feed: what to show while posts load, once they did, or when they could not. */
export type FeedState = 'loading' | 'ready' | 'failed';

/**
 * A feed's state from the store: posts on hand are shown whatever a reload does; otherwise the last
 * load says (an empty list that loaded is ready: the page shows its empty text, never a loader).
 */
export function useFeedState(extraReady = true): FeedState {
  const hasPosts = useSession((state) => state.allPosts.length > 0);
  const status = useSession((state) => state.postsStatus);
  if (status === 'failed' && !hasPosts) return 'failed';
  return extraReady && (hasPosts || status === 'loaded') ? 'ready' : 'loading';
}

/** A feed that could not load: what went wrong, and Retry (it loads the posts again). */
export function FeedError() {
  const message = useSession((state) => state.postsError) ?? 'The posts could not be loaded.';
  const retry = () => {
    const { loadPosts, loadUsers } = useSession.getState();
    Promise.all([loadPosts(), loadUsers()]).catch(() => {
      // The feed shows the new failure itself.
    });
  };
  return (
    <div className="feed-error" role="alert">
      <p>{message}</p>
      <button type="button" className="button button--primary" onClick={retry}>
        Retry
      </button>
    </div>
  );
}

/** The list when the feed is ready, else the loader or the error with Retry. */
export function FeedContent({ state, children }: { state: FeedState; children: ReactNode }) {
  if (state === 'ready') return children;
  return state === 'failed' ? <FeedError /> : <PostsLoader />;
}

/** Shown while no posts are loaded (spec 2); `.spinner` is the shell's global loader. */
export function PostsLoader() {
  return (
    <div className="spinner" role="status">
      <span className="visually-hidden">Loading posts</span>
    </div>
  );
}
