/**
 * The API's shapes as JSON schemas (TypeBox): what each call takes and what it answers, in the
 * spec's form and in the compact one. The route table (./routes.ts) names them per call; the server
 * validates bodies and serialises answers with them, and the answer types of ../types.ts are their
 * static types.
 *
 * Only back ends import this module at run time: the browser's client reads the route table, whose
 * entries name these schemas through a function it never calls, so TypeBox stays out of its bundle.
 *
 * Every object allows properties beyond those listed: an account keeps the extra fields it signed up
 * with (spec 7), and an answer's serialiser must never drop what a back end chose to send.
 */
import { Type, type Static, type TObject, type TProperties, type TSchema } from 'typebox';

const open = <Properties extends TProperties>(properties: Properties) => Type.Object(properties, { additionalProperties: true });
const Text = Type.String();
const Count = Type.Integer({ minimum: 0 });
const Cursor = Type.Union([Type.String(), Type.Null()]);

// Request bodies. A body that does not match is answered by the rules' own reader, with the
// contract's exact words: so a schema is never stricter than the rules (api-rules' schemas.test.ts).

const OptionalText = Type.Optional(Type.String());
const OptionalTextOrNull = Type.Optional(Type.Union([Type.String(), Type.Null()]));

/** The request bodies, by the names the route table gives them. */
export const BODY_SCHEMAS = {
  signup: Type.Object({ username: Text, password: Text, firstName: Text, lastName: Text, profilePic: OptionalText, title: OptionalText, bio: OptionalText, website: OptionalText }),
  credentials: Type.Object({ username: Text, password: Text }),
  profileEdit: Type.Object({
    userData: Type.Object({ profilePic: OptionalText, title: OptionalText, bio: OptionalText, website: OptionalText, username: OptionalText }),
  }),
  /** Spec 7's `postData`: text, an image, or both (the rules decide what is enough). */
  postData: Type.Object({
    postData: Type.Object({
      content: OptionalText,
      image: OptionalTextOrNull,
      imageAlt: OptionalTextOrNull,
      // Up to four `{ image, alt }`: read by the rules, which refuse anything else with their own words.
      images: Type.Optional(Type.Unknown()),
      replyTo: OptionalTextOrNull,
      quoteOf: OptionalTextOrNull,
    }),
  }),
  /** The account's settings: any of the display name's two parts and the email address ('' removes it). */
  accountEdit: Type.Object({ firstName: OptionalText, lastName: OptionalText, email: OptionalText }),
  /** A new password, with the current one. */
  passwordChange: Type.Object({ currentPassword: Text, newPassword: Text }),
  /** A report of a post: one of the reasons, and optional details (the rules refuse another reason). */
  report: Type.Object({ reason: Text, details: OptionalText }),
  /** Deleting the account: its password, as a last check. */
  accountDeletion: Type.Object({ password: Text }),
  /** A word, phrase or `#tag` to mute or unmute (the rules normalise it: muted-words.ts). */
  mutedWord: Type.Object({ word: Text }),
} satisfies Record<string, TSchema>;

export type BodyName = keyof typeof BODY_SCHEMAS;

// Query strings: every parameter is text and optional here; the rules read and refuse them with the
// contract's words (a limit that is not a number, an unknown sort), so the schema never answers first.

const QueryText = Type.Optional(Type.String());
export const QUERY_SCHEMAS = {
  view: open({ view: QueryText }),
  page: open({ view: QueryText, limit: QueryText, cursor: QueryText, sort: QueryText }),
  people: open({ view: QueryText, limit: QueryText, cursor: QueryText }),
  search: open({ view: QueryText, q: QueryText, limit: QueryText, cursor: QueryText, sort: QueryText }),
};

// Answers in the spec's form (spec 7).

export const UserSummary = open({ _id: Text, username: Text, firstName: Text, lastName: Text, profilePic: Text });
export const User = open({
  ...UserSummary.properties,
  bookmarks: Type.Array(Text),
  title: Text,
  bio: Text,
  website: Text,
  followers: Type.Array(UserSummary),
  following: Type.Array(UserSummary),
  createdAt: Text,
  updatedAt: Text,
});
export const PostLikes = open({ likeCount: Type.Integer(), likedBy: Type.Array(UserSummary), dislikedBy: Type.Array(UserSummary) });
export const Post = open({
  _id: Text,
  content: Text,
  image: Type.Optional(Text),
  username: Text,
  likes: PostLikes,
  createdAt: Text,
  updatedAt: Text,
});

