/**
 * The compact form from SQL: a page of posts with their authors' summaries and the viewer's own
 * reactions (two index lookups per post, never the lists of likers), profiles with their counts
 * (index counts), and pages of people keyset-paged on (lower(username), id). Large inline pictures
 * never leave the database here: a summary names them by URL (`pictureUrl`).
 */
import type { CompactPost, PersonCard, Profile, UserSummary } from '@chirp/contracts';
import { formatTimestamp, imagesField, imagesOf, LIMITS, mutedWordField, profileForViewer, type StoredImage, type StoredPost } from '@chirp/api-rules';
import { namedImageColumn, namedInline, pictureVersion, picturePath, postImagePath, withOrigin, type PictureNaming } from './named-pictures';
export { picturePath, type PictureNaming };
import { rowIds, isStorableText } from './records';
import type { Queryable } from './sql';

/** A picture column: the picture itself when inline-sized, else NULL (the row then needs the URL). */
const pictureColumn = (alias: string) =>
  `CASE WHEN octet_length(${alias}.profile_pic) <= ${LIMITS.maxInlinePicture} THEN ${alias}.profile_pic END`;

interface PersonRow {
  id: string;
  username: string;
  first_name: string;
  last_name: string;
  picture: string | null;
  picture_version: number;
  followed_by_me: boolean;
}

/**
 * Whether the viewer has the row with this primary key (`table`'s `condition`): one probe of the key per
 * line. Not `EXISTS`: PostgreSQL may turn that into a hash of every row the viewer has (all their follows,
 * bookmarks or reposts, read whole at each call) when its generic plan guesses the viewer has few, as it
 * did for the Following page of a reader who follows 2,000 people (docs/performance.md). A key finds one
 * row at most, so the scalar subquery is never more than one.
 */
const viewerHas = (table: string, condition: string) => `COALESCE((SELECT true FROM ${table} WHERE ${condition}), false)`;

const PERSON_COLUMNS = (alias: string, viewer: string) => `${alias}.id::text AS id, ${alias}.username, ${alias}.first_name,
    ${alias}.last_name, ${pictureColumn(alias)} AS picture,
    ${pictureVersion(alias)} AS picture_version,
    ${viewerHas('follows f', `f.follower_id = ${viewer} AND f.followee_id = ${alias}.id`)} AS followed_by_me`;

type SummaryRow = Omit<PersonRow, 'followed_by_me'>;

function toSummary(row: SummaryRow, naming: PictureNaming): UserSummary {
  return {
    _id: row.id,
    username: row.username,
    firstName: row.first_name,
    lastName: row.last_name,
    profilePic: row.picture ?? `${naming.origin}${picturePath(row.id, Number(row.picture_version))}`,
  };
}

const toPerson = (row: PersonRow, naming: PictureNaming): PersonCard => ({
  ...toSummary(row, naming),
  followedByMe: row.followed_by_me,
});

// Posts.

interface CompactPostRow extends PersonRow {
  post_id: string;
  content: string;
  image: string | null;
  image_alt: string | null;
  more_images: StoredImage[] | null;
  image_version: string | number;
  like_count: number;
  created_at: Date;
  created_offset: number;
  updated_at: Date;
  updated_offset: number;
  my_reaction: boolean | null;
  bookmarked_by_me: boolean;
  seq: string | number;
  reply_to: string | null;
  replying_to: string | null;
  reply_count: number;
  mentioned: string[];
  removed: boolean;
  author_suspended: boolean;
  viewer_muted_words: string[] | null;
  repost_count: number;
  reposted_by_me: boolean;
  quote_of: string | null;
  /** The quoted post, null where it is gone or not shown to the viewer (or the post quotes nothing). */
  quoted: QuotedRow | null;
  /** Whether the quoted post is still there (null: gone, or the post quotes nothing). */
  quoted_exists: boolean | null;
  /** Its time, beside it: read as every other time is. */
  quoted_created_at: Date | null;
}

