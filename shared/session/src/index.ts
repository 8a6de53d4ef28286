/**
 * @chirp/session: the page's one session, shared at run time by the shell and every remote (a
 * federation singleton): the store, the API client, the query cache, the toaster and the uploader.
 * Its major version is the contract: a remote built against another major is not loaded.
 */
export { SESSION_VERSION } from './version';
export { api, compactApi, configureApi, onSessionRejected, type Api, type CompactApi, type PeopleQuery } from './api/api-client';
export { ApiError, errorMessage } from './api/api-error';
export { useSession, type Session } from './store/session-store';
export { readClaims, readStoredSession, type SessionClaims } from './store/stored-session';
export type { SessionStatus } from './store/auth-slice';
export { sortPosts } from './store/post-order';
export { createToggleQueue, type ToggleEffects } from './store/toggle-queue';
export { optimisticToggle, toggleShown, useToggleShown } from './store/optimistic';
export { queryClient } from './query/query-client';
export { onRecoveryChance, watchRecoveryChances } from './query/recovery';
export { queryKeys, type FeedSort, type PeopleSource, type PostSource } from './query/keys';
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
} from './query/post-queries';
export { useProfile } from './query/profile-queries';
export { markNotificationsRead, useNotificationPages, useUnreadNotifications, UNREAD_POLL_MS } from './query/notification-queries';
export { bookmarkStored, followStored, postCreated, postRemoved, postStored, profileStored } from './query/cache-updates';
export { AppToaster, toast } from './toast/toaster';
export { useSignOut } from './hooks/use-sign-out';
export { chooseTheme, followStoredTheme, storedThemeChoice, THEME_CHOICES, useThemeChoice, type ThemeChoice } from './theme/theme-choice';
export { configureUploader, uploadImage, type ImagePurpose, type ImageUploader, type UploaderChoice } from './uploader/image-uploader';
export { createHostedUploader, type HostedUploaderOptions } from './uploader/hosted-uploader';
export { createLocalUploader } from './uploader/local-uploader';
export { createServerUploader, type ServerUploaderOptions } from './uploader/server-uploader';
export { configureLive, type LiveHandlers, type LiveSource } from './live/live-source';
export { createServerLiveSource, type ServerLiveOptions } from './live/server-live-source';
export { applyLiveEvent, showNewPosts, useLiveUpdates } from './live/live-updates';