// Answers in the compact form (`?view=compact`): what a screen shows, never lists that grow with the network.

const PostImageObject = open({
  image: Text,
  /** Its description, as its author wrote it (none: the app says whose image it is). */
  alt: Type.Optional(Text),
  /** Its size in pixels, where the image's URL says it (a stored image): its box is kept before it loads. */
  width: Type.Optional(Type.Integer()),
  height: Type.Optional(Type.Integer()),
});
/** One of a post's images, in the compact form's `images`. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface PostImageData extends Static<typeof PostImageObject> {}
const PostImage = Type.Unsafe<PostImageData>(PostImageObject);
/*
 * What reposts and quotes add to a compact post. Each is optional and named by an interface, so that
 * the answers' types only gain optional members (@chirp/session's surface: an added member is a
 * minor version).
 */
const QuotedPostObject = open({
  _id: Text,
  content: Text,
  image: Type.Optional(Text),
  imageAlt: Type.Optional(Text),
  /** Every image of the quoted post, in order (absent: none), as in a post's `images`. */
  images: Type.Optional(Type.Array(PostImage)),
  username: Text,
  author: UserSummary,
  createdAt: Text,
});
/** The post a quote embeds, as its card shows it (no counts: it is read where it stands). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface QuotedPostData extends Static<typeof QuotedPostObject> {}
export const QuotedPost = Type.Unsafe<QuotedPostData>(QuotedPostObject);
/**
 * `unavailable` only where the post is still there but the viewer is not shown it: moderators hid
 * it, its author is suspended, or one of the two blocks the other. Absent: it was deleted.
 * `deleted` stays true either way, as clients written before `unavailable` read it.
 */
const NotShown = Type.Optional(Type.Literal(true));
const GonePostObject = open({ _id: Text, deleted: Type.Literal(true), unavailable: NotShown });
/** In a quote, where the quoted post was: deleted, or not shown to the viewer (`unavailable`). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface GonePostData extends Static<typeof GonePostObject> {}
export const GonePost = Type.Unsafe<GonePostData>(GonePostObject);
/** Who reposted a post into the viewer's Following list. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface ReposterData extends Static<typeof UserSummary> {}
const Reposter = Type.Unsafe<ReposterData>(UserSummary);


export const CompactPost = open({
  _id: Text,
  content: Text,
  /** The first image, as a client of the one-image API reads it. */
  image: Type.Optional(Text),
  /** The image's description, as its author wrote it (none: the app says whose image it is). */
  imageAlt: Type.Optional(Text),
  /** Every image of the post, in order (1 to 4; absent: none). The first is `image` and `imageAlt`. */
  images: Type.Optional(Type.Array(PostImage)),
  username: Text,
  author: UserSummary,
  likeCount: Type.Integer(),
  likedByMe: Type.Boolean(),
  dislikedByMe: Type.Boolean(),
  bookmarkedByMe: Type.Boolean(),
  createdAt: Text,
  updatedAt: Text,
  replyTo: Type.Optional(Text),
  replyingTo: Type.Optional(Text),
  replyCount: Count,
  mentions: Type.Array(Text),
  /** Only on a post moderators hid, and only to its author (nobody else is shown it). */
  removedByModerators: Type.Optional(Type.Literal(true)),
  /** Only to the signed-in viewer, on someone else's post: the first of their muted words it holds. */
  mutedWord: Type.Optional(Text),
  /** How many people repost it, and whether the viewer is one of them (both back ends always send them). */
  repostCount: Type.Optional(Count),
  repostedByMe: Type.Optional(Type.Boolean()),
  /** A quote's post: the one it quotes, or a marker where that one is gone or not shown to the viewer. */
  quoteOf: Type.Optional(Text),
  quote: Type.Optional(Type.Union([QuotedPost, GonePost])),
  /** Only in the Following list, on a post there because someone the viewer follows reposted it: who (the latest). */
  repostedBy: Type.Optional(Reposter),
});
/**
 * Where a post of a conversation was deleted, or is not shown to the viewer (`unavailable`), as in a
 * quote. The same fields as GonePostObject, but its own object, declared after CompactPost: TypeScript
 * prints the thread answer's union in the order its types were made, and @chirp/session's surface
 * check (shared/build/session-surface.test.ts) reads a reordered union as a changed export.
 */
