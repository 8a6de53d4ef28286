import type { CompactPost } from '@chirp/contracts';
import { FeedDialog } from '../feed-dialog';
import { ComposerForm } from './composer-form';

/** 'Edit Post': the composer in a dialog with the post's content and image, and an 'Update' button. */
export function EditPostDialog({ post, onClose }: { post: CompactPost; onClose: () => void }) {
  return (
    <FeedDialog title="Edit post" onClose={onClose}>
      {(close) => <ComposerForm post={post} onDone={close} focusOnOpen />}
    </FeedDialog>
  );
}
