/**
 * @chirp/queries: the query definitions and cache updates the remotes share, at build time. Each
 * remote (and the shell) bundles the parts it imports: nothing here is a federation singleton, and
 * nothing here holds page-wide state of its own. They all read and write the kernel's one
 * `queryClient` (@chirp/session), so a like on /home shows on the profile at once.
 */
export { HOME_FEED_PARAM, homeListAt, queryKeys, type FeedSort, type PeopleSource, type PostSource } from './keys';
export {
  fetchPeoplePage,
  fetchPostPage,
  loadedItems,
  prefetchPosts,
  usePeoplePages,
  usePostPages,
  useThread,
  type PeoplePages,
  type PostPages,
} from './post-queries';
export {
  bookmarkStored,
  followStored,
  likesAnnounced,
  postCached,
  postCreated,
  postDeletedElsewhere,
  postRemoved,
  postStored,
  repostStored,
  profileStored,
  reloadShown,
  replyAnnounced,
} from './cache-updates';
export { UNREAD_POLL_MS, useUnreadNotifications } from './notification-queries';
export { changeRelation, type RelationChange } from './relations';
export { changeMutedWord, useMutedWords, type MutedWordChange } from './muted-words';
export { applyLiveEvent, installCacheUpdates, installListUpdates, liveListEventHeard, prefetchOpeningList } from './live-cache';
