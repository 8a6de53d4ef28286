/**
 * What people use to protect themselves: blocking and muting others. Stable wordings, beside the
 * spec's (constants.ts), so that both back ends and the screens say the same thing.
 *
 * - Muting someone hides their posts, replies and notifications from the one who muted; they are not told.
 * - Blocking someone hides each from the other (posts, replies, notifications, profile details), ends
 *   the follows between them, and refuses replying, following and liking either way.
 */
import { MUTED_WORD_LIMITS } from './muted-words';

export const SAFETY_ERRORS = {
  blockSelf: 'You cannot block yourself.',
  muteSelf: 'You cannot mute yourself.',
  youBlocked: 'You have blocked this person. Unblock them to do this.',
  blockedYou: 'This person has blocked you.',
  mutedWordInvalid: `A muted word, phrase or #tag has 1 to ${MUTED_WORD_LIMITS.maxLength} characters, with a letter or a digit.`,
  tooManyMutedWords: `You can mute up to ${MUTED_WORD_LIMITS.maxWords} words, phrases and tags.`,
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
  /** The button of a muted person, word or blocked person in Settings (its accessible name says whom or what). */
  unmuteButton: 'Unmute',
  unblockButton: 'Unblock',
  copyLink: 'Copy link',
  linkCopied: 'Link copied',
  linkNotCopied: 'The link could not be copied: this browser did not allow it.',
  /** A profile the viewer blocked, or whose person blocked them: its details and posts are not shown. */
  youBlockedProfile: 'You have blocked this account.',
  blockedYouProfile: 'This account has blocked you.',
  /** Muted words (muted-words.ts): the settings' section, and a post folded away for holding one. */
  mutedWordsSection: 'Muted words',
  mutedWordsHint: 'Posts that hold one of these words, phrases or #tags are folded away in your feeds, with Show anyway to read them, and replies or mentions that hold one do not notify you. Your own posts never are.',
  mutedWordLabel: 'Word, phrase or #tag',
  muteWord: 'Mute word',
  noMutedWords: 'You have not muted any words.',
  unmuteWord: (word: string) => `Unmute “${word}”`,
  wordMuted: (word: string) => `Muted “${word}”`,
  wordUnmuted: (word: string) => `Unmuted “${word}”`,
  hiddenByMutedWord: (word: string) => `Hidden: this post holds “${word}”, which you muted.`,
  showAnyway: 'Show anyway',
} as const;
