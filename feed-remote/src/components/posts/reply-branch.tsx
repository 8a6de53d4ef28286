import { type CompactPost, paths } from '@chirp/contracts';
import { Link } from 'react-router-dom';
import { usePostFeed } from '../use-post-feed';
import { PostCard } from './post-card';
import './reply-branch.css';

/** A conversation shows replies this many levels deep under the post; deeper ones are a link away. */
export const REPLY_TREE_DEPTH = 3;
/** The replies shown under a reply (the rest behind `Show more replies`, on that reply's page). */
export const REPLIES_PER_BRANCH = 2;

export const SHOW_MORE_REPLIES = 'Show more replies';

function ShowMoreReplies({ post }: { post: CompactPost }) {
  return (
    <Link to={paths.post(post._id)} className="reply-branch__more" aria-label={`${SHOW_MORE_REPLIES} to @${post.username}`}>
      {SHOW_MORE_REPLIES}
    </Link>
  );
}

/**
 * The replies to `post`, a reply at `level` of the conversation (the post page's own replies are
 * level 1): the first few, each with its own replies, down to REPLY_TREE_DEPTH; past that, or past
 * the few, a link to the reply's page, which has them all. A reply without replies costs nothing: the
 * list is asked for only when its count says there is something to show.
 */
export function ReplyBranch({ post, level }: { post: CompactPost; level: number }) {
  if (post.replyCount === 0) return null;
  if (level >= REPLY_TREE_DEPTH) return <ShowMoreReplies post={post} />;
  return <LoadedBranch post={post} level={level} />;
}

function LoadedBranch({ post, level }: { post: CompactPost; level: number }) {
  const { posts, state } = usePostFeed({ kind: 'replies', postId: post._id });
  // A branch on its way shows nothing yet; one that failed shows the link (the reply's page says why).
  if (state !== 'ready') return state === 'failed' ? <ShowMoreReplies post={post} /> : null;
  const shown = posts.slice(0, REPLIES_PER_BRANCH);
  if (shown.length === 0) return null;
  return (
    <div className="reply-branch">
      <ul className="reply-branch__list" aria-label={`Replies to @${post.username}`}>
        {shown.map((reply) => (
          <li key={reply._id} className="reply-branch__item">
            <PostCard post={reply}>
              <ReplyBranch post={reply} level={level + 1} />
            </PostCard>
          </li>
        ))}
      </ul>
      {posts.length > shown.length || post.replyCount > shown.length ? <ShowMoreReplies post={post} /> : null}
    </div>
  );
}
