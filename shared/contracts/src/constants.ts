/** Business constants of spec section 9, and the decisions taken where the spec is silent. */
export const MIN_PASSWORD_LENGTH = 8;
export const MAX_POST_LENGTH = 500;
/** The longest description (alt text) of a post's image, in characters. */
export const MAX_IMAGE_ALT_LENGTH = 1000;
/** How many images one post holds (each with its own description). */
export const MAX_POST_IMAGES = 4;
export const TOAST_DURATION_MS = 1500;
export const MOCK_RESPONSE_DELAY_MS = 400;

/** The guest demo account: one of the seed users (spec 9: fixed, not reproduced in the spec). */
export const GUEST_CREDENTIALS = { username: 'guestuser', password: 'guest@chirp1' } as const;

/**
 * Usernames: letters, digits, '.', '-', '_' (a username appears in /profile/{username} URLs), with at
 * least one letter: `.` and `..` cannot be reached as a path, `-` or `_` alone names no one, and a
 * name of digits and dots ('0', '123', '.1.') reads as an id, not a person.
 */
export const USERNAME_PATTERN = /^(?=.*[A-Za-z])[A-Za-z0-9._-]+$/;
export const USERNAME_RULE = 'A username may contain only letters, digits, dots, dashes and underscores, and needs at least one letter.';

/**
 * Characters that show nothing on their own: white space, control and format characters (zero-width
 * spaces and joiners, direction marks), combining marks without a base, and the blank fillers some
 * scripts have (Hangul fillers, the blank Braille pattern, the Mongolian vowel separator).
 */
const INVISIBLE = /[\s\p{Cc}\p{Cf}\p{Mn}\p{Me}\p{Z}\u115F\u1160\u3164\uFFA0\u2800\u180E]/gu;

/** Whether a text shows anything: one made only of invisible characters counts as empty (spec 5's 'Empty post is useless!'). */
export const hasVisibleText = (text: string) => text.replace(INVISIBLE, '').length > 0;

/**
 * Keys this app keeps in local storage. Sign-out clears all of local storage (spec 4) but `theme`:
 * the person's System / Light / Dark choice belongs to the device, not to the session.
 */
export const STORAGE_KEYS = { token: 'token', username: 'username', theme: 'theme' } as const;

/** The six preset avatars, shipped by the shell under /avatars. */
export const PRESET_AVATARS = [1, 2, 3, 4, 5, 6].map((n) => `/avatars/avatar-${n}.svg`);
export const DEFAULT_AVATAR = '/avatars/default.svg';

/** Client-side messages of spec section 8, kept verbatim (misspellings included). */
export const MESSAGES = {
  invalidCredentials: 'Invaild Credentials',
  enterAllFields: ' Enter all fields to signup ',
  passwordTooShort: 'Password must be minimum 8 characters',
  passwordsDiffer: 'Passwords do not match',
  usernameRule: USERNAME_RULE,
  emptyPost: 'Empty post is useless!',
  uploadFailed: 'Server Error',
  sessionEnded: 'Your session has ended. Please log in again.',
  loggedIn: 'Successfully Logged In',
  signedUp: 'Signed Up Successfully',
  loggedOut: 'Successfully Logged Out',
  postUploaded: 'Post uploaded Successfully',
  postEdited: 'Post Edited Successfully',
  postLiked: 'Post Liked !',
  postDisliked: 'Post Disliked !',
  postBookmarked: 'Post Bookmarked !',
  postUnbookmarked: 'Post removed from Bookmark !',
  postDeleted: 'Post Deleted!',
  /** A reply was posted (not in the spec, which has no replies). */
  replyPosted: 'Your reply was posted',
  profileUpdated: 'Profile updated!',
  following: (username: string) => `Following ${username}`,
  unfollowed: (username: string) => `Unfollowed ${username}`,
} as const;
