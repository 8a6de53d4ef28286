/**
 * What a change does to the cache: the server answers only what changed (the post, the bookmark,
 * the two people of a follow), and these put it in place in every list that holds it, so no list is
 * downloaded again for one like. Lists whose membership a change affects in ways the cache cannot
 * know (where a new bookmark sits in the bookmarks, say) are marked stale and load again when shown.
 *
 * Each is named for what happened, and only records it: none sends a request. A command that wants
 * what is on screen loaded again at once says so with `reloadShown`.
 */
import type { InfiniteData, Query } from '@tanstack/react-query';
import type { CompactPost, PersonCard, Profile, ThreadResponse, UserSummary } from '@chirp/contracts';
import { type PeopleSource, type PostSource, queryKeys } from './keys';
import type { PostPages } from './post-queries';
import { queryClient } from '@chirp/session';

/**
 * Runs `update` on the items of every page of every cached list under `prefix` (`['posts']` or
 * `['people']`); a list whose pages all come back unchanged is left as it is. A list being fetched
 * (its next page, or a reload) gets the update again when the fetch lands: the fetch started from the
 * pages as they were and would otherwise put back what the change replaced.
 */
function updateLists<Item, Source>(
  prefix: readonly unknown[],
  field: 'posts' | 'users',
  update: (items: Item[], source: Source) => Item[],
): void {
  type Pages = InfiniteData<Record<typeof field, Item[]>, string | undefined>;
  for (const query of queryClient.getQueryCache().findAll({ queryKey: prefix })) {
    const source = query.queryKey[1] as Source;
    const apply = () => {
      const data = queryClient.getQueryData<Pages>(query.queryKey);
      if (!data) return;
      let changed = false;
      const pages = data.pages.map((page) => {
        const items = update(page[field], source);
        if (items === page[field]) return page;
        changed = true;
        return { ...page, [field]: items };
      });
      if (changed) queryClient.setQueryData<Pages>(query.queryKey, { ...data, pages });
    };
    apply();
    if (query.state.fetchStatus === 'fetching') applyAgainWhenFetched(query, apply);
  }
}

/** Runs `apply` once the query's fetch under way has stored its answer (nothing if it fails). */
function applyAgainWhenFetched(query: Query, apply: () => void): void {
  const cache = queryClient.getQueryCache();
  const unsubscribe = cache.subscribe((event) => {
    if (event.query !== query || event.type !== 'updated') return;
    // A manual success is another change's setQueryData: the fetch's own answer is still to come.
    if (event.action.type === 'success' && !event.action.manual) {
      unsubscribe();
      apply();
    } else if (event.action.type === 'error') {
      unsubscribe();
    }
  });
}

const updatePostLists = (update: (posts: CompactPost[], source: PostSource) => CompactPost[]) =>
  updateLists(queryKeys.posts, 'posts', update);
const updatePeopleLists = (update: (users: PersonCard[], source: PeopleSource) => PersonCard[]) =>
  updateLists(queryKeys.people, 'users', update);

const markStale = (queryKey: readonly unknown[]) => void queryClient.invalidateQueries({ queryKey, refetchType: 'none' });

/** Marks the entries under `queryKey` stale and loads again at once those a screen shows (a command: it sends). */
export const reloadShown = (queryKey: readonly unknown[]) => void queryClient.invalidateQueries({ queryKey, refetchType: 'active' });

function replaceWhere<T extends { _id: string }>(list: T[], id: string, change: (item: T) => T): T[] {
  return list.some((item) => item._id === id) ? list.map((item) => (item._id === id ? change(item) : item)) : list;
}

/** Runs `update` on every post of every cached post page (the thread above it, the post itself). */
function updateThreads(update: (post: CompactPost) => CompactPost): void {
  for (const query of queryClient.getQueryCache().findAll({ queryKey: queryKeys.threads })) {
    const thread = queryClient.getQueryData<ThreadResponse>(query.queryKey);
    if (!thread) continue;
    const post = update(thread.post);
    const ancestors = thread.ancestors.map((entry) => ('deleted' in entry ? entry : update(entry)));
    if (post !== thread.post || ancestors.some((entry, index) => entry !== thread.ancestors[index])) {
      queryClient.setQueryData<ThreadResponse>(query.queryKey, { ancestors, post });
    }
  }
}

