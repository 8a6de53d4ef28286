import type { CompactPost } from '@chirp/contracts';
import type { PostListProps } from '@chirp/seams';
import { measureElement, useWindowVirtualizer, type Virtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { FeedContent, PostsLoader } from '../feed-page';
import { type PostFeed, usePostFeed } from '../use-post-feed';
import { useListPositionsSlot, useRestoringOffset } from '../use-scroll-memory';
import { PostCard } from './post-card';
import { ReplyBranch } from './reply-branch';
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

/**
 * The next page is asked for once the last rendered card (the overscan renders 20 beyond the
 * viewport) is within this many of the end: about 30 cards ahead of the viewport, so it arrives
 * before it is reached.
 */
const NEXT_PAGE_AHEAD = 10;

/** A card without image is about this tall; measured heights replace the guess as cards render. */
const ESTIMATED_HEIGHT = 190;
const GAP = 12;
/**
 * Cards rendered beyond each edge of the viewport: a fast scroll rarely shows a blank, and a short
 * feed (the demo data: 16 posts) is in the DOM whole, so find-in-page sees every post.
 */
const OVERSCAN = 20;

/**
 * Measured card heights by list width, then post, kept across remounts: when a person comes back to
 * a feed, the list has its true height at once and the remembered position lands exactly.
 */
const measuredHeights = new Map<number, Map<string, number>>();
/** The list's width when cards were last measured (a remounted list has no width on its first render). */
let measuredWidth = 0;

function heightsAt(width: number): Map<string, number> {
  let heights = measuredHeights.get(width);
  if (!heights) measuredHeights.set(width, (heights = new Map()));
  return heights;
}

/** The list's distance from the top of the document, which the window virtualizer needs. */
function useDocumentTop(ref: React.RefObject<HTMLElement | null>) {
  const [top, setTop] = useState(0);
  useLayoutEffect(() => {
    const measure = () => {
      const element = ref.current;
      if (element) setTop(Math.round(element.getBoundingClientRect().top + window.scrollY));
    };
    measure();
    // Content above the list (the composer, its image preview) changes the list's position.
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, [ref]);
  return top;
}

/** Lets the feed page remember and restore its position by post rather than by pixel. */
function useListPositions(
  virtualizer: Virtualizer<Window, Element>,
  posts: CompactPost[],
  listRef: React.RefObject<HTMLDivElement | null>,
) {
  const register = useListPositionsSlot();
  useLayoutEffect(() => {
    if (!register) return;
    register({
      anchorAt: (y) => {
        const item = virtualizer.getVirtualItems().find((candidate) => candidate.end > y);
        return item && { postId: String(item.key), delta: y - item.start };
      },
      offsetOf: ({ postId, delta }) => {
        const index = posts.findIndex((post) => post._id === postId);
        const item = virtualizer.measurementsCache[index];
        const list = listRef.current;
        if (!item || !list) return undefined;
        // The list's own top, measured now: the virtualizer's scrollMargin may not be known yet.
        const listTop = list.getBoundingClientRect().top + window.scrollY;
        return listTop + item.start - virtualizer.options.scrollMargin + delta;
      },
    });
    return () => register(null);
  }, [register, virtualizer, posts, listRef]);
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
 * The post list of every feed. It is windowed: only the cards near the viewport are in the DOM, so a
 * feed of 10,000 posts keeps no more cards in the DOM than one of 50. The list scrolls with the
 * window, as the shell's layout scrolls the document; nearing its end asks for the next page.
 */
export function PostListView({ posts, emptyText, label, more, branches = false }: PostListViewProps) {
  if (posts.length === 0 && !more?.available) return <p className="post-list__empty">{emptyText}</p>;
  return (
    <>
      <WindowedPostList posts={posts} label={label} more={more} branches={branches} />
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

function WindowedPostList({ posts, label, more, branches }: Required<Pick<PostListViewProps, 'posts' | 'label' | 'branches'>> & Pick<PostListViewProps, 'more'>) {
  const listRef = useRef<HTMLDivElement>(null);
  const scrollMargin = useDocumentTop(listRef);
  // A feed coming back renders the posts at its remembered offset from the first frame.
  const restoringOffset = useRestoringOffset();

  const getItemKey = useCallback((index: number) => posts[index]?._id ?? index, [posts]);
  // Asked for every post each time a card is measured: answered from an array made once per list.
  const estimates = useMemo(() => {
    const heights = measuredHeights.get(measuredWidth);
    return posts.map((post) => heights?.get(post._id) ?? ESTIMATED_HEIGHT);
  }, [posts]);
  const estimateSize = useCallback((index: number) => estimates[index] ?? ESTIMATED_HEIGHT, [estimates]);
  const measure = useCallback(
    (element: Element, entry: ResizeObserverEntry | undefined, instance: Virtualizer<Window, Element>) => {
      const height = measureElement(element, entry, instance);
      const post = posts[instance.indexFromElement(element)];
      measuredWidth = listRef.current?.clientWidth ?? measuredWidth;
      if (post && height > 0) heightsAt(measuredWidth).set(post._id, height);
      return height;
    },
    [posts],
  );

  const virtualizer = useWindowVirtualizer({
    count: posts.length,
    estimateSize,
    getItemKey,
    measureElement: measure,
    overscan: OVERSCAN,
    gap: GAP,
    scrollMargin,
    initialOffset: () => restoringOffset ?? window.scrollY,
  });

  useListPositions(virtualizer, posts, listRef);

  // The next page is asked for while the last cards are still below the viewport (never after a
  // failure: Retry below the list asks again).
  const items = virtualizer.getVirtualItems();
  const lastShown = items[items.length - 1]?.index ?? -1;
  const wantMore = Boolean(more?.available && !more.loading && !more.error) && lastShown >= posts.length - NEXT_PAGE_AHEAD;
  const load = more?.load;
  useEffect(() => {
    if (wantMore) load?.();
  }, [wantMore, load, posts.length]);

  return (
    <div
      ref={listRef}
      role="feed"
      aria-label={label}
      className="post-list"
      style={{ height: virtualizer.getTotalSize() }}
    >
      {virtualizer.getVirtualItems().map((item) => {
        const post = posts[item.index]!;
        return (
          <div
            key={item.key}
            ref={virtualizer.measureElement}
            data-index={item.index}
            className="post-list__item"
            style={{ transform: `translateY(${item.start - scrollMargin}px)` }}
          >
            <PostCard post={post} position={item.index + 1} total={more?.available ? -1 : posts.length}>
              {branches && <ReplyBranch post={post} level={1} />}
            </PostCard>
          </div>
        );
      })}
    </div>
  );
}

export default PostList;