/** The quoted post's columns, as one JSON value (`QUOTED_JOIN`): most posts quote nothing, and their lines carry two nulls, not fourteen. */
interface QuotedRow {
  id: string;
  content: string;
  image: string | null;
  image_alt: string | null;
  more_images: StoredImage[] | null;
  image_version: number;
  created_offset: number;
  author_id: string;
  username: string;
  first_name: string;
  last_name: string;
  picture: string | null;
  picture_version: number;
}

/**
 * The quoted post of a quote (`p`), as `q` and its author `qa`: its columns only where the viewer is
 * shown it (not hidden by moderators but to its author, not of a suspended author, not of someone
 * blocked either way); else nulls beside `quoted_exists`, and the quote shows the unavailable marker.
 * No row at all where it is gone: the deleted marker. The test of `p.quote_of` inside is a one-time
 * filter of each line: a post that quotes nothing is not looked up at all.
 */
const QUOTED_JOIN = (viewer: string) => `LEFT JOIN LATERAL (
    SELECT CASE WHEN shown THEN json_build_object('id', q.id::text, 'content', q.content, 'image', ${namedImageColumn('q')}, 'image_alt', q.image_alt,
      'more_images', q.more_images, 'image_version', ${pictureVersion('q')}, 'created_offset', q.created_offset,
      'author_id', qa.id::text, 'username', qa.username, 'first_name', qa.first_name, 'last_name', qa.last_name,
      'picture', ${pictureColumn('qa')}, 'picture_version', ${pictureVersion('qa')}) END AS quoted,
      CASE WHEN shown THEN q.created_at END AS quoted_created_at, TRUE AS quoted_exists
    FROM posts q JOIN users qa ON qa.id = q.author_id,
      LATERAL (SELECT qa.suspended_at IS NULL AND (q.removed_at IS NULL OR q.author_id = ${viewer})
        AND NOT EXISTS (SELECT 1 FROM blocks b WHERE (b.blocker_id = ${viewer} AND b.blocked_id = qa.id) OR (b.blocker_id = qa.id AND b.blocked_id = ${viewer})) AS shown) visible
    WHERE p.quote_of IS NOT NULL AND q.id = p.quote_of
  ) quoted ON TRUE`;

/** A post's `images` in the compact form: the first named by the query, the others here, the same way. */
function compactImages(
  naming: PictureNaming,
  postId: string,
  version: string | number,
  image: Pick<StoredPost, 'image' | 'imageAlt'>,
  moreImages: Pick<StoredPost, 'moreImages'>,
) {
  return imagesField(imagesOf({ ...image, ...moreImages }), (named, position) =>
    position === 1 ? named : namedInline(naming, named, postImagePath(postId, Number(version), position)),
  );
}

function quoteFields(row: CompactPostRow, naming: PictureNaming): Pick<CompactPost, 'quoteOf' | 'quote'> {
  if (row.quote_of === null) return {};
  const quoted = row.quoted;
  if (quoted === null) {
    return { quoteOf: row.quote_of, quote: { _id: row.quote_of, deleted: true, ...(row.quoted_exists ? { unavailable: true as const } : {}) } };
  }
  const author = toSummary(
    { id: quoted.author_id, username: quoted.username, first_name: quoted.first_name, last_name: quoted.last_name, picture: quoted.picture, picture_version: quoted.picture_version },
    naming,
  );
  const image = quoted.image === null ? {} : { image: withOrigin(naming, quoted.image), ...(quoted.image_alt === null ? {} : { imageAlt: quoted.image_alt }) };
  const moreImages = quoted.more_images === null ? {} : { moreImages: quoted.more_images };
  return {
    quoteOf: row.quote_of,
    quote: {
      _id: quoted.id,
      content: quoted.content,
      ...image,
      ...compactImages(naming, quoted.id, quoted.image_version, image, moreImages),
      username: quoted.username,
      author,
      createdAt: formatTimestamp(new Date(row.quoted_created_at!), quoted.created_offset),
    },
  };
}

