export * from './types';
export * from './constants';
export { paths } from './paths';
export { api, compactApi, configureApi, onSessionRejected, type Api, type CompactApi, type PeopleQuery } from './api/api-client';
export { ApiError, errorMessage } from './api/api-error';
export { useSession, type Session } from './store/session-store';
export { readClaims, readStoredSession, type SessionClaims } from './store/stored-session';
export type { SessionStatus } from './store/auth-slice';
export { sortPosts } from './store/post-order';
export { createToggleQueue, type ToggleEffects } from './store/toggle-queue';
export { optimisticToggle, toggleShown, useToggleShown } from './store/optimistic';
export { queryClient } from './query/query-client';
export { queryKeys, type FeedSort, type PeopleSource, type PostSource } from './query/keys';
export {
  fetchPeoplePage,
  fetchPostPage,
  loadedItems,
  prefetchPosts,
  usePeoplePages,
  usePostPages,
  type PeoplePages,
  type PostPages,
} from './query/post-queries';
export { useProfile } from './query/profile-queries';
export { bookmarkStored, followStored, postCreated, postRemoved, postStored, profileStored } from './query/cache-updates';
export { AppToaster, toast } from './toast/toaster';
export { useMediaQuery, usePhoneLayout, PHONE_QUERY } from './hooks/use-media-query';
export { useSignOut } from './hooks/use-sign-out';
export { configureUploader, uploadImage, type ImagePurpose, type ImageUploader, type UploaderChoice } from './uploader/image-uploader';
export { createHostedUploader, type HostedUploaderOptions } from './uploader/hosted-uploader';
export { createLocalUploader } from './uploader/local-uploader';
export { MAX_IMAGE_BYTES, MAX_IMAGE_SIDE, POST_IMAGE_LIMITS, PROFILE_PICTURE_LIMITS } from './uploader/downscale';
export { createServerUploader, type ServerUploaderOptions } from './uploader/server-uploader';
export * from './ui/icons';
export { ModalDialog, type ModalDialogProps } from './ui/modal-dialog';
