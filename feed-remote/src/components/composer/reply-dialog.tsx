import { type CompactPost, paths } from '@chirp/contracts';
import { Link } from 'react-router-dom';
import { FeedDialog } from '../feed-dialog';
import { ComposerForm } from './composer-form';

/** The composer in reply mode, opened by a card's Reply button: it says whom it answers. */
export function ReplyDialog({ post, onClose }: { post: CompactPost; onClose: () => void }) {
  return (
    <FeedDialog title="Reply" onClose={onClose}>
      {(close) => (
        <>
          <p className="composer__replying">
            Replying to{' '}
            <Link to={paths.profile(post.username)} onClick={close}>
              @{post.username}
            </Link>
          </p>
          <blockquote className="composer__quoted">{post.content}</blockquote>
          <ComposerForm replyTo={post} onDone={close} focusOnOpen />
        </>
      )}
    </FeedDialog>
  );
}