/** A post chosen for a page, in both forms: the rules page on the stored form, the caller gets the compact one. */
export interface CompactRow {
  stored: StoredPost;
  compact: CompactPost;
  /** Its author is suspended (nobody is shown the post). */
  authorSuspended: boolean;
}

/**
 * The compact projection of the posts `p` that `from` names (with their authors `a` and quoted posts),
 * as `viewer` (a uuid expression) sees them; `columns`, when given, are read beside them. The lookups
 * most posts do not need (the post replied to, the people mentioned, the quoted post) are skipped
 * where there is nothing to look up, rather than run with a null key for every line.
 */
const compactSelect = (from: string, viewer: string, columns?: string) => `SELECT p.id::text AS post_id, p.content, ${namedImageColumn('p')} AS image, p.image_alt, p.more_images, ${pictureVersion('p')} AS image_version, p.like_count, p.created_at, p.created_offset, p.updated_at,
        p.updated_offset, p.seq, ${PERSON_COLUMNS('a', viewer)},
        (SELECT r.liked FROM post_reactions r WHERE r.post_id = p.id AND r.user_id = ${viewer}) AS my_reaction,
        ${viewerHas('bookmarks b', `b.user_id = ${viewer} AND b.post_id = p.id`)} AS bookmarked_by_me,
        p.reply_to::text AS reply_to,
        CASE WHEN p.reply_to IS NOT NULL THEN (SELECT pa.username FROM posts pp JOIN users pa ON pa.id = pp.author_id WHERE pp.id = p.reply_to) END AS replying_to,
        (SELECT count(*) FROM posts c WHERE c.reply_to = p.id AND c.removed_at IS NULL
          AND NOT EXISTS (SELECT 1 FROM users cu WHERE cu.id = c.author_id AND cu.suspended_at IS NOT NULL))::int AS reply_count,
        CASE WHEN p.mentions = '{}' THEN '{}'::text[]
          ELSE ARRAY(SELECT m.username FROM users m WHERE lower(m.username) = ANY(p.mentions) ORDER BY lower(m.username) COLLATE "C") END AS mentioned,
        p.removed_at IS NOT NULL AS removed, a.suspended_at IS NOT NULL AS author_suspended,
        (SELECT v.muted_words FROM users v WHERE v.id = ${viewer}) AS viewer_muted_words,
        (SELECT count(*) FROM reposts rp WHERE rp.post_id = p.id)::int AS repost_count,
        ${viewerHas('reposts rp', `rp.post_id = p.id AND rp.user_id = ${viewer}`)} AS reposted_by_me,
        p.quote_of::text AS quote_of, quoted.quoted, quoted.quoted_created_at, quoted.quoted_exists${columns ? `, ${columns}` : ''}
      FROM ${from} JOIN users a ON a.id = p.author_id
      ${QUOTED_JOIN(viewer)}`;

/** A row of `compactSelect` in both forms. */
function compactRow(row: CompactPostRow, viewerId: string | null, naming: PictureNaming): CompactRow {
  const createdAt = formatTimestamp(new Date(row.created_at), row.created_offset);
  const updatedAt = formatTimestamp(new Date(row.updated_at), row.updated_offset);
  const image = row.image === null ? {} : { image: withOrigin(naming, row.image), ...(row.image_alt === null ? {} : { imageAlt: row.image_alt }) };
  const moreImages = row.more_images === null ? {} : { moreImages: row.more_images };
  const likeCount = Number(row.like_count);
  const replyTo = row.reply_to === null ? {} : { replyTo: row.reply_to };
  const removed = row.removed ? { removed: true as const } : {};
  return {
    authorSuspended: row.author_suspended,
    stored: {
      _id: row.post_id,
      content: row.content,
      ...image,
      ...moreImages,
      username: row.username,
      likes: { likeCount, likedBy: [], dislikedBy: [] },
      createdAt,
      updatedAt,
      seq: Number(row.seq),
      ...replyTo,
      ...removed,
    },
    compact: {
      _id: row.post_id,
      content: row.content,
      ...image,
      ...compactImages(naming, row.post_id, row.image_version, image, moreImages),
      username: row.username,
      author: toSummary(row, naming),
      likeCount,
      likedByMe: row.my_reaction === true,
      dislikedByMe: row.my_reaction === false,
      bookmarkedByMe: row.bookmarked_by_me,
      createdAt,
      updatedAt,
      ...replyTo,
      ...(row.replying_to === null ? {} : { replyingTo: row.replying_to }),
      replyCount: row.reply_count,
      mentions: row.mentioned,
      ...(row.removed ? { removedByModerators: true as const } : {}),
      ...mutedWordField(row.viewer_muted_words ?? undefined, row.content, row.id === viewerId),
      repostCount: row.repost_count,
      repostedByMe: row.reposted_by_me,
      ...quoteFields(row, naming),
    },
  };
}

