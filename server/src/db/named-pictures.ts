/**
 * Large inline pictures and post images in reads: named by a URL this server serves, so their bytes
 * stay in the database and no answer grows with them.
 */
import { isInlinePicture, LIMITS } from '@chirp/api-rules';

/** How an answer names a person's picture: the stored one when small, else a URL of this server. */
export interface PictureNaming {
  /** Scheme and host of this server as the caller reaches it. */
  origin: string;
}

export const picturePath = (userId: string, version: number) => `/api/users/${userId}/picture?v=${version}`;
/** `position`: which of the post's images (1, the first, unless said: its URL stays as it was). */
export const postImagePath = (postId: string, version: number, position = 1) =>
  `/api/posts/${postId}/image?v=${version}${position === 1 ? '' : `&n=${position}`}`;

/** A version of a row's large inline picture or image: its `updated_at` in milliseconds. */
export const pictureVersion = (alias: string) => `(extract(epoch FROM ${alias}.updated_at) * 1000)::bigint`;

/**
 * A picture column as a read names it: the picture when inline-sized, else the path this server
 * serves it at (`/api/…`, which no stored picture starts with). The bytes never leave the database.
 */
export const namedPictureColumn = (alias: string) => `CASE WHEN octet_length(${alias}.profile_pic) <= ${LIMITS.maxInlinePicture}
    THEN ${alias}.profile_pic ELSE '/api/users/' || ${alias}.id::text || '/picture?v=' || ${pictureVersion(alias)} END`;

/** A post's image likewise (NULL: none). */
export const namedImageColumn = (alias: string) => `CASE WHEN ${alias}.image IS NULL THEN NULL WHEN octet_length(${alias}.image) <= ${LIMITS.maxInlinePicture}
    THEN ${alias}.image ELSE '/api/posts/' || ${alias}.id::text || '/image?v=' || ${pictureVersion(alias)} END`;

/** A stored picture or image as an answer names it: itself when inline-sized, else `path` on this server. */
export const namedInline = (naming: PictureNaming, inline: string, path: string) =>
  isInlinePicture(inline) ? withOrigin(naming, inline) : `${naming.origin}${path}`;

/** A picture or image named by a read (`/api/…`) as the caller reaches this server. */
export const withOrigin = (naming: PictureNaming, named: string) => (named.startsWith('/api/') ? `${naming.origin}${named}` : named);

