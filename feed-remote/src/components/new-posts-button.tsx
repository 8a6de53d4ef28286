import type { CompactPost } from '@chirp/contracts';
import { errorMessage, toast } from '@chirp/session';
import { showNewPosts } from '../lib/new-posts';
import { type PostSource } from '@chirp/queries';
import { useEffect, useMemo, useRef, useState } from 'react';
import './new-posts-button.css';
import { useFeedStore } from '../lib/feed-store';
import { useFollowedAuthors } from '../lib/followed-authors';

/** The button's name (it matches "new post", as tests and screen readers find it). */
export const newPostsLabel = (count: number) => `${count} new post${count === 1 ? '' : 's'}`;

/** Focuses the post's card once the list has rendered it (a few frames at most), unless the feed has gone. */
async function focusWhenShown(postId: string, gone: AbortSignal) {
  for (let tries = 0; tries < 50 && !gone.aborted; tries += 1) {
    const card = document.querySelector(`main a[href$="/post/${CSS.escape(postId)}"]`)?.closest<HTMLElement>('article[tabindex]');
    if (card) {
      card.focus({ preventScroll: true });
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * Posts by others that arrived live wait behind this button at the top of a feed: the
 * list never moves under the reader. Pressing it loads them, scrolls to the top and puts the focus on
 * the newest post. It floats over the list, so its coming and going moves nothing either.
 */
export function NewPostsButton({ source, shown }: { source: PostSource; shown: readonly CompactPost[] }) {
  const announced = useFeedStore((state) => state.newPostIds);
  const authors = useFeedStore((state) => state.newPostAuthors);
  // The Following list counts only the posts of the people followed (and one's own from elsewhere).
  const followedOnly = source.kind === 'following';
  const announcedAuthors = useMemo(() => Object.values(authors), [authors]);
  const followed = useFollowedAuthors(announcedAuthors, followedOnly);
  const waiting = useMemo(
    () => (followedOnly ? announced.filter((id) => authors[id] !== undefined && followed.has(authors[id])) : announced),
    [announced, authors, followed, followedOnly],
  );
  const [loading, setLoading] = useState(false);
  const mounted = useRef<AbortController | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    mounted.current = controller;
    return () => controller.abort();
  }, []);
  const count = useMemo(() => {
    const loaded = new Set(shown.map((post) => post._id));
    return waiting.filter((id) => !loaded.has(id)).length;
  }, [waiting, shown]);

  const show = async () => {
    setLoading(true);
    try {
      const newest = await showNewPosts(source);
      // At once: a smooth scroll would move the list's window of rendered posts under the focus.
      window.scrollTo({ top: 0 });
      if (newest && mounted.current) void focusWhenShown(newest, mounted.current.signal);
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setLoading(false);
    }
  };

  return (
    <div className="new-posts" aria-live="polite">
      {count > 0 && (
        <button type="button" className="new-posts__button" onClick={() => void show()} disabled={loading}>
          <span aria-hidden="true">↑ </span>
          {newPostsLabel(count)}
        </button>
      )}
    </div>
  );
}