/**
 * The compact posts matching `condition` on `p` (with `tail`: ORDER BY and LIMIT on `p`), as seen by
 * `viewerId` (null: nobody signed in). `params` are the condition's; the viewer is appended.
 */
export async function compactPostsWhere(
  q: Queryable,
  viewerId: string | null,
  naming: PictureNaming,
  condition: string,
  params: unknown[],
  tail = '',
): Promise<CompactRow[]> {
  const viewer = `$${params.length + 1}::uuid`;
  const { rows } = await q.query<CompactPostRow>(compactSelect(`(SELECT * FROM posts p ${condition} ${tail}) p`, viewer), [...params, viewerId], {
    prepared: true,
  });
  return rows.map((row) => compactRow(row, viewerId, naming));
}

/**
 * Compact posts and the rows they stand on, in one statement: `from` joins the posts `p` to those
 * rows, whose `columns` each answer carries (`line`). `viewer` is the viewer's parameter in `params`.
 */
export async function compactPostsJoined<Line extends object>(
  q: Queryable,
  viewerId: string,
  naming: PictureNaming,
  query: { from: string; columns: string; viewer: string; params: unknown[] },
): Promise<(CompactRow & { line: Line })[]> {
  const { rows } = await q.query<CompactPostRow & Line>(compactSelect(query.from, query.viewer, query.columns), query.params, { prepared: true });
  return rows.map((row) => ({ ...compactRow(row, viewerId, naming), line: row }));
}

export async function compactPostById(q: Queryable, postId: string, viewerId: string | null, naming: PictureNaming) {
  const [id] = rowIds([postId]);
  if (!id) return undefined;
  const [row] = await compactPostsWhere(q, viewerId, naming, 'WHERE p.id = $1::uuid', [id]);
  // A hidden post is its author's alone to find; a suspended author's is nobody's.
  if (!row || row.authorSuspended || (row.stored.removed && row.compact.author._id !== viewerId)) return undefined;
  return row.compact;
}

// Profiles and people.

interface ProfileRow extends PersonRow {
  title: string;
  bio: string;
  website: string;
  created_at: Date;
  created_offset: number;
  updated_at: Date;
  updated_offset: number;
  post_count: number;
  follower_count: number;
  following_count: number;
  muted_by_me: boolean;
  blocked_by_me: boolean;
  blocks_me: boolean;
  suspended: boolean;
}

