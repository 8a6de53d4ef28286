/**
 * Every decision the in-browser back end takes where the spec is silent (or where the usual mock is
 * unsafe), in one place. docs/decisions.md explains each one; the contract suite tests them.
 * Plain values only: the Node server (server/) imports this file as it is.
 */
import { MAX_IMAGE_ALT_LENGTH, MAX_POST_IMAGES, MAX_POST_LENGTH, MIN_PASSWORD_LENGTH, USERNAME_PATTERN, USERNAME_RULE } from '@chirp/contracts';
import { MAX_IMAGE_BYTES } from '@chirp/contracts';

export const LIMITS = {
  minPassword: MIN_PASSWORD_LENGTH,
  /** Bounds the cost of hashing, and is far above any real password. */
  maxPassword: 128,
  maxUsername: 30,
  maxName: 50,
  maxTitle: 80,
  maxBio: 300,
  maxWebsite: 200,
  /** Counted in Unicode code points, so an emoji is one character (a browser's maxLength counts more). */
  maxPostContent: MAX_POST_LENGTH,
  maxImageAlt: MAX_IMAGE_ALT_LENGTH,
  maxPostImages: MAX_POST_IMAGES,
  maxHttpUrl: 2048,
  /** Room for the largest image the local uploader makes (1 MiB), base64-encoded, and its `data:` prefix. */
  maxDataUrl: Math.ceil(MAX_IMAGE_BYTES / 3) * 4 + 100,
  maxExtraFields: 10,
  maxExtraFieldValue: 200,
  /** Paging of post lists: `limit` bounds, and the page size when only a `cursor` is given. */
  maxPageSize: 100,
  defaultPageSize: 20,
  /** Bytes of a profile picture (decoded), and of a post image: the browser downscales before sending. */
  maxProfilePictureBytes: 256 * 1024,
  maxPostImageBytes: MAX_IMAGE_BYTES,
  /** Answers inline a profile picture or post image up to this length; a larger one becomes a URL. */
  maxInlinePicture: 4096,
  /**
   * A spec-form list of posts asked for without `limit` (every change to posts answers one) holds at
   * most this many, in its order; the \`Link\` header names the next page.
   */
  maxSpecPosts: 100,
  /** The people a spec-form answer lists in one post's likers or one user's followers. */
  maxSpecPeople: 100,
  /** The longest search text. */
  maxSearchText: 100,
  /** The people one post notifies of a mention: more @names in it are links, but notify nobody (no mass pings). */
  maxMentionsNotified: 10,
  /** How far up a thread a post's page reads (its ancestors). */
  maxThreadDepth: 100,
} as const;

/** Error texts of spec section 8, verbatim (misspellings and stray spaces included). */
export const SPEC_ERRORS = {
  usernameTaken: 'Unprocessable Entity. Username Already Exists.',
  notRegistered: 'The username you entered is not Registered. Not Found error',
  wrongPassword: 'The credentials you entered are invalid. Unauthorized access error.',
  invalidToken: 'The token is invalid. Unauthorized access error.',
  editOthersPost: "Cannot edit a Post doesn't belong to the logged in User.",
  deleteOthersPost: "Cannot delete a Post doesn't belong to the logged in User.",
  alreadyLiked: 'Cannot like a post that is already liked. ',
  alreadyDisliked: 'Cannot dislike a post that is already disliked. ',
  likeBelowZero: 'Cannot decrement like less than 0.',
  alreadyBookmarked: 'This Post is already bookmarked',
  notBookmarked: 'Post not bookmarked yet',
  alreadyFollowing: 'User Already following',
  notFollowing: 'User already not following',
  followSelf: 'You cannot follow yourself',
  usernameChange: 'Username cannot be changed',
  // Client texts of spec 5, reused by the server when it checks the same thing.
  emptyCredentials: 'Invaild Credentials',
  emptySignupField: ' Enter all fields to signup ',
  passwordTooShort: 'Password must be minimum 8 characters',
  emptyPost: 'Empty post is useless!',
} as const;

