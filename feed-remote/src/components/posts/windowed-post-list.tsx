import type { CompactPost } from '@chirp/contracts';
import { measureElement, useWindowVirtualizer, type Virtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useListPositionsSlot, useRestoringOffset } from '../use-scroll-memory';
import {
  documentTop,
  ESTIMATED_HEIGHT,
  GAP,
  ITEM_POST_ID,
  knownHeight,
  ListItemCard,
  NEXT_PAGE_AHEAD,
  OVERSCAN,
  rememberHeight,
  takeFocus,
} from './list-layout';
import type { ListFormProps } from './post-list';

/** The list's distance from the top of the document, which the window virtualizer needs. */
function useDocumentTop(ref: React.RefObject<HTMLElement | null>) {
  const [top, setTop] = useState(0);
  useLayoutEffect(() => {
    const measure = () => {
      const element = ref.current;
      if (element) setTop(Math.round(documentTop(element)));
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
        return documentTop(list) + item.start - virtualizer.options.scrollMargin + delta;
      },
    });
    return () => register(null);
  }, [register, virtualizer, posts, listRef]);
}

/**
 * The list once it is long: windowed, so only the cards near the viewport are in the DOM and a feed
 * of 10,000 posts keeps no more cards in the DOM than one of 50. The list scrolls with the window, as
 * the shell's layout scrolls the document; nearing its end asks for the next page.
 */
export function WindowedPostList({ posts, label, more, branches, wasPlain }: ListFormProps) {
  const listRef = useRef<HTMLDivElement>(null);
  const scrollMargin = useDocumentTop(listRef);
  // A feed coming back renders the posts at its remembered offset from the first frame; a plain list
  // turning windowed stays where the person is.
  const restoringOffset = useRestoringOffset();

  const getItemKey = useCallback((index: number) => posts[index]?._id ?? index, [posts]);
  // Asked for every post each time a card is measured: answered from an array made once per list.
  const estimates = useMemo(() => posts.map((post) => knownHeight(post._id) ?? ESTIMATED_HEIGHT), [posts]);
  const estimateSize = useCallback((index: number) => estimates[index] ?? ESTIMATED_HEIGHT, [estimates]);
  const measure = useCallback(
    (element: Element, entry: ResizeObserverEntry | undefined, instance: Virtualizer<Window, Element>) => {
      const height = measureElement(element, entry, instance);
      const post = posts[instance.indexFromElement(element)];
      if (post) rememberHeight(listRef.current?.clientWidth ?? 0, post._id, height);
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
    initialOffset: () => (wasPlain ? window.scrollY : (restoringOffset ?? window.scrollY)),
  });

  useListPositions(virtualizer, posts, listRef);

  // Focus that was in the plain list goes back to the same control of the same card.
  useLayoutEffect(() => takeFocus(listRef.current));
  useEffect(() => {
    const frame = requestAnimationFrame(() => takeFocus(listRef.current, true));
    return () => cancelAnimationFrame(frame);
  }, []);

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
    <div ref={listRef} role="feed" aria-label={label} className="post-list" style={{ height: virtualizer.getTotalSize() }}>
      {items.map((item) => (
        <div
          key={item.key}
          ref={virtualizer.measureElement}
          data-index={item.index}
          {...{ [ITEM_POST_ID]: posts[item.index]!._id }}
          className="post-list__item"
          style={{ transform: `translateY(${item.start - scrollMargin}px)` }}
        >
          <ListItemCard post={posts[item.index]!} index={item.index} total={more?.available ? -1 : posts.length} branches={branches} />
        </div>
      ))}
    </div>
  );
}

export default WindowedPostList;
