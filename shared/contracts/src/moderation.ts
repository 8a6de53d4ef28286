/**
 * Reports and moderation: what anyone may report, what moderators do about it, and the words both
 * back ends and the screens use for it (stable wordings, beside the spec's in constants.ts).
 *
 * - A report names a post, a reason and optional details; one reporter keeps one report per post
 *   (reporting again replaces the reason and details).
 * - A moderator (the `moderator` role: `npm run server -- grant-moderator NAME`, or the server's
 *   CHIRP_MODERATORS list) reads the open reports and can hide a post (its author still sees it,
 *   marked as removed; nobody else does) or suspend its author (no log-in, every session ended, every
 *   post hidden). Each action is written to the audit log.
 */

export const REPORT_REASONS = ['spam', 'harassment', 'illegal', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/** The longest details a report keeps. */
export const MAX_REPORT_DETAILS = 500;
/** The most reported posts one read of the open reports answers, and audit lines one read answers. */
export const MAX_REPORTED_POSTS = 50;
export const MAX_AUDIT_ENTRIES = 50;

export const MODERATION_ERRORS = {
  badReason: 'Say why you report this post: spam, harassment, illegal or other.',
  detailsTooLong: `A report's details can be at most ${MAX_REPORT_DETAILS} characters.`,
  ownPost: 'You cannot report your own post.',
  notModerator: 'Only moderators can do this.',
  suspendSelf: 'You cannot suspend your own account.',
  /** A log-in to a suspended account (403), whatever the password. */
  suspended: 'This account has been suspended.',
} as const;

/** What a moderator did: the audit log's actions. */
export const MODERATION_ACTIONS = ['hide', 'restore', 'suspend', 'unsuspend', 'dismiss'] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

export const MODERATION_TEXTS = {
  reportPost: 'Report post',
  reportReason: 'Why are you reporting this post?',
  reasons: { spam: 'Spam', harassment: 'Harassment', illegal: 'Illegal content', other: 'Other' } satisfies Record<ReportReason, string>,
  reportDetails: 'Details (optional)',
  sendReport: 'Send report',
  reportSent: 'Report sent. Thank you.',
  /** What a post's author sees on a post moderators hid. */
  removedByModerators: 'This post was removed by moderators.',
  /** A suspended account's profile. */
  suspendedProfile: 'This account has been suspended.',
  reports: 'Reports',
  noReports: 'No open reports.',
  reportCount: (count: number) => (count === 1 ? '1 report' : `${count} reports`),
  hidePost: 'Hide post',
  restorePost: 'Restore post',
  dismiss: 'Dismiss',
  suspend: (username: string) => `Suspend @${username}`,
  unsuspend: (username: string) => `Unsuspend @${username}`,
  postHidden: 'Post hidden',
  postRestored: 'Post restored',
  reportsDismissed: 'Reports dismissed',
  suspended: (username: string) => `Suspended @${username}`,
  unsuspended: (username: string) => `Unsuspended @${username}`,
  auditLog: 'Recent actions',
  noActions: 'No actions yet.',
  moderation: 'Moderation',
} as const;
