/**
 * Rows ⇄ the rules' plain objects (`StoredUser`, `StoredPost` of `@chirp/api-rules`). Loaders read
 * the rows a call touches into those shapes; `saveChanges` writes back what a rule changed, by
 * comparing the objects before and after (rules never mutate: an unchanged entity is the same object).
 */
import type { UserSummary } from '@chirp/contracts';
import {
  formatTimestamp,
  parseTimestamp,
  type Database,
  type StoredImage,
  type CallerStamp,
  type StoredPost,
  type StoredUser,
  type SummaryIndex,
} from '@chirp/api-rules';
import { namedImageColumn, namedPictureColumn } from './named-pictures';
import type { Queryable } from './sql';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids that can name a row: anything else names nothing (and must not reach a uuid cast). */
export const rowIds = (ids: readonly string[]) => [...new Set(ids.filter((id) => UUID.test(id)))];

/** PostgreSQL text cannot hold NUL: such a name names nothing. */
export const isStorableText = (text: string) => !text.includes('\u0000');

interface UserRow {
  id: string;
  username: string;
  first_name: string;
  last_name: string;
  password_hash: string;
  profile_pic: string;
  title: string;
  bio: string;
  website: string;
  extras: Record<string, string>;
  email: string;
  session_version: number;
  moderator: boolean;
  suspended_at: Date | null;
  created_at: Date;
  created_offset: number;
  updated_at: Date;
  updated_offset: number;
  bookmarks: string[];
  following: string[];
  followers: string[];
  muting: string[];
  blocking: string[];
  muted_words: string[];
}

/**
 * Which entries of a row's relation lists (bookmarks, follows, reactions) to load: all of them, or
 * only those naming one of these ids. A change that touches one relation (a like, a follow) needs
 * only that one to run its rule and write the difference: a user followed by 10,000 people is not
 * loaded whole to be followed once more.
 */
export type Relations = 'all' | readonly string[];

/** `AND column = ANY($n)` when the relations are narrowed (their ids are parameter `n`). */
const onlyNamed = (relations: Relations, column: string, param: number) =>
  relations === 'all' ? '' : ` AND ${column} = ANY($${param}::uuid[])`;

/**
 * `named`: a read, whose answer names a large picture by URL (`namedPictureColumn`), so its bytes stay
 * in the database; a change loads the picture itself, which it may write back.
 */
const userSelect = (relations: Relations, param: number, named = false) => `SELECT u.id::text, u.username, u.first_name, u.last_name, u.password_hash,
    ${named ? namedPictureColumn('u') : 'u.profile_pic'} AS profile_pic,
    u.title, u.bio, u.website, u.extras, u.email, u.session_version, u.moderator, u.suspended_at, u.muted_words, u.created_at, u.created_offset, u.updated_at, u.updated_offset,
    ARRAY(SELECT b.post_id::text FROM bookmarks b WHERE b.user_id = u.id${onlyNamed(relations, 'b.post_id', param)} ORDER BY b.seq) AS bookmarks,
    ARRAY(SELECT f.followee_id::text FROM follows f WHERE f.follower_id = u.id${onlyNamed(relations, 'f.followee_id', param)} ORDER BY f.seq) AS following,
    ARRAY(SELECT f.follower_id::text FROM follows f WHERE f.followee_id = u.id${onlyNamed(relations, 'f.follower_id', param)} ORDER BY f.seq) AS followers,
    ARRAY(SELECT m.muted_id::text FROM mutes m WHERE m.muter_id = u.id${onlyNamed(relations, 'm.muted_id', param)} ORDER BY m.seq) AS muting,
    ARRAY(SELECT b.blocked_id::text FROM blocks b WHERE b.blocker_id = u.id${onlyNamed(relations, 'b.blocked_id', param)} ORDER BY b.seq) AS blocking
  FROM users u`;

