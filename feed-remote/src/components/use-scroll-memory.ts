import { createContext, useCallback, useContext, useLayoutEffect, useMemo, useRef } from 'react';
import { useLocation } from 'react-router-dom';

/** A post at the top of the viewport, and how far the viewport's top is below the post's top. */
export interface ScrollAnchor {
  postId: string;
  delta: number;
}

/** What a windowed list tells its feed page about where posts are. */
export interface ListPositions {
  /** The post at document offset `y` (the viewport's top). */
  anchorAt: (y: number) => ScrollAnchor | undefined;
  /** The document offset that puts the viewport's top where `anchor` says, if the post is listed. */
  offsetOf: (anchor: ScrollAnchor) => number | undefined;
}

interface Remembered {
  y: number;
  anchor?: ScrollAnchor;
}

const STORAGE_PREFIX = 'chirp.feed-scroll:';
const MAX_RESTORE_ATTEMPTS = 3;
/** Positions by feed path; sessionStorage keeps them across a reload of the tab. */
const positions = new Map<string, Remembered>();

function remembered(path: string): Remembered | undefined {
  const known = positions.get(path);
  if (known) return known;
  try {
    const stored = JSON.parse(sessionStorage.getItem(STORAGE_PREFIX + path) ?? 'null') as Remembered | null;
    return stored && Number.isFinite(stored.y) ? stored : undefined;
  } catch {
    return undefined; // storage unavailable or unreadable: the feed starts at the top
  }
}

function persist(path: string) {
  const position = positions.get(path);
  if (!position) return;
  try {
    sessionStorage.setItem(STORAGE_PREFIX + path, JSON.stringify(position));
  } catch {
    // storage unavailable or full: the in-memory position still serves this visit
  }
}

type RegisterList = (positions: ListPositions | null) => void;
/** The feed page's windowed list registers here; null outside a feed page (e.g. the profile tabs). */
export const ListPositionsSlot = createContext<RegisterList | null>(null);
/** The offset a feed page is about to restore, for its windowed list's first render. */
export const RestoringOffset = createContext<number | undefined>(undefined);
export const useListPositionsSlot = () => useContext(ListPositionsSlot);
export const useRestoringOffset = () => useContext(RestoringOffset);

/**
 * Brings a feed back to where the person left it. The position is remembered per path as the
 * window's offset and the post at the top of the viewport; once the feed's posts are rendered
 * (`ready`; `content` changes as they arrive) the same post is put back at the same place (the raw offset serves when the post is
 * gone), even if posts above it changed height or were added meanwhile. A feed seen for the first
 * time starts at the top.
 *
 * Layout effects on purpose: the restore must happen before paint, and the listener must be gone
 * before the next page's shorter document clamps the offset and fires a scroll event.
 */
export function useScrollMemory(ready: boolean, content: unknown) {
  const { pathname } = useLocation();
  const restored = useRef(false);
  const attempts = useRef(0);
  const list = useRef<ListPositions | null>(null);
  const registerList = useCallback<RegisterList>((positions) => {
    list.current = positions;
  }, []);
  const saved = useMemo(() => remembered(pathname), [pathname]);

  // The browser's own restoration would put back the old pixel offset after ours, on Back. The mode
  // belongs to the history entry: manual for a feed's entry, the default again for the next page's.
  useLayoutEffect(() => {
    const previous = history.scrollRestoration;
    history.scrollRestoration = 'manual';
    return () => {
      history.scrollRestoration = previous;
    };
  }, []);

  useLayoutEffect(() => {
    if (!ready || restored.current) return;
    const anchored = saved?.anchor && list.current?.offsetOf(saved.anchor);
    const target = anchored ?? saved?.y ?? 0;
    window.scrollTo(0, target);
    attempts.current += 1;
    // A list still arriving (only its first page so far) may be too short to get there: try again
    // when the content changes, a few times at most.
    const reached = anchored !== undefined || Math.abs(window.scrollY - target) <= 1;
    if (reached || attempts.current >= MAX_RESTORE_ATTEMPTS) restored.current = true;
  }, [ready, saved, content]);

  useLayoutEffect(() => {
    if (!ready) return;
    const remember = () => {
      const y = window.scrollY;
      positions.set(pathname, { y, anchor: list.current?.anchorAt(y) });
    };
    const onPageHide = () => persist(pathname);
    window.addEventListener('scroll', remember, { passive: true });
    window.addEventListener('pagehide', onPageHide);
    return () => {
      window.removeEventListener('scroll', remember);
      window.removeEventListener('pagehide', onPageHide);
      // A scroll made in the last frame before leaving has fired no event yet: keep its offset. (The
      // list has already gone, so no anchor; the page's old content is still there, so no clamping.)
      const y = window.scrollY;
      if (Math.abs((positions.get(pathname)?.y ?? 0) - y) > 1) positions.set(pathname, { y });
      persist(pathname);
    };
  }, [ready, pathname]);

  return { registerList, restoringOffset: saved?.y ?? 0 };
}
