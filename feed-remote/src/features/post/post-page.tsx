import { type CompactPost, type DeletedPost, paths } from '@chirp/contracts';
import type { PostPageProps } from '@chirp/seams';
import { ApiError, errorMessage, useSession } from '@chirp/session';
import { useThread } from '@chirp/queries';
import { ChevronRightIcon, RetryAlert, Spinner } from '@chirp/ui';
import '@chirp/ui/styles.css';
import { useEffect, useId, useRef } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { ComposerForm } from '../../components/composer/composer-form';
import { PostCard } from '../../components/posts/post-card';
import { goneText } from '../../components/posts/quote-card';
import PostList from '../../components/posts/post-list';
import { useFeedStore } from '../../lib/feed-store';
import '../../lib/live-lists';
import './post-page.css';

/** Where a post of the conversation was deleted or is not shown: its replies stay, and this stands in its place. */
function DeletedPlaceholder({ gone = {} }: { gone?: { unavailable?: true } }) {
  return <p className="post-page__deleted">{goneText(gone)}</p>;
}

const isDeleted = (entry: CompactPost | DeletedPost): entry is DeletedPost => 'deleted' in entry;

/**
 * Back to where the person came from in the app; a page that opened the visit (a link from
 * elsewhere, a new tab) has nothing of ours behind it, so Back leads Home instead of off the app.
 */
function BackButton() {
  const navigate = useNavigate();
  // The router's first entry of this visit has the key 'default'; every page it opened has its own.
  const firstOfVisit = useLocation().key === 'default';
  return (
    <button
      type="button"
      className="post-page__back"
      aria-label="Back"
      title="Back"
      onClick={() => (firstOfVisit ? navigate(paths.home) : navigate(-1))}
    >
      <ChevronRightIcon />
    </button>
  );
}

/**
 * /post/{postId}: the posts it replies to, the post, a reply box, then its replies under
 * 'Replies', a page at a time. A post of the page being deleted shows as deleted at once; once the
 * server has deleted the post itself, the page says it is not found, as for any deleted post.
 */
export default function PostPage({ postId }: PostPageProps) {
  const { data, error, refetch } = useThread(postId);
  const signedIn = useSession((state) => state.token !== null);
  const deleting = useFeedStore((state) => state.deletingPosts);
  const beingDeleted = (id: string) => deleting.some((entry) => entry.postId === id);
  const postDeleting = data !== undefined && beingDeleted(data.post._id);
  const titleId = useId();
  const repliesId = useId();
  const mainRef = useRef<HTMLDivElement>(null);
  const hasAncestors = (data?.ancestors.length ?? 0) > 0;

  // A reply deep in a conversation: the post itself is what was asked for, so it comes into view.
  useEffect(() => {
    if (hasAncestors) mainRef.current?.scrollIntoView({ block: 'start' });
  }, [postId, hasAncestors]);

  if (error instanceof ApiError && error.status === 404) {
    return (
      <section className="post-page post-page--message" aria-labelledby={titleId}>
        <header className="post-page__header">
          <BackButton />
          <h1 id={titleId} className="post-page__title">
            Post not found
          </h1>
        </header>
        <p>{errorMessage(error)}</p>
        <Link to={paths.home} className="button button--primary">
          Go to Home
        </Link>
      </section>
    );
  }

  return (
    <section className="post-page" aria-labelledby={titleId}>
      <header className="post-page__header">
        <BackButton />
        <h1 id={titleId} className="post-page__title">
          Post
        </h1>
      </header>
      {error ? (
        <RetryAlert message={errorMessage(error)} onRetry={() => void refetch()} />
      ) : !data ? (
        <Spinner label="Loading post" />
      ) : (
        <>
          {hasAncestors && (
            <ol className="post-page__thread" aria-label="Earlier in the conversation">
              {data.ancestors.map((entry) => (
                <li key={entry._id}>{isDeleted(entry) ? <DeletedPlaceholder gone={entry} /> : beingDeleted(entry._id) ? <DeletedPlaceholder /> : <PostCard post={entry} />}</li>
              ))}
            </ol>
          )}
          <div ref={mainRef} className="post-page__main">
            {postDeleting ? <DeletedPlaceholder /> : <PostCard post={data.post} />}
          </div>
          {signedIn && !postDeleting && (
            <div className="post-page__reply card">
              <ComposerForm replyTo={data.post} />
            </div>
          )}
          <section className="post-page__replies" aria-labelledby={repliesId}>
            <h2 id={repliesId} className="post-page__subtitle">
              Replies
            </h2>
            <PostList source={{ kind: 'replies', postId }} emptyText="No replies yet" label="Replies" />
          </section>
        </>
      )}
    </section>
  );
}