/** Texts for the refusals the spec does not name. */
export const DECIDED_ERRORS = {
  postNotFound: 'This post does not exist. It may have been deleted.',
  userNotFound: 'This user does not exist.',
  unknownCall: (method: string, path: string) => `There is no API call ${method} ${path}.`,
  malformedJson: 'The request body is not valid JSON.',
  bodyNotObject: 'The request body must be a JSON object.',
  bodyMismatch: (detail: string) => `The request body does not match the API: ${detail}.`,
  missingObject: (name: string) => `The request body must have an object "${name}".`,
  notText: (field: string) => `The field "${field}" must be text.`,
  tooLong: (field: string, max: number) => `The field "${field}" must be at most ${max} characters.`,
  emptyField: (field: string) => `The field "${field}" cannot be empty.`,
  cannotChange: (fields: readonly string[]) =>
    `${fields.map((field) => `"${field}"`).join(', ')} cannot be changed here: a profile edit changes profilePic, title, bio, website, firstName and lastName.`,
  passwordTooLong: `Password must be at most ${LIMITS.maxPassword} characters`,
  usernameCharacters: USERNAME_RULE,
  postTooLong: `A post can be at most ${MAX_POST_LENGTH} characters.`,
  imageAltTooLong: `An image's description can be at most ${MAX_IMAGE_ALT_LENGTH} characters.`,
  badImage: 'The image must be an http(s) address, a data:image/ address or an image of this app.',
  malformedImage: 'The image is not a well-formed data:image/ address (its data is not valid base64 or percent-encoding).',
  badWebsite: 'The website must be an http(s) address or plain text.',
  tooManyExtraFields: 'Too many extra sign-up fields.',
  badExtraFieldName: (field: string) => `"${field}" cannot be used as a sign-up field.`,
  badLimit: `"limit" must be a whole number from 1 to ${LIMITS.maxPageSize}.`,
  badCursor: 'The cursor is not valid for this list. Start again without it.',
  badSort: '"sort" must be "latest" or "trending".',
  badView: '"view" must be "compact" (or left out for the full answer).',
  profilePictureTooLarge: 'A profile picture can be at most 256 KB. Choose a smaller picture.',
  postImageTooLarge: 'A post image can be at most 1 MB. Choose a smaller image.',
  imagesNotList: `The field "images" must be a list of up to ${MAX_POST_IMAGES} objects { image, alt }.`,
  tooManyImages: `A post can have at most ${MAX_POST_IMAGES} images.`,
  imagesDisagree: 'The first of "images" and the fields "image" and "imageAlt" differ: send one or the other, or the same image and description in both.',
  noSearchText: 'Say what to search for ("q").',
  searchTextTooLong: `A search can be at most 100 characters.`,
  notSaved: 'The change could not be saved in this browser (storage may be full). Nothing was changed.',
  unexpected: 'Something went wrong in the demo back end.',
} as const;

export { USERNAME_PATTERN };

/** Images shipped with the app (seed posts, avatars) are referred to by path. */
export const APP_IMAGE_PATTERN = /^\/(?:avatars|images)\/[A-Za-z0-9._-]+\.(?:svg|png|jpe?g|gif|webp)$/;
export const DATA_IMAGE_PATTERN = /^data:image\/[a-z0-9.+-]+(?:;[a-z0-9=.+-]+)*,/i;

/** Signup fields a caller may never set (they are the server's), besides anything naming a password. */
export const RESERVED_FIELDS = new Set([
  '_id',
  'passwordHash',
  'bookmarks',
  'followers',
  'following',
  'createdAt',
  'updatedAt',
  'extras',
  '__proto__',
  'constructor',
  'prototype',
]);
export const EXTRA_FIELD_NAME = /^[A-Za-z][A-Za-z0-9_]{0,39}$/;

/** Defaults of spec 3 for a new user. */
export const SIGNUP_DEFAULTS = { bio: 'Add bio', title: 'Add title', website: 'Add website' } as const;

/** Tokens: HS256 JWTs carrying `_id` and `username`; the spec names no expiry, we pick one week. */
export const TOKEN_LIFETIME_SECONDS = 7 * 24 * 60 * 60;

/** PBKDF2-SHA-256; the count is stored with each hash, so it can be raised without a reset. */
export const PASSWORD_HASH_ITERATIONS = 100_000;

/** IndexedDB names. Bump SCHEMA_VERSION when the stored shape changes: old data is replaced by seeds. */
export const STORAGE = { databaseName: 'chirp-demo-backend', schemaVersion: 1 } as const;

/** `?resetData=1` on any page URL replaces the saved data with fresh seeds. */
export const RESET_PARAMETER = 'resetData';
