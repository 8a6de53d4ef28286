import { MODERATION_TEXTS, paths, REPORT_REASONS, type AuditEntry, type ReportedPost } from '@chirp/contracts';
import { compactApi, errorMessage, queryClient, toast, useQuery } from '@chirp/session';
import { RelativeTime, RetryAlert, Spinner } from '@chirp/ui';
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import '@chirp/ui/styles.css';
import './reports-page.css';

const REPORTS_KEY = ['moderation', 'reports'] as const;
const AUDIT_KEY = ['moderation', 'audit'] as const;

/**
 * The moderators' page (route /reports, linked from Settings for moderators): the posts with open
 * reports, the most recently reported first, each with what its reporters said and what can be done
 * about it (hide the post, dismiss its reports, suspend its author); then the latest actions taken.
 * Anyone else who opens it reads why they cannot.
 */
export default function ReportsPage() {
  const headingId = useId();
  const reports = useQuery({ queryKey: REPORTS_KEY, queryFn: () => compactApi.reportedPosts().then((answer) => answer.reports) }, queryClient);
  return (
    <section className="reports" aria-labelledby={headingId}>
      <h1 id={headingId} className="reports__title">
        {MODERATION_TEXTS.reports}
      </h1>
      {reports.isError ? (
        <RetryAlert message={errorMessage(reports.error)} onRetry={() => void reports.refetch()} />
      ) : reports.data === undefined ? (
        <Spinner label="Loading the reports" />
      ) : reports.data.length === 0 ? (
        <p className="reports__empty">{MODERATION_TEXTS.noReports}</p>
      ) : (
        <ul className="reports__list" aria-labelledby={headingId}>
          {reports.data.map((entry) => (
            <ReportedPostItem key={entry.post._id} entry={entry} />
          ))}
        </ul>
      )}
      {reports.isSuccess && <AuditSection />}
    </section>
  );
}

/** Reads the reports and the audit log again after an action. */
const actedOn = () => Promise.all([queryClient.invalidateQueries({ queryKey: REPORTS_KEY }), queryClient.invalidateQueries({ queryKey: AUDIT_KEY })]);

function ReportedPostItem({ entry }: { entry: ReportedPost }) {
  const { post, reasons, reportCount, details, authorSuspended } = entry;
  const [busy, setBusy] = useState(false);
  const labelId = useId();
  const act = async (run: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await run();
      toast.success(done);
      await actedOn();
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  // What a moderator can do about the post: each an action, the toast once done, and whether it takes something away.
  const actions = [
    post.removedByModerators
      ? { label: MODERATION_TEXTS.restorePost, run: () => compactApi.restorePost(post._id), done: MODERATION_TEXTS.postRestored, danger: false }
      : { label: MODERATION_TEXTS.hidePost, run: () => compactApi.hidePost(post._id), done: MODERATION_TEXTS.postHidden, danger: true },
    { label: MODERATION_TEXTS.dismiss, run: () => compactApi.dismissReports(post._id), done: MODERATION_TEXTS.reportsDismissed, danger: false },
    authorSuspended
      ? {
          label: MODERATION_TEXTS.unsuspend(post.username),
          run: () => compactApi.unsuspendUser(post.author._id),
          done: MODERATION_TEXTS.unsuspended(post.username),
          danger: false,
        }
      : {
          label: MODERATION_TEXTS.suspend(post.username),
          run: () => compactApi.suspendUser(post.author._id),
          done: MODERATION_TEXTS.suspended(post.username),
          danger: true,
        },
  ];
  const name = `${post.author.firstName} ${post.author.lastName}`.trim() || post.username;
  const said = REPORT_REASONS.filter((reason) => reasons[reason] > 0).map((reason) => `${MODERATION_TEXTS.reasons[reason]} ${reasons[reason]}`);
  return (
    <li>
      <article className="reports__item card" aria-labelledby={labelId}>
        <header className="reports__item-header">
          <p id={labelId} className="reports__author">
            <Link to={paths.profile(post.username)}>
              {name} <span className="reports__username">@{post.username}</span>
            </Link>
          </p>
          <Link to={paths.post(post._id)} className="reports__date">
            <RelativeTime dateTime={post.createdAt} />
          </Link>
        </header>
        {post.content && <p className="reports__content">{post.content}</p>}
        {post.image && <img className="reports__image" src={post.image} alt={`Image in ${name}'s post`} width="1200" height="750" loading="lazy" />}
        <p className="reports__count">
          <strong>{MODERATION_TEXTS.reportCount(reportCount)}</strong>: {said.join(' · ')}
        </p>
        {details.length > 0 && (
          <ul className="reports__details">
            {details.map((text, index) => (
              <li key={index}>
                <q>{text}</q>
              </li>
            ))}
          </ul>
        )}
        {(post.removedByModerators || authorSuspended) && (
          <p className="reports__state">{authorSuspended ? MODERATION_TEXTS.suspendedProfile : MODERATION_TEXTS.removedByModerators}</p>
        )}
        <div className="reports__actions">
          {actions.map(({ label, run, done, danger }) => (
            <button key={label} type="button" className={danger ? 'button reports__danger' : 'button'} disabled={busy} onClick={() => void act(run, done)}>
              {label}
            </button>
          ))}
        </div>
      </article>
    </li>
  );
}

const ACTION_WORDS: Record<AuditEntry['action'], string> = {
  hide: 'hid a post by',
  restore: 'restored a post by',
  suspend: 'suspended',
  unsuspend: 'lifted the suspension of',
  dismiss: 'dismissed the reports of a post by',
};

/** The latest moderator actions, newest first (the audit log). */
function AuditSection() {
  const headingId = useId();
  const audit = useQuery({ queryKey: AUDIT_KEY, queryFn: () => compactApi.moderationLog().then((answer) => answer.entries) }, queryClient);
  return (
    <section className="reports__audit card" aria-labelledby={headingId}>
      <h2 id={headingId} className="reports__heading">
        {MODERATION_TEXTS.auditLog}
      </h2>
      {audit.isError ? (
        <RetryAlert message={errorMessage(audit.error)} onRetry={() => void audit.refetch()} />
      ) : audit.data === undefined ? (
        <Spinner label="Loading the recent actions" />
      ) : audit.data.length === 0 ? (
        <p className="reports__empty">{MODERATION_TEXTS.noActions}</p>
      ) : (
        <ol className="reports__log" aria-labelledby={headingId}>
          {audit.data.map((entry) => (
            <li key={entry._id}>
              @{entry.moderator || 'a deleted moderator'} {ACTION_WORDS[entry.action]} @{entry.username || 'a deleted account'}{' '}
              <RelativeTime className="reports__when" dateTime={entry.at} />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
