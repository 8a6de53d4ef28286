import type { CompactPost } from '@chirp/contracts';
import { FeedDialog } from '../feed-dialog';
import { ComposerForm } from './composer-form';

/** The composer quoting a post, opened by a card's Quote button: the post shows as a card under the text. */
export function QuoteDialog({ post, onClose }: { post: CompactPost; onClose: () => void }) {
  return <FeedDialog title="Quote" onClose={onClose}>{(close) => <ComposerForm quoteOf={post} onDone={close} focusOnOpen />}</FeedDialog>;
}