/** One profile (by id or exact username), its counts read through the indexes. */
export async function loadProfile(
  q: Queryable,
  where: { id: string } | { username: string },
  viewerId: string | null,
  naming: PictureNaming,
): Promise<Profile | undefined> {
  let condition: string;
  let value: string;
  if ('id' in where) {
    const [id] = rowIds([where.id]);
    if (!id) return undefined;
    [condition, value] = ['u.id = $1::uuid', id];
  } else {
    if (!isStorableText(where.username)) return undefined;
    [condition, value] = ['lower(u.username) = lower($1) AND u.username = $1', where.username];
  }
  const { rows } = await q.query<ProfileRow>(
    `SELECT ${PERSON_COLUMNS('u', '$2::uuid')}, u.title, u.bio, u.website, u.created_at, u.created_offset,
        u.updated_at, u.updated_offset,
        (SELECT count(*) FROM posts p WHERE p.author_id = u.id)::int AS post_count,
        (SELECT count(*) FROM follows f WHERE f.followee_id = u.id)::int AS follower_count,
        (SELECT count(*) FROM follows f WHERE f.follower_id = u.id)::int AS following_count,
        EXISTS (SELECT 1 FROM mutes m WHERE m.muter_id = $2::uuid AND m.muted_id = u.id) AS muted_by_me,
        EXISTS (SELECT 1 FROM blocks b WHERE b.blocker_id = $2::uuid AND b.blocked_id = u.id) AS blocked_by_me,
        EXISTS (SELECT 1 FROM blocks b WHERE b.blocker_id = u.id AND b.blocked_id = $2::uuid) AS blocks_me,
        u.suspended_at IS NOT NULL AS suspended
      FROM users u WHERE ${condition}`,
    [value, viewerId],
  );
  const row = rows[0];
  if (!row) return undefined;
  const relation = { mutedByMe: row.muted_by_me, blockedByMe: row.blocked_by_me, blocksMe: row.blocks_me };
  return profileForViewer({
    ...toPerson(row, naming),
    title: row.title,
    bio: row.bio,
    website: row.website,
    createdAt: formatTimestamp(new Date(row.created_at), row.created_offset),
    updatedAt: formatTimestamp(new Date(row.updated_at), row.updated_offset),
    postCount: row.post_count,
    followerCount: row.follower_count,
    followingCount: row.following_count,
    ...(row.suspended ? { suspended: true as const } : {}),
  }, relation);
}

/** Which people a list holds, as a condition on `u` and its parameters (before the paging ones). */
export type PeopleFilter =
  | { kind: 'everyone' }
  | { kind: 'followers'; of: string }
  | { kind: 'following'; of: string }
  | { kind: 'likers'; of: string }
  | { kind: 'reposters'; of: string }
  | { kind: 'search'; text: string }
  | { kind: 'suggestions'; for: string }
  | { kind: 'muted'; by: string }
  | { kind: 'blocked'; by: string };

function peopleCondition(filter: PeopleFilter, param: (value: unknown) => string): string {
  switch (filter.kind) {
    case 'everyone':
      return 'TRUE';
    case 'followers':
      return `u.id IN (SELECT f.follower_id FROM follows f WHERE f.followee_id = ${param(filter.of)}::uuid)`;
    case 'following':
      return `u.id IN (SELECT f.followee_id FROM follows f WHERE f.follower_id = ${param(filter.of)}::uuid)`;
    case 'likers':
      return `u.id IN (SELECT r.user_id FROM post_reactions r WHERE r.post_id = ${param(filter.of)}::uuid AND r.liked)`;
    case 'reposters':
      return `u.id IN (SELECT r.user_id FROM reposts r WHERE r.post_id = ${param(filter.of)}::uuid)`;
    case 'search': {
      // Spec 5: a case-insensitive substring; LIKE's own wildcards in the text are matched as text.
      const pattern = param(`%${filter.text.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`);
      return `(lower(u.username) LIKE ${pattern} OR lower(u.first_name) LIKE ${pattern} OR lower(u.last_name) LIKE ${pattern})`;
    }
    case 'suggestions': {
      const me = param(filter.for);
      return `u.id <> ${me}::uuid AND NOT EXISTS (SELECT 1 FROM follows f WHERE f.follower_id = ${me}::uuid AND f.followee_id = u.id)
        AND NOT EXISTS (SELECT 1 FROM mutes m WHERE m.muter_id = ${me}::uuid AND m.muted_id = u.id)`;
    }
    case 'muted':
      return `u.id IN (SELECT m.muted_id FROM mutes m WHERE m.muter_id = ${param(filter.by)}::uuid)`;
    case 'blocked':
      return `u.id IN (SELECT b.blocked_id FROM blocks b WHERE b.blocker_id = ${param(filter.by)}::uuid)`;
  }
}

