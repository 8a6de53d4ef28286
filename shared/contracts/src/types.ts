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
