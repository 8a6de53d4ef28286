/**
 * The account's own settings and the texts of the calls that change them: stable wordings, kept here
 * beside the spec's (constants.ts) so that both back ends and the screens say the same thing.
 */

/** The longest address mail systems deliver to (RFC 5321's path limit). */
export const MAX_EMAIL_LENGTH = 254;
/** Something, an @, and a domain with a dot: the check people expect; delivery is the real test. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Days a deleted account's username stays reserved (nobody may sign up with it, in any case), so that
 * nobody can pose as the person who just left; then it is free again.
 */
export const USERNAME_GRACE_DAYS = 30;

/**
 * At most this many entries per list in a data export (posts, likes, bookmarks, following,
 * followers), the newest first: the answer stays bounded for the largest account; `complete` says
 * whether every list is whole.
 */
export const MAX_EXPORT_ITEMS = 5000;

export const ACCOUNT_ERRORS = {
  badEmail: 'Enter an email address like name@example.com.',
  emailTaken: 'This email address is already used by another account.',
  nothingToChange: 'Say what to change: firstName, lastName or email.',
  /** A password change whose current password is not the account's (403: the session itself stays). */
  wrongCurrentPassword: 'The current password is not right.',
  /** Deleting the account with a password that is not the account's (403: the session goes on). */
  wrongPasswordToDelete: 'The password is not right. Your account was not deleted.',
  unknownFields: (fields: readonly string[]) =>
    `${fields.map((field) => `"${field}"`).join(', ')} cannot be changed here: the account's settings are firstName, lastName and email.`,
} as const;

/** What the screens say about the account. */
export const ACCOUNT_TEXTS = {
  settings: 'Settings',
  accountSection: 'Your account',
  saved: 'Settings saved',
  mutedAccounts: 'Muted accounts',
  blockedAccounts: 'Blocked accounts',
  noneMuted: 'You have muted no one.',
  noneBlocked: 'You have blocked no one.',
  passwordSection: 'Password',
  passwordChanged: 'Password changed. Every other session is signed out.',
  passwordsDiffer: 'The new passwords do not match.',
  sessionsSection: 'Sessions',
  signOutEverywhere: 'Sign out everywhere',
  signOutEverywhereHint: 'Signs this account out on every device and browser, this one too.',
  signedOutEverywhere: 'Signed out everywhere',
  downloadSection: 'Download my data',
  downloadHint: 'A JSON file of your profile, posts, likes, bookmarks, follows, and whom and what you muted or blocked.',
  downloadData: 'Download my data',
  downloaded: 'Your data was downloaded.',
  deleteSection: 'Delete account',
  deleteHint: `Deletes your profile, posts, likes, bookmarks, follows, notifications and pictures for good. Your username stays reserved for ${USERNAME_GRACE_DAYS} days, then anyone may take it.`,
  deleteAccount: 'Delete account',
  deleteDialogTitle: 'Delete your account?',
  deletePasswordLabel: 'Your password',
  deleteConfirm: 'Delete my account for good',
  cancel: 'Cancel',
  accountDeleted: 'Your account was deleted.',
  /** After a refusal of the address typed at sign-up (the account itself was made). */
  emailNotKept: 'Your account was made without this email address: add one in Settings.',
} as const;
