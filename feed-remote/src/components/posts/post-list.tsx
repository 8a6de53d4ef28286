import type { CompactPost } from '@chirp/contracts';
import type { PostListProps } from '@chirp/seams';
import { type ComponentType, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { FeedContent, PostsLoader } from '../feed-page';
import { type PostFeed, usePostFeed } from '../use-post-feed';
import { useListPositionsSlot } from '../use-scroll-memory';
import { documentTop, handFocusOver, ITEM_POST_ID, itemOf, itemsOf, ListItemCard, NEXT_PAGE_AHEAD, OVERSCAN, rememberHeight } from './list-layout';
import '@chirp/ui/styles.css';
import './post-list.css';

export interface PostListViewProps {
  posts: CompactPost[];
  emptyText: string;
  label: string;
  /** The list's next page, asked for as the person nears the end. */
  more?: PostFeed['more'];
  /** A conversation's replies: each shows its own replies under it, as a tree. */
  branches?: boolean;
}

/** What each form of the list is given. */
export interface ListFormProps {
  posts: CompactPost[];
  label: string;
  more?: PostFeed['more'];
  branches: boolean;
  /** The windowed list replaces a plain one the person may be scrolled into. */
  wasPlain?: boolean;
}

/**
 * Up to this many posts the list is plain: every card in the DOM (two pages of 20). Longer lists are
 * windowed, by code (the virtualizer, 10 KiB gzip) that a first screen does not need and loads only
 * when a list comes near this length.
 */
export const PLAIN_LIST_MAX = 40;

let WindowedList: ComponentType<ListFormProps> | undefined;
let windowedListLoading: Promise<void> | undefined;

/** Fetches the windowed list's code, once. */
function loadWindowedList(): Promise<void> {
  windowedListLoading ??= import('./windowed-post-list').then(
    (module) => {
      WindowedList = module.WindowedPostList;
    },
    () => {
      // Not fetched (offline, a redeploy): the plain list goes on serving, and a later need asks again.
      windowedListLoading = undefined;
    },
  );
  return windowedListLoading;
}

/** Whether the windowed list's code is here, fetched when `wanted` or `soon`. */
function useWindowedList(wanted: boolean, soon: boolean) {
  const [ready, setReady] = useState(() => Boolean(WindowedList));
  useEffect(() => {
    if (ready || !(wanted || soon)) return;
    let current = true;
    void loadWindowedList().then(() => {
      if (current && WindowedList) setReady(true);
    });
    return () => {
      current = false;
    };
  }, [ready, wanted, soon]);
  return ready;
}

/** The windowed list, rendered only once its code is here. */
function LoadedWindowedList(props: ListFormProps) {
  const Windowed = WindowedList!;
  return <Windowed {...props} />;
}

/** A source's posts, paged: a loader, the error with Retry, or the list (exposed as feed/PostList). */
/** The exposed list (feed/PostList): the profile's tabs name a source, the list pages through it. */
export function PostList({ source, emptyText, label }: PostListProps) {
  const feed = usePostFeed(source);
  return (
    <FeedContent feed={feed}>
      <PostListView posts={feed.posts} emptyText={emptyText} label={label} more={feed.more} branches={source.kind === 'replies'} />
    </FeedContent>
  );
}

/**
 * The post list of every feed. A short list is plain; a long one (over PLAIN_LIST_MAX posts) is
 * windowed. A list growing past the limit switches in place: same position, same focus.
 */
export function PostListView({ posts, emptyText, label, more, branches = false }: PostListViewProps) {
  const long = posts.length > PLAIN_LIST_MAX;
  // Once windowed, a list stays so (a list made shorter by deletions would otherwise rebuild its DOM).
  const [windowedOnce, setWindowedOnce] = useState(false);
  const [startedWindowed] = useState(() => Boolean(WindowedList) && long);
  const wantWindowed = long || windowedOnce;
  const soon = Boolean(more?.available) && posts.length > PLAIN_LIST_MAX / 2;
  const showWindowed = useWindowedList(wantWindowed, soon) && wantWindowed;
  if (showWindowed && !windowedOnce) setWindowedOnce(true);

  if (posts.length === 0 && !more?.available) return <p className="post-list__empty">{emptyText}</p>;
  return (
    <>
      {showWindowed ? (
        <LoadedWindowedList posts={posts} label={label} more={more} branches={branches} wasPlain={!startedWindowed} />
      ) : (
        // A long list whose windowed code is still on its way (it is fetched well before a list gets
        // long, so only a list given many posts at once waits) shows its first cards, and leaves
        // asking for more to the windowed list.
        <PlainPostList posts={long ? posts.slice(0, PLAIN_LIST_MAX * 2) : posts} label={label} more={more} branches={branches} asks={!long} />
      )}
      {more && <NextPage more={more} />}
    </>
  );
}

/** Below the list: a loader while the next page comes, or why it did not and Retry. */
function NextPage({ more }: { more: PostFeed['more'] }) {
  if (more.error) {
    return (
      <div className="feed-error" role="alert">
        <p>{more.error}</p>
        <button type="button" className="button button--primary" onClick={more.load}>
          Retry
        </button>
      </div>
    );
  }
  return more.loading ? <PostsLoader label="Loading more posts" /> : null;
}


/** Tells the feed page where posts are, read from the cards themselves. */
function usePlainListPositions(listRef: React.RefObject<HTMLDivElement | null>) {
  const register = useListPositionsSlot();
  useLayoutEffect(() => {
    if (!register) return;
    register({
      anchorAt: (y) => {
        const item = itemsOf(listRef.current).find((candidate) => candidate.getBoundingClientRect().bottom + window.scrollY > y);
        return item && { postId: item.getAttribute(ITEM_POST_ID)!, delta: y - documentTop(item) };
      },
      offsetOf: ({ postId, delta }) => {
        const item = itemOf(listRef.current, postId);
        return item && documentTop(item) + delta;
      },
    });
    return () => register(null);
  }, [register, listRef]);
}

/**
 * Asks for the next page once the viewport's bottom is within NEXT_PAGE_AHEAD + OVERSCAN cards of the
 * list's end (the point at which the windowed list asks), as the list renders and as the person
 * scrolls. The cards are measured when it decides: a state set by an earlier layout would be one
 * render late, and a page just added would at once ask for the next.
 */
function useNextPageNearEnd(listRef: React.RefObject<HTMLDivElement | null>, count: number, more: PostFeed['more'] | undefined) {
  const ready = Boolean(more?.available && !more.loading && !more.error);
  const load = more?.load;
  useEffect(() => {
    if (!ready || !load) return;
    let asked = false;
    const check = () => {
      const marker = itemsOf(listRef.current)[Math.max(0, count - NEXT_PAGE_AHEAD - OVERSCAN)];
      if (asked || (marker && marker.getBoundingClientRect().top >= window.innerHeight)) return;
      asked = true;
      load();
    };
    check();
    window.addEventListener('scroll', check, { passive: true });
    window.addEventListener('resize', check);
    return () => {
      window.removeEventListener('scroll', check);
      window.removeEventListener('resize', check);
    };
  }, [listRef, count, ready, load]);
}

/** A short list: every card in the DOM, in the page's flow. */
function PlainPostList({ posts, label, more, branches, asks }: ListFormProps & { asks: boolean }) {
  const listRef = useRef<HTMLDivElement>(null);
  usePlainListPositions(listRef);

  // Each card's height, for the windowed list this one may become: it then lays the cards out where
  // they are now.
  useLayoutEffect(() => {
    const list = listRef.current;
    if (!list) return;
    const observer = new ResizeObserver((entries) => {
      for (const entry of entries) {
        const item = entry.target as HTMLElement;
        rememberHeight(list.clientWidth, item.getAttribute(ITEM_POST_ID)!, Math.round(item.getBoundingClientRect().height));
      }
    });
    for (const item of itemsOf(list)) observer.observe(item);
    return () => observer.disconnect();
  }, [posts]);
  // When the list turns windowed, focus in a card goes with it (the DOM is still here now).
  useLayoutEffect(() => () => handFocusOver(listRef.current), []);

  useNextPageNearEnd(listRef, posts.length, asks ? more : undefined);

  return (
    <div ref={listRef} role="feed" aria-label={label} className="post-list post-list--plain">
      {posts.map((post, index) => (
        <div key={post._id} {...{ [ITEM_POST_ID]: post._id }} className="post-list__item">
          <ListItemCard post={post} index={index} total={more?.available ? -1 : posts.length} branches={branches} />
        </div>
      ))}
    </div>
  );
}

export default PostList;
