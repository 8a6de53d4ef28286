/** A user as other users see them: in follow lists, likes and search results. */
export interface UserSummary {
  _id: string;
  username: string;
  firstName: string;
  lastName: string;
  profilePic: string;
}

/** A user as the API returns it (the password never leaves the back end). */
export interface User extends UserSummary {
  bookmarks: string[];
  title: string;
  bio: string;
  website: string;
  followers: UserSummary[];
  following: UserSummary[];
  createdAt: string;
  updatedAt: string;
  [extraSignupField: string]: unknown;
}

export interface PostLikes {
  likeCount: number;
  likedBy: UserSummary[];
  dislikedBy: UserSummary[];
}

export interface Post {
  _id: string;
  content: string;
  image?: string;
  username: string;
  likes: PostLikes;
  createdAt: string;
  updatedAt: string;
}

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

export interface SignupResponse {
  createdUser: User;
  encodedToken: string;
}
export interface LoginResponse {
  foundUser: User;
  encodedToken: string;
}
export interface UsersResponse {
  users: User[];
}
export interface UserResponse {
  user: User;
}
export interface BookmarksResponse {
  bookmarks: string[];
}
export interface FollowResponse {
  user: User;
  followUser: User;
}
export interface PostsResponse {
  posts: Post[];
}
export interface PostResponse {
  post: Post;
}
/** The body of every refused call. */
export interface ErrorResponse {
  errors: string[];
}

/** Optional paging of post lists (newest first unless `sort` is `trending`). */
export interface PageQuery {
  limit?: number;
  cursor?: string;
  sort?: 'latest' | 'trending';
}

// The compact form (`?view=compact`): what a screen shows, never lists that grow with the network.

/** A post as a feed shows it: counts and the caller's own reactions, not the lists of likers. */
export interface CompactPost {
  _id: string;
  content: string;
  image?: string;
  username: string;
  /** The author's summary; `profilePic` is a URL (a large inline picture is never repeated per post). */
  author: UserSummary;
  likeCount: number;
  likedByMe: boolean;
  dislikedByMe: boolean;
  bookmarkedByMe: boolean;
  createdAt: string;
  updatedAt: string;
  /** The post this one replies to (absent: a post that starts a conversation). */
  replyTo?: string;
  /** The username of the author of `replyTo`; absent when that post was deleted. */
  replyingTo?: string;
  /** How many posts reply to this one. */
  replyCount: number;
  /** The `@username`s of the text that name someone, as their usernames are spelled (by lower-case name). */
  mentions: string[];
}

/** Where a post of a conversation was deleted: its replies stay, and show this in its place. */
export interface DeletedPost {
  _id: string;
  deleted: true;
}

/** A post's page: the chain of posts it replies to (the first post first), and the post. */
export interface ThreadResponse {
  ancestors: (CompactPost | DeletedPost)[];
  post: CompactPost;
}

export type NotificationKind = 'like' | 'follow' | 'reply' | 'mention';

/**
 * One line of the notifications page. Likes of one post and follows are grouped while unread (the
 * newest actor first); a reply or a mention is one line each, naming the post that replies or
 * mentions.
 */
export interface Notification {
  _id: string;
  kind: NotificationKind;
  /** The newest actors first, at most three. */
  actors: UserSummary[];
  /** How many people the line groups. */
  actorCount: number;
  /** The post liked, the reply, or the post that mentions (absent for follows). */
  post?: { _id: string; content: string };
  read: boolean;
  /** When the newest actor acted. */
  updatedAt: string;
}

export interface NotificationPage {
  notifications: Notification[];
  nextCursor: string | null;
}

export interface UnreadNotifications {
  unread: number;
}

/** A person in a compact list (followers, search, suggestions): the summary and whether the caller follows them. */
export interface PersonCard extends UserSummary {
  followedByMe: boolean;
}

/** A profile in the compact form: its counts come from the database, not from lists. */
export interface Profile extends PersonCard {
  title: string;
  bio: string;
  website: string;
  createdAt: string;
  updatedAt: string;
  postCount: number;
  followerCount: number;
  followingCount: number;
}

/** One page of a list and the cursor of the next (null: the last page). */
export interface PostPage {
  posts: CompactPost[];
  nextCursor: string | null;
}
export interface PeoplePage {
  users: PersonCard[];
  nextCursor: string | null;
}
export interface ProfileResponse {
  user: Profile;
}
export interface CompactPostResponse {
  post: CompactPost;
}
export interface CompactFollowResponse {
  user: Profile;
  followUser: Profile;
}
export interface CompactBookmarkResponse {
  postId: string;
  bookmarkedByMe: boolean;
}
export interface CompactLoginResponse {
  foundUser: Profile;
  encodedToken: string;
}
