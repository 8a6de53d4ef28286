import type { Queryable } from './sql';

/**
 * Tells every signed-in page, live, that nobody is shown the account's posts any more: it was deleted
 * (`deleted`) or suspended. Said in the change's transaction, so it is heard only if the change
 * commits; a notice, kept nowhere (migration 024).
 */
export async function announceAuthorGone(q: Queryable, user: { _id: string; username: string }, deleted: boolean): Promise<void> {
  await q.query(`SELECT chirp_live_notice('authorGone', jsonb_build_object('authorId', $1::text, 'author', $2::text, 'deleted', $3::boolean))`, [
    user._id,
    user.username,
    deleted,
  ]);
}
