/** Conversations: a post's chain of parents, and whether a post or a user exists. */
import { LIMITS } from '@chirp/api-rules';
import { rowIds } from './records';
import type { Queryable } from './sql';

/**
 * The post and the posts above it, from the post up (at most the thread depth): each with the post
 * it replies to. The last one's `replyTo`, when set, names a post that was deleted.
 */
export async function threadChain(q: Queryable, postId: string): Promise<{ id: string; replyTo: string | null }[]> {
  const [id] = rowIds([postId]);
  if (!id) return [];
  const { rows } = await q.query<{ id: string; reply_to: string | null }>(
    `WITH RECURSIVE chain (id, reply_to, depth) AS (
       SELECT id, reply_to, 0 FROM posts WHERE id = $1::uuid
       UNION ALL
       SELECT p.id, p.reply_to, c.depth + 1 FROM posts p JOIN chain c ON p.id = c.reply_to WHERE c.depth < $2
     ) SELECT id::text, reply_to::text FROM chain ORDER BY depth`,
    [id, LIMITS.maxThreadDepth],
  );
  return rows.map((row) => ({ id: row.id, replyTo: row.reply_to }));
}

/** The post's id as stored, when it exists. */
export async function existingPostId(q: Queryable, postId: string): Promise<string | undefined> {
  const [id] = rowIds([postId]);
  const { rows } = id ? await q.query<{ id: string }>('SELECT id::text FROM posts WHERE id = $1::uuid', [id]) : { rows: [] };
  return rows[0]?.id;
}

/** The user's id as stored, when they exist. */
export async function existingUserId(q: Queryable, userId: string): Promise<string | undefined> {
  const [id] = rowIds([userId]);
  const { rows } = id ? await q.query<{ id: string }>('SELECT id::text FROM users WHERE id = $1::uuid', [id]) : { rows: [] };
  return rows[0]?.id;
}