/** The people a viewer (a parameter) does not see in lists: blocked either way (a muted person is still listed). */
const blockedEitherWay = (viewer: string) => `u.id NOT IN (SELECT b.blocked_id FROM blocks b WHERE b.blocker_id = ${viewer}
    UNION ALL SELECT b.blocker_id FROM blocks b WHERE b.blocked_id = ${viewer})`;

/** `limit + 1` people after `after` (its lower-case username), alphabetical: the caller cuts the page. */
export async function peopleAfter(
  q: Queryable,
  filter: PeopleFilter,
  after: [string, string] | undefined,
  limit: number,
  viewerId: string | null,
  naming: PictureNaming,
): Promise<{ person: PersonCard; key: [string, string] }[]> {
  const params: unknown[] = [];
  const param = (value: unknown) => `$${params.push(value)}`;
  const conditions = [peopleCondition(filter, param)];
  // Usernames are unique whatever their case, so the name alone orders the list (byte order, as the rules').
  if (after) conditions.push(`lower(u.username) COLLATE "C" > ${param(after[0])} COLLATE "C"`);
  const viewer = `${param(viewerId)}::uuid`;
  // The blocked list is the one place the people one blocked are shown to one.
  if (viewerId !== null && filter.kind !== 'blocked') conditions.push(blockedEitherWay(viewer));
  // A suspended account is listed nowhere but in one's own lists of people muted and blocked.
  if (filter.kind !== 'blocked' && filter.kind !== 'muted') conditions.push('u.suspended_at IS NULL');
  const { rows } = await q.query<PersonRow>(
    `SELECT ${PERSON_COLUMNS('u', viewer)} FROM users u WHERE ${conditions.join(' AND ')}
      ORDER BY lower(u.username) COLLATE "C" LIMIT ${param(limit + 1)}`,
    params,
  );
  return rows.map((row) => ({ person: toPerson(row, naming), key: [row.username.toLowerCase(), row.id] }));
}

/** A person's summary (`users` row `alias`) as one JSON value: `summaryOf` reads it back. */
export const summaryObject = (alias: string) => `json_build_object('id', ${alias}.id::text, 'username', ${alias}.username,
    'first_name', ${alias}.first_name, 'last_name', ${alias}.last_name, 'picture', ${pictureColumn(alias)}, 'picture_version', ${pictureVersion(alias)})`;

/** The summary a `summaryObject` column holds (null: nobody). */
export const summaryOf = (value: SummaryRow | null, naming: PictureNaming): UserSummary | undefined => (value === null ? undefined : toSummary(value, naming));

/** A post's image at `position` (1 to 4) as stored (for `GET /api/posts/{id}/image`). */
export async function loadPostImage(q: Queryable, postId: string, position = 1): Promise<string | undefined> {
  const [id] = rowIds([postId]);
  if (!id) return undefined;
  const { rows } = await q.query<{ image: string | null }>(
    position === 1 ? 'SELECT image FROM posts WHERE id = $1::uuid' : "SELECT p.more_images -> ($2::int - 2) ->> 'image' AS image FROM posts p WHERE p.id = $1::uuid",
    position === 1 ? [id] : [id, position],
  );
  return rows[0]?.image ?? undefined;
}

/** A user's picture as stored (for `GET /api/users/{id}/picture`). */
export async function loadPicture(q: Queryable, userId: string): Promise<string | undefined> {
  const [id] = rowIds([userId]);
  if (!id) return undefined;
  const { rows } = await q.query<{ profile_pic: string }>('SELECT profile_pic FROM users WHERE id = $1::uuid', [id]);
  return rows[0]?.profile_pic;
}
