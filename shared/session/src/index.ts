/**
 * @chirp/session: the page's session kernel, shared at run time by the shell and every remote (a
 * federation singleton). It holds only what must be one per page: the session store, the query
 * client, the transport (the API clients), the live connection, the toaster, the theme and the
 * uploader's configuration. The queries and cache updates are @chirp/queries' (each remote bundles
 * it); each remote's own UI state is in its own store. Its major version is the contract: a remote
 * built against another major is not loaded.
 */
export { SESSION_VERSION } from './version';
export { compactApi, configureApi, madeHere, onSessionRejected, type CompactApi, type PeopleQuery } from './api/api-client';
export { ApiError, errorMessage } from './api/api-error';
export { useSession, type Session } from './store/session-store';
export { onSessionChange, type SessionChange } from './store/session-changes';
export { createToggleQueue, type ToggleEffects } from './store/toggle-queue';
export { optimisticToggle, toggleShown, useToggleShown } from './store/optimistic';
export { readClaims, readStoredSession, type SessionClaims } from './store/stored-session';
export type { SessionStatus } from './store/auth-slice';
export { queryClient } from './query/query-client';
// The query library's hooks, from the kernel's copy: a remote's queries run them against the one
// `queryClient` without bundling the library again.
export { useInfiniteQuery, useQuery, type InfiniteData } from '@tanstack/react-query';
// zustand's `create`, from the kernel's copy: each remote's own small store, without bundling zustand again.
export { create as createStore } from 'zustand';
export { onRecoveryChance, watchRecoveryChances } from './query/recovery';
export { AppToaster, toast } from './toast/toaster';
export { useSignOut } from './hooks/use-sign-out';
export { chooseTheme, followStoredTheme, storedThemeChoice, THEME_CHOICES, useThemeChoice, type ThemeChoice } from './theme/theme-choice';
export { configureUploader, uploadImage, type ImagePurpose, type ImageUploader, type UploaderChoice } from './uploader/image-uploader';
export { createHostedUploader, type HostedUploaderOptions } from './uploader/hosted-uploader';
export { createLocalUploader } from './uploader/local-uploader';
export { createServerUploader, type ServerUploaderOptions } from './uploader/server-uploader';
export { configureLive, onLiveEvent, type LiveHandlers, type LiveSignal, type LiveSource } from './live/live-source';
export { createServerLiveSource, type ServerLiveOptions } from './live/server-live-source';
export { useLiveUpdates } from './live/live-connection';