/** Adds `delta` to the reply count of `postId` wherever it shows. */
function replyCounted(postId: string, delta: number): void {
  const counted = (post: CompactPost) => (post._id === postId ? { ...post, replyCount: Math.max(0, post.replyCount + delta) } : post);
  updatePostLists((posts) => (posts.some((post) => post._id === postId) ? posts.map(counted) : posts));
  updateThreads(counted);
  markStale(queryKeys.peopleList({ kind: 'likers', postId }));
}

/** Every search's list of posts: which of them a new or edited post belongs to, only the server knows. */
const SEARCHES = ['posts', { kind: 'search' }] as const;
/** Both orders of the signed-in person's Following list. */
const FOLLOWING_LISTS = ['posts', { kind: 'following' }] as const;

const isList = (source: PostSource, kind: PostSource['kind'], username?: string) =>
  source.kind === kind && (username === undefined || ('username' in source && source.username === username));

/** The server's answer for one post (a like, a dislike, an edit): in place wherever it is listed. */
export function postStored(post: CompactPost, me: string | null): void {
  updatePostLists((posts, source) => {
    if (isList(source, 'liked', me ?? '') && !post.likedByMe) return posts.filter((entry) => entry._id !== post._id);
    return replaceWhere(posts, post._id, () => post);
  });
  updateThreads((entry) => (entry._id === post._id ? post : entry));
  if (me && post.likedByMe) markStale(queryKeys.postList({ kind: 'liked', username: me }));
  markStale(queryKeys.peopleList({ kind: 'likers', postId: post._id }));
  markStale(SEARCHES);
}

/**
 * The server's answer to a repost or its undoing: the post in place wherever it is listed (a
 * Following list keeps who reposted it there), the reposters stale, and the Following lists too (a
 * repost of one's own puts the post there; only the server knows the order).
 */
export function repostStored(post: CompactPost): void {
  updatePostLists((posts) => replaceWhere(posts, post._id, (entry) => ({ ...post, ...(entry.repostedBy ? { repostedBy: entry.repostedBy } : {}) })));
  updateThreads((entry) => (entry._id === post._id ? post : entry));
  markStale(queryKeys.peopleList({ kind: 'reposters', postId: post._id }));
  markStale(FOLLOWING_LISTS);
}

/**
 * A new post: first in the newest-first lists it belongs to (only their first page changes). The
 * trending list holds it at its end when that list is whole (a new post has no likes; the list shows
 * posts ordered by their counts); a longer one has it on a page not loaded yet.
 */
export function postCreated(post: CompactPost): void {
  if (post.replyTo !== undefined) {
    replyCreated(post, post.replyTo);
    return;
  }
  updatePostLists((posts, source) => {
    // The page's own post: its author is the signed-in person, whose Following list holds it too.
    const newestFirst = ((source.kind === 'feed' || source.kind === 'following') && source.sort === 'latest') || isList(source, 'user', post.username);
    return newestFirst && !posts.some((entry) => entry._id === post._id) ? [post, ...posts] : posts;
  });
  const trending = queryKeys.postList({ kind: 'feed', sort: 'trending' });
  const whole = queryClient.getQueryData<PostPages>(trending);
  const last = whole?.pages[whole.pages.length - 1];
  if (whole && last && last.nextCursor === null) {
    queryClient.setQueryData<PostPages>(trending, { ...whole, pages: [...whole.pages.slice(0, -1), { ...last, posts: [...last.posts, post] }] });
  } else {
    markStale(trending);
  }
  markStale(queryKeys.postList({ kind: 'following', sort: 'trending' }));
  markStale(queryKeys.profile(post.username));
  markStale(SEARCHES);
}

/**
 * A reply: first in the replies to its post and in its author's replies (newest first), and one more
 * in its post's count. The feeds show posts that start a conversation: it is not in them.
 */
function replyCreated(post: CompactPost, parentId: string): void {
  updatePostLists((posts, source) => {
    const holds = (source.kind === 'replies' && source.postId === parentId) || isList(source, 'userReplies', post.username);
    return holds && !posts.some((entry) => entry._id === post._id) ? [post, ...posts] : posts;
  });
  replyCounted(parentId, 1);
  markStale(queryKeys.profile(post.username));
  markStale(SEARCHES);
}

