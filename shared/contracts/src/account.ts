/**
 * The account's own settings and the texts of the calls that change them: stable wordings, kept here
 * beside the spec's (constants.ts) so that both back ends and the screens say the same thing.
 */

/** The longest address mail systems deliver to (RFC 5321's path limit). */
export const MAX_EMAIL_LENGTH = 254;
/** Something, an @, and a domain with a dot: the check people expect; delivery is the real test. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const ACCOUNT_ERRORS = {
  badEmail: 'Enter an email address like name@example.com.',
  emailTaken: 'This email address is already used by another account.',
  nothingToChange: 'Say what to change: firstName, lastName or email.',
  /** A password change whose current password is not the account's (403: the session itself stays). */
  wrongCurrentPassword: 'The current password is not right.',
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
  /** After a refusal of the address typed at sign-up (the account itself was made). */
  emailNotKept: 'Your account was made without this email address: add one in Settings.',
} as const;