const toUser = (row: UserRow): StoredUser => ({
  _id: row.id,
  username: row.username,
  firstName: row.first_name,
  lastName: row.last_name,
  passwordHash: row.password_hash,
  profilePic: row.profile_pic,
  title: row.title,
  bio: row.bio,
  website: row.website,
  bookmarks: row.bookmarks,
  followers: row.followers,
  following: row.following,
  muting: row.muting,
  blocking: row.blocking,
  ...(row.muted_words.length ? { mutedWords: row.muted_words } : {}),
  extras: row.extras,
  ...(row.email ? { email: row.email } : {}),
  ...(row.session_version ? { sessionVersion: row.session_version } : {}),
  ...(row.moderator ? { moderator: true as const } : {}),
  ...(row.suspended_at ? { suspended: true as const } : {}),
  createdAt: formatTimestamp(new Date(row.created_at), row.created_offset),
  updatedAt: formatTimestamp(new Date(row.updated_at), row.updated_offset),
});

async function usersWhere(q: Queryable, condition: string, params: unknown[], relations: Relations = 'all'): Promise<StoredUser[]> {
  const narrowed = relations === 'all' ? params : [...params, rowIds(relations)];
  const { rows } = await q.query<UserRow>(`${userSelect(relations, params.length + 1)} ${condition} ORDER BY u.seq`, narrowed, { prepared: true });
  return rows.map(toUser);
}

/** The first `max` users, in the order they signed up, for a read (large pictures named by URL). */
export async function loadUsersToShow(q: Queryable, max: number): Promise<StoredUser[]> {
  const { rows } = await q.query<UserRow>(`${userSelect('all', 1, true)} ORDER BY u.seq LIMIT $1`, [max]);
  return rows.map(toUser);
}

export function loadUsersById(q: Queryable, ids: readonly string[], relations: Relations = 'all'): Promise<StoredUser[]> {
  const wanted = rowIds(ids);
  return wanted.length === 0 ? Promise.resolve([]) : usersWhere(q, 'WHERE u.id = ANY($1::uuid[])', [wanted], relations);
}

/** The account's current session version; undefined when there is no such account. */
export async function loadSessionVersion(q: Queryable, userId: string): Promise<number | undefined> {
  return (await loadCallerStamp(q, userId))?.sessionVersion;
}

/** What a token is checked against (checkCaller): the account's username and session version; undefined when gone. */
export async function loadCallerStamp(q: Queryable, userId: string): Promise<CallerStamp | undefined> {
  const [id] = rowIds([userId]);
  if (!id) return undefined;
  const { rows } = await q.query<{ username: string; session_version: number }>('SELECT username, session_version FROM users WHERE id = $1', [id], {
    prepared: true,
  });
  return rows[0] && { username: rows[0].username, sessionVersion: rows[0].session_version };
}

/** The user with exactly this username (`/posts/user/…` matches exactly). */
export function loadUserNamed(q: Queryable, username: string): Promise<StoredUser[]> {
  if (!isStorableText(username)) return Promise.resolve([]);
  return usersWhere(q, 'WHERE lower(u.username) = lower($1) AND u.username = $1', [username]);
}

/** The account a log-in names: by its username or its email address, in any case (both unique so). */
export function loadUserForLogin(q: Queryable, name: string): Promise<StoredUser[]> {
  if (!isStorableText(name)) return Promise.resolve([]);
  return usersWhere(q, "WHERE lower(u.username) = lower($1) OR (u.email <> '' AND lower(u.email) = lower($1))", [name]);
}

/** The user whose username matches whatever its case (sign-up checks this). */
export function loadUsersNamedAnyCase(q: Queryable, username: string): Promise<StoredUser[]> {
  if (!isStorableText(username)) return Promise.resolve([]);
  return usersWhere(q, 'WHERE lower(u.username) = lower($1)', [username]);
}

