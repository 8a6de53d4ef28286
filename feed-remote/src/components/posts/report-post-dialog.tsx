import { MAX_REPORT_DETAILS, MODERATION_TEXTS, REPORT_REASONS, type CompactPost, type ReportReason } from '@chirp/contracts';
import { compactApi, errorMessage, toast } from '@chirp/session';
import { type FormEvent, useId, useState } from 'react';
import { FeedDialog } from '../feed-dialog';
import './report-post-dialog.css';

interface ReportPostDialogProps {
  post: CompactPost;
  /** Called once the dialog has closed, whichever way. */
  onClose: () => void;
}

/**
 * 'Report post': a reason (one of four) and optional details, sent to the moderators. The dialog
 * stays open while the report is sent, and says so if it was refused; reporting again replaces the
 * person's earlier report of the post.
 */
export function ReportPostDialog({ post, onClose }: ReportPostDialogProps) {
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [details, setDetails] = useState('');
  const [sending, setSending] = useState(false);
  const detailsId = useId();

  const send = async (event: FormEvent, close: () => void) => {
    event.preventDefault();
    if (!reason || sending) return;
    setSending(true);
    try {
      await compactApi.reportPost(post._id, { reason, details });
      toast.success(MODERATION_TEXTS.reportSent);
      close();
    } catch (error) {
      toast.error(errorMessage(error));
      setSending(false);
    }
  };

  return (
    <FeedDialog title={MODERATION_TEXTS.reportPost} onClose={onClose} className="report-post">
      {(close) => (
        <form className="report-post__form" onSubmit={(event) => void send(event, close)}>
          <fieldset className="report-post__reasons">
            <legend>{MODERATION_TEXTS.reportReason}</legend>
            {REPORT_REASONS.map((value, index) => (
              <label key={value} className="report-post__reason">
                <input
                  type="radio"
                  name="reason"
                  value={value}
                  checked={reason === value}
                  onChange={() => setReason(value)}
                  required
                  {...(index === 0 ? { 'data-autofocus': true } : {})}
                />
                {MODERATION_TEXTS.reasons[value]}
              </label>
            ))}
          </fieldset>
          <label htmlFor={detailsId} className="report-post__label">
            {MODERATION_TEXTS.reportDetails}
          </label>
          <textarea
            id={detailsId}
            className="text-input report-post__details"
            rows={3}
            maxLength={MAX_REPORT_DETAILS}
            value={details}
            onChange={(event) => setDetails(event.target.value)}
          />
          <div className="report-post__actions">
            <button type="submit" className="button button--primary" disabled={!reason || sending} aria-busy={sending}>
              {MODERATION_TEXTS.sendReport}
            </button>
            <button type="button" className="button" onClick={close}>
              Cancel
            </button>
          </div>
        </form>
      )}
    </FeedDialog>
  );
}