export const DeletedPost = open({ _id: Text, deleted: Type.Literal(true), unavailable: NotShown });
export const PersonCard = open({ ...UserSummary.properties, followedByMe: Type.Boolean() });
export const Profile = open({
  ...PersonCard.properties,
  title: Text,
  bio: Text,
  website: Text,
  createdAt: Text,
  updatedAt: Text,
  postCount: Count,
  followerCount: Count,
  followingCount: Count,
  /** Only when true, to the signed-in viewer: they muted or blocked this person, or this person blocked them. */
  mutedByMe: Type.Optional(Type.Boolean()),
  blockedByMe: Type.Optional(Type.Boolean()),
  blocksMe: Type.Optional(Type.Boolean()),
  /** Only when true: moderators suspended this account (its posts are not shown). */
  suspended: Type.Optional(Type.Literal(true)),
});
/** The caller's mute and block of one person, after a change to either. */
export const Relation = open({ userId: Text, mutedByMe: Type.Boolean(), blockedByMe: Type.Boolean() });
export const NotificationKind = Type.Union([
  Type.Literal('like'),
  Type.Literal('follow'),
  Type.Literal('reply'),
  Type.Literal('mention'),
  Type.Literal('repost'),
  Type.Literal('quote'),
]);
export const Notification = open({
  _id: Text,
  kind: NotificationKind,
  actors: Type.Array(UserSummary),
  actorCount: Count,
  post: Type.Optional(open({ _id: Text, content: Text })),
  read: Type.Boolean(),
  updatedAt: Text,
});

/** What only the account's owner sees of it: the settings page's fields. */
export const Account = open({
  _id: Text,
  username: Text,
  firstName: Text,
  lastName: Text,
  email: Text,
  /** Only when true: the account may read the reports and act on them. */
  moderator: Type.Optional(Type.Literal(true)),
});

const ReportReason = Type.Union([Type.Literal('spam'), Type.Literal('harassment'), Type.Literal('illegal'), Type.Literal('other')]);
/** The caller's own report of a post. */
export const Report = open({ postId: Text, reason: ReportReason, details: Text, createdAt: Text });
/** A post with open reports, as moderators read it: the post (hidden or not), and what its reporters said. */
export const ReportedPost = open({
  post: CompactPost,
  authorSuspended: Type.Boolean(),
  reportCount: Count,
  reasons: open({ spam: Count, harassment: Count, illegal: Count, other: Count }),
  /** The latest reporters' details (the empty ones left out), newest first. */
  details: Type.Array(Text),
  latestAt: Text,
});
export const AuditEntry = open({
  _id: Text,
  action: Type.Union([Type.Literal('hide'), Type.Literal('restore'), Type.Literal('suspend'), Type.Literal('unsuspend'), Type.Literal('dismiss')]),
  /** The moderator's username ('' once their account is gone). */
  moderator: Text,
  postId: Type.Optional(Text),
  /** The account acted on, or the hidden post's author ('' once gone). */
  username: Text,
  at: Text,
});