/** Summaries of the people a response names (likers, followers…), current at this moment, large pictures named. */
export async function loadSummaries(q: Queryable, ids: Iterable<string>): Promise<SummaryIndex> {
  const wanted = rowIds([...ids]);
  if (wanted.length === 0) return new Map();
  const { rows } = await q.query<{ id: string; username: string; first_name: string; last_name: string; profile_pic: string }>(
    `SELECT u.id::text, u.username, u.first_name, u.last_name, ${namedPictureColumn('u')} AS profile_pic FROM users u WHERE u.id = ANY($1::uuid[])`,
    [wanted],
  );
  return new Map(
    rows.map((row): [string, UserSummary] => [
      row.id,
      { _id: row.id, username: row.username, firstName: row.first_name, lastName: row.last_name, profilePic: row.profile_pic },
    ]),
  );
}

interface PostRow {
  id: string;
  content: string;
  image: string | null;
  image_alt: string | null;
  more_images: StoredImage[] | null;
  username: string;
  like_count: number;
  created_at: Date;
  created_offset: number;
  updated_at: Date;
  updated_offset: number;
  liked_by: string[];
  disliked_by: string[];
  seq: string | number;
  reply_to: string | null;
  removed_at: Date | null;
  quote_of: string | null;
  /** Only where the query reads them (a change's posts): who reposted, when, in order. */
  reposts?: { userId: string; at: string; offset: number; seq: string | number }[];
}

const POST_COLUMNS = (named: boolean) => `p.id::text, p.content, ${named ? namedImageColumn('p') : 'p.image'} AS image, p.image_alt, p.more_images, a.username, p.like_count,
    p.created_at, p.created_offset, p.updated_at, p.updated_offset, p.seq, p.reply_to::text, p.removed_at, p.quote_of::text`;

/**
 * A few posts (a page, one post): the posts are chosen first (`condition` and `tail` — ORDER BY,
 * LIMIT — on `p`, using the feed indexes), then only those get their likes. The rows come in no
 * particular order: the rules order them.
 */
export const postSelect = (condition: string, tail = '', narrowed = '', named = false) => `SELECT ${POST_COLUMNS(named)},
    ARRAY(SELECT r.user_id::text FROM post_reactions r WHERE r.post_id = p.id AND r.liked${narrowed} ORDER BY r.seq) AS liked_by,
    ARRAY(SELECT r.user_id::text FROM post_reactions r WHERE r.post_id = p.id AND NOT r.liked${narrowed} ORDER BY r.seq) AS disliked_by,
    (SELECT coalesce(json_agg(json_build_object('userId', r.user_id, 'at', r.created_at, 'offset', r.created_offset, 'seq', r.seq) ORDER BY r.seq), '[]'::json)
      FROM reposts r WHERE r.post_id = p.id${narrowed}) AS reposts
  FROM (SELECT * FROM posts p ${condition} ${tail}) p JOIN users a ON a.id = p.author_id`;

/** Whole lists (every post, or every post of one author): the likes of all of them in one pass. */
export const ALL_POSTS_SELECT = `SELECT ${POST_COLUMNS(false)},
    coalesce(r.liked_by, '{}') AS liked_by, coalesce(r.disliked_by, '{}') AS disliked_by
  FROM posts p JOIN users a ON a.id = p.author_id
  LEFT JOIN (
    SELECT post_id,
      array_agg(user_id::text ORDER BY seq) FILTER (WHERE liked) AS liked_by,
      array_agg(user_id::text ORDER BY seq) FILTER (WHERE NOT liked) AS disliked_by
    FROM post_reactions GROUP BY post_id
  ) r ON r.post_id = p.id`;

/** A post's image columns as the rules keep them (NULL: absent). */
export const storedImages = (row: Pick<PostRow, 'image' | 'image_alt' | 'more_images'>): Pick<StoredPost, 'image' | 'imageAlt' | 'moreImages'> => ({
  ...(row.image === null ? {} : { image: row.image }),
  ...(row.image_alt === null ? {} : { imageAlt: row.image_alt }),
  ...(row.more_images === null ? {} : { moreImages: row.more_images }),
});

