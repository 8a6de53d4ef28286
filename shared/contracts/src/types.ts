/**
 * The API's types. The answers' types are the static types of their schemas (./api/schemas.ts),
 * so a shape is written once; the forms' and inputs' types are the browser's own.
 */
import type { Static } from 'typebox';
import type * as S from './api/schemas';

/** A user as other users see them: in follow lists, likes and search results. */
export type UserSummary = Static<typeof S.UserSummary>;

/** A user as the API returns it (the password never leaves the back end). */
export type User = Static<typeof S.User> & { [extraSignupField: string]: unknown };

export type PostLikes = Static<typeof S.PostLikes>;

export type Post = Static<typeof S.Post>;

export interface Credentials {
  username: string;
  password: string;
}

export interface SignupPayload extends Credentials {
  firstName: string;
  lastName: string;
}

/** What the sign-up form holds; only the `SignupPayload` part is sent. */
export interface SignupForm extends SignupPayload {
  emailAddress: string;
  rePassword: string;
}

export interface PostData {
  content: string;
  image?: string;
  /** The post this one answers (a reply); only when the post is made, never changed by an edit. */
  replyTo?: string;
  /** The post this one quotes (embedded under its text); only when the post is made. */
  quoteOf?: string;
}

export interface ProfileData {
  profilePic: string;
  title: string;
  bio: string;
  website: string;
}

export interface ProfileDraft {
  title: string;
  bio: string;
  website: string;
}

export type SignupResponse = Static<(typeof S.ANSWERS)['signedUp']>;
export type LoginResponse = Static<(typeof S.ANSWERS)['loggedIn']>;
export type UsersResponse = Static<(typeof S.ANSWERS)['users']>;
export type UserResponse = Static<(typeof S.ANSWERS)['user']>;
export type BookmarksResponse = Static<(typeof S.ANSWERS)['bookmarks']>;
export type FollowResponse = Static<(typeof S.ANSWERS)['follow']>;
export type PostsResponse = Static<(typeof S.ANSWERS)['posts']>;
export type PostResponse = Static<(typeof S.ANSWERS)['post']>;
/** The body of every refused call. */
export type ErrorResponse = Static<typeof S.ERROR_ANSWER>;

/** Optional paging of post lists (newest first unless `sort` is `trending`). */
export interface PageQuery {
  limit?: number;
  cursor?: string;
  sort?: 'latest' | 'trending';
}

// The compact form (`?view=compact`): what a screen shows, never lists that grow with the network.

/** A post as a feed shows it: counts and the caller's own reactions, not the lists of likers. */
export type CompactPost = Static<typeof S.CompactPost>;

/** One of a post's images: its URL, description and (for a stored image) size. */
export type PostImage = S.PostImageData;

/** The post a quote embeds, as its card shows it, and the marker where it is gone. */
export type QuotedPost = S.QuotedPostData;
export type GonePost = S.GonePostData;

/** Where a post of a conversation was deleted or is not shown: its replies stay, and show this in its place. */
export type DeletedPost = Static<typeof S.DeletedPost>;

/** A post's page: the chain of posts it replies to (the first post first), and the post. */
export type ThreadResponse = Static<(typeof S.ANSWERS)['thread']>;

export type NotificationKind = Static<typeof S.NotificationKind>;

/**
 * One line of the notifications page. Likes of one post and follows are grouped while unread (the
 * newest actor first); a reply or a mention is one line each, naming the post that replies or
 * mentions.
 */
export type Notification = Static<typeof S.Notification>;

export type NotificationPage = Static<(typeof S.ANSWERS)['notificationPage']>;

export type UnreadNotifications = Static<(typeof S.ANSWERS)['unread']>;

/** A person in a compact list (followers, search, suggestions): the summary and whether the caller follows them. */
export type PersonCard = Static<typeof S.PersonCard>;

/** A profile in the compact form: its counts come from the database, not from lists. */
export type Profile = Static<typeof S.Profile>;

/** One page of a list and the cursor of the next (null: the last page). */
export type PostPage = Static<(typeof S.ANSWERS)['postPage']>;
export type PeoplePage = Static<(typeof S.ANSWERS)['peoplePage']>;
export type ProfileResponse = Static<(typeof S.ANSWERS)['profile']>;
export type CompactPostResponse = Static<(typeof S.ANSWERS)['compactPost']>;
export type CompactFollowResponse = Static<(typeof S.ANSWERS)['follows']>;
export type CompactBookmarkResponse = Static<(typeof S.ANSWERS)['bookmark']>;
export type CompactLoginResponse = Static<(typeof S.ANSWERS)['compactLoggedIn']>;

/** The account as its owner's settings show it. */
export type Account = Static<typeof S.Account>;
export type AccountEdit = Static<(typeof S.BODY_SCHEMAS)['accountEdit']>;
/** Everything the account holds, as its owner downloads it. */
export type AccountExport = Static<typeof S.AccountExport>;

/** The caller's mute and block of one person. */
export type Relation = Static<typeof S.Relation>;

/** The caller's own report of a post, and a post with open reports as moderators read it. */
export type Report = Static<typeof S.Report>;
export type ReportInput = Static<(typeof S.BODY_SCHEMAS)['report']>;
export type ReportedPost = Static<typeof S.ReportedPost>;
/** One line of the moderators' audit log. */
export type AuditEntry = Static<typeof S.AuditEntry>;
