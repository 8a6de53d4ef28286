import type { ComposerDialogProps } from '@chirp/seams';
import { FeedDialog } from '../../components/feed-dialog';
import { ComposerForm } from '../../components/composer/composer-form';

/**
 * Exposed as feed/ComposerDialog: the composer in a modal dialog, opened by the sidebar's 'Post'
 * button and the phone layout's 'Add post' button. It closes itself after a successful post.
 */
export default function ComposerDialog({ onClose }: ComposerDialogProps) {
  return (
    <FeedDialog title="Create post" onClose={onClose}>
      {(close) => <ComposerForm onDone={close} focusOnOpen />}
    </FeedDialog>
  );
}