const toPost = (row: PostRow): StoredPost => ({
  _id: row.id,
  content: row.content,
  ...storedImages(row),
  username: row.username,
  likes: { likeCount: Number(row.like_count), likedBy: row.liked_by, dislikedBy: row.disliked_by },
  createdAt: formatTimestamp(new Date(row.created_at), row.created_offset),
  updatedAt: formatTimestamp(new Date(row.updated_at), row.updated_offset),
  seq: Number(row.seq),
  ...(row.reply_to === null ? {} : { replyTo: row.reply_to }),
  ...(row.removed_at === null ? {} : { removed: true as const }),
  ...(row.quote_of === null ? {} : { quoteOf: row.quote_of }),
  ...(row.reposts === undefined || row.reposts.length === 0
    ? {}
    : { reposts: row.reposts.map((entry) => ({ userId: entry.userId, at: formatTimestamp(new Date(entry.at), entry.offset), seq: Number(entry.seq) })) }),
});

/**
 * Posts matching `condition` (on `p`), with `tail` (ORDER BY, LIMIT on `p`): see `postSelect`.
 * `named`: for a read, a large image is named by URL and its bytes stay in the database.
 */
export async function postsWhere(q: Queryable, condition: string, params: unknown[], tail = '', named = false): Promise<StoredPost[]> {
  const { rows } = await q.query<PostRow>(postSelect(condition, tail, '', named), params);
  return rows.map(toPost);
}

export async function loadPostsById(q: Queryable, ids: readonly string[], relations: Relations = 'all'): Promise<StoredPost[]> {
  const wanted = rowIds(ids);
  if (wanted.length === 0) return [];
  if (relations === 'all') return postsWhere(q, 'WHERE p.id = ANY($1::uuid[])', [wanted]);
  const { rows } = await q.query<PostRow>(postSelect('WHERE p.id = ANY($1::uuid[])', '', onlyNamed(relations, 'r.user_id', 2)), [
    wanted,
    rowIds(relations),
  ]);
  return rows.map(toPost);
}

/**
 * Locks the rows a change will write (posts first, then users, each in id order, so two changes
 * never wait on each other in a circle). Rows that do not exist are simply not locked.
 */
export async function lockRows(q: Queryable, postIds: readonly string[], userIds: readonly string[]): Promise<void> {
  const posts = rowIds(postIds);
  const users = rowIds(userIds);
  if (posts.length) await q.query('SELECT 1 FROM posts WHERE id = ANY($1::uuid[]) ORDER BY id FOR UPDATE', [posts]);
  if (users.length) await q.query('SELECT 1 FROM users WHERE id = ANY($1::uuid[]) ORDER BY id FOR UPDATE', [users]);
}

/** The author of a post, if it exists (a change on the post reads whether the two block one another). */
export async function authorOf(q: Queryable, postId: string): Promise<string[]> {
  const [id] = rowIds([postId]);
  if (!id) return [];
  const { rows } = await q.query<{ author_id: string }>('SELECT author_id::text FROM posts WHERE id = $1', [id]);
  return rows.map((row) => row.author_id);
}

/** The users who bookmarked a post (deleting it changes their lists). */
export async function bookmarkersOf(q: Queryable, postId: string): Promise<string[]> {
  const [id] = rowIds([postId]);
  if (!id) return [];
  const { rows } = await q.query<{ user_id: string }>('SELECT user_id::text FROM bookmarks WHERE post_id = $1', [id]);
  return rows.map((row) => row.user_id);
}

// Writing back.

function timestampParams(text: string): [Date, number] {
  const { date, offsetMinutes } = parseTimestamp(text);
  return [date, offsetMinutes];
}

async function insertUser(q: Queryable, user: StoredUser): Promise<void> {
  await q.query(
    `INSERT INTO users (id, username, first_name, last_name, password_hash, profile_pic, title, bio, website, extras,
       created_at, created_offset, updated_at, updated_offset, email)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10::jsonb, $11, $12, $13, $14, $15)`,
    [
      user._id, user.username, user.firstName, user.lastName, user.passwordHash, user.profilePic, user.title, user.bio,
      user.website, JSON.stringify(user.extras), ...timestampParams(user.createdAt), ...timestampParams(user.updatedAt),
      user.email ?? '',
    ],
  );
}

