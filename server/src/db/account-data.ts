/**
 * The account's data in SQL: the parts of its export, each list one index range cut at the cap (one
 * row more says it was cut), and its deletion, in one transaction that also keeps every count of
 * others exact and leaves no row naming the account (see docs/api.md, "Your data").
 */
import { MAX_EXPORT_ITEMS } from '@chirp/contracts';
import { formatTimestamp, toExportedPost, type AccountData, type NameReservation, type SpecView, type StoredImage, type StoredUser } from '@chirp/api-rules';
import { announceAuthorGone } from './live-events';
import { namedImageColumn } from './named-pictures';
import { storedImages } from './records';
import type { Queryable } from './sql';

interface ExportPostRow {
  id: string;
  content: string;
  image: string | null;
  image_alt: string | null;
  more_images: StoredImage[] | null;
  reply_to: string | null;
  like_count: number;
  created_at: Date;
  created_offset: number;
  updated_at: Date;
  updated_offset: number;
}

/** The parts of `user`'s export, each list newest first and at most one entry past the cap. */
export async function loadAccountData(q: Queryable, user: StoredUser, view: Pick<SpecView, 'postImage'>): Promise<AccountData> {
  const params = [user._id, MAX_EXPORT_ITEMS + 1];
  const posts = await q.query<ExportPostRow>(
    `SELECT p.id::text, p.content, ${namedImageColumn('p')} AS image, p.image_alt, p.more_images, p.reply_to::text, p.like_count,
        p.created_at, p.created_offset, p.updated_at, p.updated_offset
      FROM posts p WHERE p.author_id = $1::uuid ORDER BY p.created_at DESC, p.seq DESC LIMIT $2`,
    params,
  );
  const likes = await q.query<{ postId: string; username: string }>(
    `SELECT r.post_id::text AS "postId", a.username FROM post_reactions r
        JOIN posts p ON p.id = r.post_id JOIN users a ON a.id = p.author_id
      WHERE r.user_id = $1::uuid AND r.liked ORDER BY r.seq DESC LIMIT $2`,
    params,
  );
  const bookmarks = await q.query<{ post_id: string }>(
    'SELECT post_id::text FROM bookmarks WHERE user_id = $1::uuid ORDER BY seq DESC LIMIT $2',
    params,
  );
  const people = (table: 'follows' | 'mutes' | 'blocks', mine: string, theirs: string) =>
    q.query<{ _id: string; username: string }>(
      `SELECT u.id::text AS "_id", u.username FROM ${table} f JOIN users u ON u.id = f.${theirs}
        WHERE f.${mine} = $1::uuid ORDER BY f.seq DESC LIMIT $2`,
      params,
    );
  return {
    user,
    posts: posts.rows.map((row) =>
      toExportedPost(
        {
          _id: row.id,
          content: row.content,
          ...storedImages(row),
          ...(row.reply_to === null ? {} : { replyTo: row.reply_to }),
          likeCount: Number(row.like_count),
          createdAt: formatTimestamp(new Date(row.created_at), row.created_offset),
          updatedAt: formatTimestamp(new Date(row.updated_at), row.updated_offset),
        },
        view,
      ),
    ),
    likes: likes.rows,
    bookmarks: bookmarks.rows.map((row) => row.post_id),
    following: (await people('follows', 'follower_id', 'followee_id')).rows,
    followers: (await people('follows', 'followee_id', 'follower_id')).rows,
    muted: (await people('mutes', 'muter_id', 'muted_id')).rows,
    blocked: (await people('blocks', 'blocker_id', 'blocked_id')).rows,
  };
}

/**
 * Deletes the account `user` and everything that names it, in the caller's transaction `tx`, and
 * reserves its username. Answers the names of the uploads it had, for the image store to remove once
 * the transaction is committed.
 */
export async function deleteAccountRows(tx: Queryable, user: Pick<StoredUser, '_id' | 'username'>, reservation: NameReservation): Promise<string[]> {
  const id = [user._id];
  const name = user.username.toLowerCase();
  // Locked first, so that a like, a follow or a post of the account cannot slip in beside the deletion.
  await tx.query('SELECT 1 FROM users WHERE id = $1::uuid FOR UPDATE', id);
  // The live trigger of a reaction runs at commit otherwise, when it would write an event naming the
  // account after the events below are deleted: run it now, so that they are.
  await tx.exec('SET CONSTRAINTS post_reactions_live IMMEDIATE');
  const { rows: ownPosts } = await tx.query<{ id: string }>('SELECT id::text FROM posts WHERE author_id = $1::uuid', id);
  // Its likes are taken back from others' posts' counts (a dislike never raised one).
  await tx.query(
    `UPDATE posts p SET like_count = greatest(0, p.like_count - 1)
       FROM post_reactions r WHERE r.post_id = p.id AND r.user_id = $1::uuid AND r.liked AND p.author_id <> $1::uuid`,
    id,
  );
  await tx.query('DELETE FROM post_reactions WHERE user_id = $1::uuid', id);
  // Out of others' notification lines; a line with nobody left goes.
  await tx.query('UPDATE notifications SET actor_ids = array_remove(actor_ids, $1::uuid) WHERE actor_ids @> ARRAY[$1::uuid]', id);
  await tx.query('DELETE FROM notifications WHERE cardinality(actor_ids) = 0');
  const { rows: uploads } = await tx.query<{ name: string }>('DELETE FROM uploads WHERE user_id = $1::uuid RETURNING name', id);
  await tx.query(
    `DELETE FROM usage_windows WHERE subject = $1::text OR subject = $2::text OR (kind = 'login-from' AND subject LIKE $3::text)`,
    [user._id, name, `${JSON.stringify([name]).slice(0, -1)},%`],
  );
  await tx.query('DELETE FROM like_windows WHERE user_id = $1::uuid', id);
  await tx.query('DELETE FROM login_failures WHERE account = $1', [name]);
  // The rest goes with the row: its posts (and the reactions, bookmarks and notifications about them),
  // its reactions, bookmarks, follows both ways, mutes and blocks both ways, its notifications.
  await tx.query('DELETE FROM users WHERE id = $1::uuid', id);
  // Events written by the deletions above, and earlier ones that name the account or its posts; then
  // the notice that takes its posts off open pages (kept nowhere).
  await tx.query(
    `DELETE FROM live_events WHERE user_id::text = $1 OR body->>'by' = $1 OR body->>'author' = $2 OR body->>'postId' = ANY($3::text[])`,
    [user._id, user.username, ownPosts.map((post) => post.id)],
  );
  await announceAuthorGone(tx, user, true);
  await tx.query('DELETE FROM username_reservations WHERE free_at <= now()');
  await tx.query(
    `INSERT INTO username_reservations (digest, free_at) VALUES ($1, $2)
       ON CONFLICT (digest) DO UPDATE SET free_at = greatest(username_reservations.free_at, excluded.free_at)`,
    [reservation.digest, reservation.freeAt],
  );
  return uploads.map((upload) => upload.name);
}

/** The reservations that hold `digest` (what a sign-up's rule reads). */
export async function loadReservations(q: Queryable, digest: string): Promise<NameReservation[]> {
  const { rows } = await q.query<{ digest: string; free_at: Date }>('SELECT digest, free_at FROM username_reservations WHERE digest = $1', [digest]);
  return rows.map((row) => ({ digest: row.digest, freeAt: new Date(row.free_at).toISOString() }));
}
