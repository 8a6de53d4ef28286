/**
 * Other people's like counts on one stream: at most one per post every LIVE.likesEveryMs. A count
 * that comes sooner waits for the rest of that time, and a newer one takes its place: a post liked
 * a hundred times a second costs each stream that shows it one event a second, with the latest count.
 */
import { LIVE } from '@chirp/contracts';
import type { StoredEvent } from './hub';

interface PostPace {
  sentAt: number;
  waiting?: StoredEvent;
  timer?: NodeJS.Timeout;
}

/** Beyond this many posts remembered, those with nothing waiting are forgotten (their time has passed or will soon). */
const REMEMBERED_POSTS = 2 * LIVE.maxShownPosts;

export interface LikePacer {
  /** `stored` is a `likes` event. */
  pace(stored: StoredEvent): void;
  stop(): void;
}

export function likePacer(send: (stored: StoredEvent) => void, everyMs: number = LIVE.likesEveryMs): LikePacer {
  const posts = new Map<string, PostPace>();
  const sendWaiting = (pace: PostPace) => {
    const waiting = pace.waiting!;
    pace.waiting = undefined;
    pace.timer = undefined;
    pace.sentAt = Date.now();
    send(waiting);
  };
  return {
    pace(stored) {
      if (stored.event.type !== 'likes') return send(stored);
      const { postId } = stored.event;
      const now = Date.now();
      const pace = posts.get(postId);
      if (pace?.timer) {
        pace.waiting = stored;
      } else if (pace && now - pace.sentAt < everyMs) {
        pace.waiting = stored;
        pace.timer = setTimeout(() => sendWaiting(pace), pace.sentAt + everyMs - now);
      } else {
        if (posts.size >= REMEMBERED_POSTS) for (const [id, old] of posts) if (!old.timer) posts.delete(id);
        posts.set(postId, { sentAt: now });
        send(stored);
      }
    },
    stop() {
      posts.forEach((pace) => clearTimeout(pace.timer));
      posts.clear();
    },
  };
}