async function updateUser(q: Queryable, user: StoredUser): Promise<void> {
  await q.query(
    `UPDATE users SET first_name = $2, last_name = $3, password_hash = $4, profile_pic = $5, title = $6, bio = $7,
       website = $8, extras = $9::jsonb, updated_at = $10, updated_offset = $11, email = $12, session_version = $13,
       muted_words = $14
     WHERE id = $1`,
    [
      user._id, user.firstName, user.lastName, user.passwordHash, user.profilePic, user.title, user.bio, user.website,
      JSON.stringify(user.extras), ...timestampParams(user.updatedAt), user.email ?? '', user.sessionVersion ?? 0,
      user.mutedWords ?? [],
    ],
  );
}

/** The `more_images` column's value: the second to fourth images as JSON, or NULL. */
const moreImagesParam = (post: StoredPost) => (post.moreImages?.length ? JSON.stringify(post.moreImages) : null);

async function insertPost(q: Queryable, post: StoredPost): Promise<void> {
  await q.query(
    `INSERT INTO posts (id, author_id, content, image, like_count, created_at, created_offset, updated_at, updated_offset, reply_to, image_alt, quote_of,
       more_images)
     VALUES ($1, (SELECT id FROM users WHERE lower(username) = lower($2) AND username = $2), $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13::jsonb)`,
    [
      post._id, post.username, post.content, post.image ?? null, post.likes.likeCount, ...timestampParams(post.createdAt),
      ...timestampParams(post.updatedAt), post.replyTo ?? null, post.imageAlt ?? null, post.quoteOf ?? null, moreImagesParam(post),
    ],
  );
}

async function updatePost(q: Queryable, post: StoredPost): Promise<void> {
  await q.query(
    'UPDATE posts SET content = $2, image = $3, like_count = $4, updated_at = $5, updated_offset = $6, image_alt = $7, more_images = $8::jsonb WHERE id = $1',
    [post._id, post.content, post.image ?? null, post.likes.likeCount, ...timestampParams(post.updatedAt), post.imageAlt ?? null, moreImagesParam(post)],
  );
}

/** A list kept as rows of (owner, item): removed items deleted, added ones appended in order. */
async function saveList(
  q: Queryable,
  table: { name: string; owner: string; item: string },
  ownerId: string,
  before: readonly string[],
  after: readonly string[],
): Promise<void> {
  if (before === after) return;
  const removed = before.filter((id) => !after.includes(id));
  const added = after.filter((id) => !before.includes(id));
  if (removed.length) {
    await q.query(`DELETE FROM ${table.name} WHERE ${table.owner} = $1 AND ${table.item} = ANY($2::uuid[])`, [ownerId, removed]);
  }
  if (added.length) await insertInOrder(q, `${table.name} (${table.owner}, ${table.item})`, ownerId, added);
}

/**
 * Rows (`ownerId`, each of `items`, then `more`'s values) in one statement, in the items' order: a
 * table that numbers its rows numbers them so. `more` names each value's SQL type.
 */
async function insertInOrder(
  q: Queryable,
  into: string,
  ownerId: string,
  items: readonly string[],
  more: readonly { value: unknown; type: string }[] = [],
): Promise<void> {
  const moreValues = more.map(({ type }, index) => `, $${index + 3}::${type}`).join('');
  await q.query(
    `INSERT INTO ${into} SELECT $1::uuid, item${moreValues} FROM unnest($2::uuid[]) WITH ORDINALITY AS added(item, n) ORDER BY n`,
    [ownerId, items, ...more.map(({ value }) => value)],
  );
}

const BOOKMARKS = { name: 'bookmarks', owner: 'user_id', item: 'post_id' };
const FOLLOWS = { name: 'follows', owner: 'follower_id', item: 'followee_id' };
const MUTES = { name: 'mutes', owner: 'muter_id', item: 'muted_id' };
const BLOCKS = { name: 'blocks', owner: 'blocker_id', item: 'blocked_id' };

