import type { CompactPost } from '@chirp/contracts';
import { PostCard } from './post-card';
import { ReplyBranch } from './reply-branch';

/**
 * What the two forms of the post list share: the plain list a feed starts as, and the windowed list
 * (windowed-post-list.tsx, loaded on demand) it becomes once it is long.
 */

/**
 * The next page is asked for once the viewport's last card is within this many cards of the list's
 * end (the windowed list: its last rendered card, OVERSCAN beyond the viewport, within
 * NEXT_PAGE_AHEAD of the end), so the page arrives before the end is reached.
 */
export const NEXT_PAGE_AHEAD = 10;
/**
 * Cards the windowed list renders beyond each edge of the viewport: a fast scroll rarely shows a
 * blank, and a list not much longer than a screen is in the DOM whole, so find-in-page sees it.
 */
export const OVERSCAN = 20;
/** The space between cards, in both forms (the plain list's CSS gap is the same 12 px). */
export const GAP = 12;
/** A card without image is about this tall; measured heights replace the guess as cards render. */
export const ESTIMATED_HEIGHT = 190;

/**
 * Measured card heights by list width, then post, kept across remounts and from one form of the list
 * to the other: a feed that comes back, or turns windowed, has its true height at once, so a
 * remembered position lands exactly and the switch moves nothing on screen.
 */
const measuredHeights = new Map<number, Map<string, number>>();
/** The list's width when cards were last measured (a remounted list has no width on its first render). */
let measuredWidth = 0;

export function rememberHeight(width: number, postId: string, height: number) {
  if (width > 0) measuredWidth = width;
  if (height <= 0) return;
  let heights = measuredHeights.get(measuredWidth);
  if (!heights) measuredHeights.set(measuredWidth, (heights = new Map()));
  heights.set(postId, height);
}

/** The latest measured height of each post (at the width cards were last measured at). */
export function knownHeight(postId: string): number | undefined {
  return measuredHeights.get(measuredWidth)?.get(postId);
}

/** The element a list item wraps its card in carries its post's id. */
export const ITEM_POST_ID = 'data-post-id';

/** The list's items: the elements that wrap its cards, each with its post's id. */
export const itemsOf = (list: HTMLElement | null) => [...(list?.children ?? [])] as HTMLElement[];

/** The item of `postId` among the list's, when it is rendered. */
export const itemOf = (list: HTMLElement | null, postId: string) => itemsOf(list).find((item) => item.getAttribute(ITEM_POST_ID) === postId);

/** An element's distance from the top of the document (both lists scroll with the window). */
export const documentTop = (element: Element) => element.getBoundingClientRect().top + window.scrollY;

/**
 * Focus inside the plain list when it turns windowed: the card's post and the focused element's
 * place among the card's elements (both forms render the same card, so the place is the same).
 */
let focusHandOff: { postId: string; place: number } | undefined;

export function handFocusOver(list: HTMLElement | null) {
  const active = document.activeElement;
  const item = active?.closest<HTMLElement>(`[${ITEM_POST_ID}]`);
  if (!active || !item || !list?.contains(item)) return;
  focusHandOff = { postId: item.getAttribute(ITEM_POST_ID)!, place: [...item.querySelectorAll('*')].indexOf(active) };
}

/**
 * Puts the handed-over focus back once the card is in `list`. A windowed list renders its cards a
 * commit after it mounts, so it asks at each commit; the `last` ask gives up on a card not there.
 */
export function takeFocus(list: HTMLElement | null, last = false) {
  if (!focusHandOff || !list) return;
  const { postId, place } = focusHandOff;
  const item = itemOf(list, postId);
  if (item || last) focusHandOff = undefined;
  item?.querySelectorAll<HTMLElement>('*')[place]?.focus({ preventScroll: true });
}

export interface ListItemProps {
  post: CompactPost;
  index: number;
  /** The list's length, or -1 while more pages may come. */
  total: number;
  branches: boolean;
}

/** One post of the list: its card, and under a conversation's reply its own replies, as a tree. */
export function ListItemCard({ post, index, total, branches }: ListItemProps) {
  return (
    <PostCard post={post} position={index + 1} total={total}>
      {branches && <ReplyBranch post={post} level={1} />}
    </PostCard>
  );
}