/** Someone the account follows, is followed by, muted or blocked, in its data export. */
const PersonRef = open({ _id: Text, username: Text });
const AccountExportObject = open({
  exportedAt: Text,
  /** False when a list was cut at MAX_EXPORT_ITEMS. */
  complete: Type.Boolean(),
  account: Account,
  profile: open({ profilePic: Text, title: Text, bio: Text, website: Text, createdAt: Text, updatedAt: Text, extras: Type.Record(Type.String(), Type.String()) }),
  posts: Type.Array(
    open({
      _id: Text,
      content: Text,
      image: Type.Optional(Text),
      /** All of the post's images with their descriptions, in order (absent: none). */
      images: Type.Optional(Type.Array(PostImage)),
      replyTo: Type.Optional(Text),
      likeCount: Type.Integer(),
      createdAt: Text,
      updatedAt: Text,
    }),
  ),
  /** The posts the account likes, and whose they are. */
  likes: Type.Array(open({ postId: Text, username: Text })),
  bookmarks: Type.Array(open({ postId: Text })),
  following: Type.Array(PersonRef),
  followers: Type.Array(PersonRef),
  /** The people the account muted and blocked, and its muted words, phrases and tags. */
  muted: Type.Array(PersonRef),
  blocked: Type.Array(PersonRef),
  mutedWords: Type.Array(Text),
});
/**
 * Everything the account holds, as its owner downloads it. An interface, so that the route table's
 * declaration names it instead of spelling it out (the table's inferred type has a size limit).
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface AccountExportData extends Static<typeof AccountExportObject> {}
/** Everything the account holds, for its owner to download (each list at most MAX_EXPORT_ITEMS, newest first). */
export const AccountExport = Type.Unsafe<AccountExportData>(AccountExportObject);

/** Every answer of the API, by name: the route table names one (or two, for the two forms) per call. */
export const ANSWERS = {
  signedUp: open({ createdUser: User, encodedToken: Text }),
  loggedIn: open({ foundUser: User, encodedToken: Text }),
  users: open({ users: Type.Array(User) }),
  user: open({ user: User }),
  bookmarks: open({ bookmarks: Type.Array(Text) }),
  follow: open({ user: User, followUser: User }),
  posts: open({ posts: Type.Array(Post), nextCursor: Type.Optional(Cursor) }),
  post: open({ post: Post }),

  compactSignedUp: open({ createdUser: Profile, encodedToken: Text }),
  compactLoggedIn: open({ foundUser: Profile, encodedToken: Text }),
  profile: open({ user: Profile }),
  follows: open({ user: Profile, followUser: Profile }),
  bookmark: open({ postId: Text, bookmarkedByMe: Type.Boolean() }),
  postPage: open({ posts: Type.Array(CompactPost), nextCursor: Cursor }),
  peoplePage: open({ users: Type.Array(PersonCard), nextCursor: Cursor }),
  compactPost: open({ post: CompactPost }),
  deletedPost: open({ postId: Text }),
  thread: open({ ancestors: Type.Array(Type.Union([CompactPost, DeletedPost])), post: CompactPost }),
  notificationPage: open({ notifications: Type.Array(Notification), nextCursor: Cursor }),
  unread: open({ unread: Count }),
  account: open({ account: Account }),
  relation: open({ relation: Relation }),
  /** The caller's new token: every other one the account had stops working. */
  renewedToken: open({ encodedToken: Text }),
  signedOutEverywhere: open({ signedOutEverywhere: Type.Literal(true) }),
  report: open({ report: Report }),
  reportedPosts: open({ reports: Type.Array(ReportedPost) }),
  /** A moderator's change to a post: whether it is now hidden. */
  moderatedPost: open({ postId: Text, removedByModerators: Type.Boolean() }),
  /** A moderator's change to an account: whether it is now suspended. */
  moderatedUser: open({ userId: Text, suspended: Type.Boolean() }),
  dismissed: open({ postId: Text, dismissed: Count }),
  audit: open({ entries: Type.Array(AuditEntry) }),
  accountExport: open({ data: AccountExport }),
  accountDeleted: open({ accountDeleted: Type.Literal(true) }),
  /** The account's muted words, phrases and tags, in the order they were added. */
  mutedWords: open({ words: Type.Array(Text) }),
} satisfies Record<string, TObject>;

export type AnswerName = keyof typeof ANSWERS;

/** Every refusal: `{ errors: [text] }` (spec 8). */
export const ERROR_ANSWER = Type.Object({ errors: Type.Array(Text) });

/** What a route's descriptor may name: the schema vocabulary its `schemas` function is given. */
export const SCHEMAS = { bodies: BODY_SCHEMAS, queries: QUERY_SCHEMAS, answers: ANSWERS, error: ERROR_ANSWER };
export type Schemas = typeof SCHEMAS;