/** likedBy / dislikedBy: a reaction that is new or changed side moves to the end, as the rules append. */
async function saveReactions(q: Queryable, before: StoredPost['likes'] | undefined, post: StoredPost): Promise<void> {
  const side = (likes: StoredPost['likes'] | undefined) =>
    new Map<string, boolean>([
      ...(likes?.likedBy ?? []).map((id): [string, boolean] => [id, true]),
      ...(likes?.dislikedBy ?? []).map((id): [string, boolean] => [id, false]),
    ]);
  const [old, now] = [side(before), side(post.likes)];
  const gone = [...old.keys()].filter((id) => now.get(id) !== old.get(id));
  if (gone.length) await q.query('DELETE FROM post_reactions WHERE post_id = $1 AND user_id = ANY($2::uuid[])', [post._id, gone]);
  for (const [ids, liked] of [[post.likes.likedBy, true], [post.likes.dislikedBy, false]] as const) {
    const added = ids.filter((id) => old.get(id) !== liked);
    if (added.length) await insertInOrder(q, 'post_reactions (post_id, user_id, liked)', post._id, added, [{ value: liked, type: 'boolean' }]);
  }
}

/** Reposts: the people whose repost went are deleted, the new ones inserted at their time (the database numbers them). */
async function saveReposts(q: Queryable, before: StoredPost['reposts'], post: StoredPost): Promise<void> {
  const old = new Set((before ?? []).map((entry) => entry.userId));
  const now = post.reposts ?? [];
  const kept = new Set(now.map((entry) => entry.userId));
  const gone = [...old].filter((id) => !kept.has(id));
  if (gone.length) await q.query('DELETE FROM reposts WHERE post_id = $1 AND user_id = ANY($2::uuid[])', [post._id, gone]);
  for (const entry of now) {
    if (!old.has(entry.userId)) {
      await q.query('INSERT INTO reposts (post_id, user_id, created_at, created_offset) VALUES ($1, $2, $3, $4)', [post._id, entry.userId, ...timestampParams(entry.at)]);
    }
  }
}

/**
 * Writes what a rule changed: new and changed users, new and changed posts, their reactions,
 * bookmarks and follows, then removed posts. `followers` are not written: they are the other side of
 * `following`, which is.
 */
export async function saveChanges(q: Queryable, before: Database, after: Database): Promise<void> {
  const usersBefore = new Map(before.users.map((user) => [user._id, user]));
  const postsBefore = new Map(before.posts.map((post) => [post._id, post]));
  const changedUsers = after.users.filter((user) => usersBefore.get(user._id) !== user);
  const changedPosts = after.posts.filter((post) => postsBefore.get(post._id) !== post);

  for (const user of changedUsers) {
    await (usersBefore.has(user._id) ? updateUser(q, user) : insertUser(q, user));
  }
  for (const post of changedPosts) {
    const old = postsBefore.get(post._id);
    await (old ? updatePost(q, post) : insertPost(q, post));
    await saveReactions(q, old?.likes, post);
    if (old?.reposts !== post.reposts) await saveReposts(q, old?.reposts, post);
  }
  for (const user of changedUsers) {
    const old = usersBefore.get(user._id);
    await saveList(q, BOOKMARKS, user._id, old?.bookmarks ?? [], user.bookmarks);
    await saveList(q, FOLLOWS, user._id, old?.following ?? [], user.following);
    await saveList(q, MUTES, user._id, old?.muting ?? [], user.muting ?? []);
    await saveList(q, BLOCKS, user._id, old?.blocking ?? [], user.blocking ?? []);
  }
  const kept = new Set(after.posts.map((post) => post._id));
  const removed = before.posts.filter((post) => !kept.has(post._id)).map((post) => post._id);
  if (removed.length) await q.query('DELETE FROM posts WHERE id = ANY($1::uuid[])', [removed]);
}