/** How many removed posts the page remembers (a deletion is heard twice within seconds, not hours apart). */
const REMEMBERED_REMOVALS = 1000;

/**
 * Whether the post is taken out for the first time on this page. A deletion made here is applied by
 * its command and heard live too, in either order; the record is kept in the one query cache, which
 * every package's copy of these functions shares.
 */
function firstRemoval(postId: string): boolean {
  const removed = queryClient.getQueryData<readonly string[]>(queryKeys.removedPosts) ?? [];
  if (removed.includes(postId)) return false;
  queryClient.setQueryDefaults(queryKeys.removedPosts, { gcTime: Infinity, staleTime: Infinity });
  queryClient.setQueryData(queryKeys.removedPosts, [...removed.slice(1 - REMEMBERED_REMOVALS), postId]);
  return true;
}

/**
 * A deleted post leaves every list; its author's post count and every post page (a conversation it
 * was part of now shows where it was) are stale: the command that deleted it reloads those shown.
 * Once per post: heard again (live, after the command here did it), it changes nothing. Answers
 * whether it changed the cache (false: it had been removed already).
 */
export function postRemoved(postId: string, author: string, replyTo?: string): boolean {
  if (!firstRemoval(postId)) return false;
  // The quotes of it stay, and show where it was.
  const gone = (entry: CompactPost) => (entry.quoteOf === postId ? { ...entry, quote: { _id: postId, deleted: true as const } } : entry);
  updatePostLists((posts) =>
    posts.some((entry) => entry._id === postId || entry.quoteOf === postId) ? posts.filter((entry) => entry._id !== postId).map(gone) : posts,
  );
  updateThreads(gone);
  if (replyTo !== undefined) replyCounted(replyTo, -1);
  markStale(queryKeys.profile(author));
  markStale(queryKeys.threads);
  return true;
}

/**
 * The post pages on screen that show a post that `gone` says is gone (as their post or earlier in the
 * conversation) load again: it is then not found, or shows as deleted above the replies.
 */
function threadsShowingReloaded(gone: (post: ThreadResponse['ancestors'][number]) => boolean): void {
  void queryClient.invalidateQueries({
    queryKey: queryKeys.threads,
    refetchType: 'active',
    predicate: (query) => {
      const thread = query.state.data as ThreadResponse | undefined;
      return thread !== undefined && (gone(thread.post) || thread.ancestors.some(gone));
    },
  });
}

/**
 * A post deleted by someone else, or not here any more: announced live, or found when a call about it
 * answered that it does not exist (its author's account was deleted, which is not announced). It
 * leaves the lists, its post counts one reply fewer and the post pages that show it load again. Once:
 * a deletion made on this page was applied by its command already.
 */
export function postDeletedElsewhere(postId: string, author: string, replyTo?: string): void {
  if (postRemoved(postId, author, replyTo)) threadsShowingReloaded((post) => post._id === postId);
}


/**
 * An account deleted or suspended, announced live: nobody is shown its posts any more. They leave
 * every list, as do the lines it reposted into a Following list (the post may still belong there at
 * its own time: those lists are stale); quotes of them show where they were; the post pages that
 * show one and its profile load again if on screen (then not found). It leaves the lists of people.
 */
export function authorGone({ authorId, author, deleted }: { authorId: string; author: string; deleted: boolean }): void {
  const byThem = (entry: { author: UserSummary }) => entry.author._id === authorId;
  const marker = { deleted: true as const, ...(deleted ? {} : { unavailable: true as const }) };
  const quoteGone = (entry: CompactPost) =>
    entry.quote && !('deleted' in entry.quote) && byThem(entry.quote) ? { ...entry, quote: { _id: entry.quote._id, ...marker } } : entry;
  const stays = (entry: CompactPost) => !byThem(entry) && entry.repostedBy?._id !== authorId;
  updatePostLists((posts) => (posts.every((entry) => stays(entry) && quoteGone(entry) === entry) ? posts : posts.filter(stays).map(quoteGone)));
  updateThreads(quoteGone);
  threadsShowingReloaded((post) => !('deleted' in post) && byThem(post));
  reloadShown(queryKeys.profile(author));
  markStale(FOLLOWING_LISTS);
  // Out of the lists of people too; a suspended account stays in one's own muted and blocked lists.
  const keptIn = (source: PeopleSource) => !deleted && (source.kind === 'muted' || source.kind === 'blocked');
  updatePeopleLists((users, source) => (keptIn(source) || !users.some((user) => user._id === authorId) ? users : users.filter((user) => user._id !== authorId)));
  markStale(queryKeys.people);
}

