import type { CompactPost } from '@chirp/contracts';
import type { PostSource } from '@chirp/queries';
import { useSession } from '@chirp/session';
import { useEffect, useMemo } from 'react';
import { watchAccounts } from '../../lib/watch-accounts';

/**
 * The home timeline as it last showed, kept on this device for each person and list: when its first
 * page cannot be loaded (offline against the API server, whose answers the service worker does not
 * keep, or the server down), Home shows it, saying from when. Only the first page is kept (bounded),
 * and signing out removes the person's copies: the next person at this browser must not read them.
 */
const PREFIX = 'chirp:kept-timeline:';
/** As many posts as a first page holds: what the screen shows before any scroll. */
export const KEPT_POSTS = 20;
/** How long after the list last changed it is written down (a run of likes is one write). */
const WRITE_DELAY_MS = 1000;

export interface KeptTimeline {
  /** When it was written down (ISO 8601). */
  savedAt: string;
  posts: CompactPost[];
}

const listName = (source: PostSource) => (source.kind === 'following' || source.kind === 'feed' ? `${source.kind}:${source.sort}` : null);
const keyOf = (username: string, list: string) => `${PREFIX}${username}:${list}`;

export function keepTimeline(username: string, source: PostSource, posts: readonly CompactPost[], now = new Date()): void {
  const list = listName(source);
  if (!list) return;
  const kept: KeptTimeline = { savedAt: now.toISOString(), posts: posts.slice(0, KEPT_POSTS) };
  try {
    localStorage.setItem(keyOf(username, list), JSON.stringify(kept));
  } catch {
    // storage full or unavailable: the next visit simply has no copy
  }
}

const isKept = (value: unknown): value is KeptTimeline =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as KeptTimeline).savedAt === 'string' &&
  !Number.isNaN(Date.parse((value as KeptTimeline).savedAt)) &&
  Array.isArray((value as KeptTimeline).posts) &&
  (value as KeptTimeline).posts.every((post) => typeof post === 'object' && post !== null && typeof post._id === 'string');

export function keptTimeline(username: string, source: PostSource): KeptTimeline | null {
  const list = listName(source);
  if (!list) return null;
  try {
    const value: unknown = JSON.parse(localStorage.getItem(keyOf(username, list)) ?? 'null');
    return isKept(value) ? value : null;
  } catch {
    return null;
  }
}

export function forgetTimelines(username: string): void {
  try {
    const prefix = `${PREFIX}${username}:`;
    const keys = Array.from({ length: localStorage.length }, (_, index) => localStorage.key(index));
    for (const key of keys) if (key?.startsWith(prefix)) localStorage.removeItem(key);
  } catch {
    // storage unavailable: nothing was kept
  }
}

watchAccounts({ signedOut: forgetTimelines });

/**
 * Keeps the list while it shows (`ready`), and answers the copy to show instead when its first page
 * could not be loaded (`failed`); null otherwise.
 */
export function useKeptTimeline(source: PostSource, state: 'loading' | 'ready' | 'failed', posts: readonly CompactPost[]): KeptTimeline | null {
  const username = useSession((session) => session.username);
  useEffect(() => {
    if (!username || state !== 'ready') return;
    const timer = setTimeout(() => keepTimeline(username, source, posts), WRITE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [username, source, state, posts]);
  return useMemo(() => (username && state === 'failed' ? keptTimeline(username, source) : null), [username, source, state]);
}
