/**
 * What people use to protect themselves: blocking and muting others. Stable wordings, beside the
 * spec's (constants.ts), so that both back ends and the screens say the same thing.
 *
 * - Muting someone hides their posts, replies and notifications from the one who muted; they are not told.
 * - Blocking someone hides each from the other (posts, replies, notifications, profile details), ends
 *   the follows between them, and refuses replying, following and liking either way.
 */
export const SAFETY_ERRORS = {
  blockSelf: 'You cannot block yourself.',
  muteSelf: 'You cannot mute yourself.',
  youBlocked: 'You have blocked this person. Unblock them to do this.',
  blockedYou: 'This person has blocked you.',
} as const;

export const SAFETY_TEXTS = {
  mute: (username: string) => `Mute @${username}`,
  unmute: (username: string) => `Unmute @${username}`,
  block: (username: string) => `Block @${username}`,
  unblock: (username: string) => `Unblock @${username}`,
  muted: (username: string) => `Muted @${username}`,
  unmuted: (username: string) => `Unmuted @${username}`,
  blocked: (username: string) => `Blocked @${username}`,
  unblocked: (username: string) => `Unblocked @${username}`,
  copyLink: 'Copy link',
  linkCopied: 'Link copied',
  linkNotCopied: 'The link could not be copied: this browser did not allow it.',
  /** A profile the viewer blocked, or whose person blocked them: its details and posts are not shown. */
  youBlockedProfile: 'You have blocked this account.',
  blockedYouProfile: 'This account has blocked you.',
} as const;