/**
 * A like count announced live, wherever the post shows (so an open page never shows a stale count); `likedByMe` when the signed-in
 * person changed it (in another tab: this one then shows their like too).
 */
export function likesAnnounced(postId: string, likeCount: number, likedByMe?: boolean): void {
  const counted = (post: CompactPost) =>
    post._id === postId ? { ...post, likeCount, ...(likedByMe === undefined ? {} : { likedByMe }) } : post;
  updatePostLists((posts) => (posts.some((post) => post._id === postId) ? posts.map(counted) : posts));
  updateThreads(counted);
}

/** A reply made elsewhere, announced live: one more in its post's count; its replies load again when shown. */
export function replyAnnounced(parentId: string): void {
  replyCounted(parentId, 1);
  markStale(queryKeys.postList({ kind: 'replies', postId: parentId }));
}

/** Whether a cached list already holds the post (a feed that loaded after it was made). */
export function postCached(postId: string): boolean {
  return queryClient
    .getQueryCache()
    .findAll({ queryKey: queryKeys.posts })
    .some((query) => (query.state.data as PostPages | undefined)?.pages.some((page) => page.posts.some((post) => post._id === postId)));
}

/** Bookmarked or not, as the server confirmed. */
export function bookmarkStored(postId: string, bookmarkedByMe: boolean): void {
  updatePostLists((posts, source) => {
    if (source.kind === 'bookmarked' && !bookmarkedByMe) return posts.filter((entry) => entry._id !== postId);
    return replaceWhere(posts, postId, (post) => ({ ...post, bookmarkedByMe }));
  });
  if (bookmarkedByMe) markStale(queryKeys.postList({ kind: 'bookmarked' }));
}

/** A follow or unfollow as the server confirmed it: both profiles, and the person in every list. */
export function followStored(me: Profile, person: Profile): void {
  profileStored(me);
  profileStored(person);
  updatePeopleLists((users, source) => {
    // Spec 4: the suggestions leave out anyone followed.
    if (source.kind === 'suggestions' && person.followedByMe) return users.filter((user) => user._id !== person._id);
    return replaceWhere(users, person._id, (user) => ({ ...user, followedByMe: person.followedByMe }));
  });
  for (const userId of [me._id, person._id]) {
    markStale(queryKeys.peopleList({ kind: 'followers', userId }));
    markStale(queryKeys.peopleList({ kind: 'following', userId }));
  }
  // Someone unfollowed is a suggestion again, at the place only the server knows: the suggestions
  // are stale (the unfollow command reloads them if they are on screen). Without this the person
  // stayed out of the list (a follow had taken them out) and 'Followed all' came too early.
  if (!person.followedByMe) markStale(queryKeys.peopleList({ kind: 'suggestions' }));
  // Whose posts the Following lists hold has changed; where the person's posts sit only the server knows.
  markStale(FOLLOWING_LISTS);
}

const summaryOf = ({ _id, username, firstName, lastName, profilePic }: UserSummary): UserSummary => ({
  _id,
  username,
  firstName,
  lastName,
  profilePic,
});

/** A person's profile as the server answered it: their page, and their name and picture everywhere. */
export function profileStored(profile: Profile): void {
  queryClient.setQueryData(queryKeys.profile(profile.username), profile);
  const author = summaryOf(profile);
  updatePostLists((posts) =>
    posts.some((post) => post.author._id === profile._id)
      ? posts.map((post) => (post.author._id === profile._id ? { ...post, author } : post))
      : posts,
  );
  updatePeopleLists((users) => replaceWhere(users, profile._id, (user) => ({ ...user, ...author })));
}
