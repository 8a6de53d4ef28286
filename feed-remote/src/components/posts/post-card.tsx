import { type CompactPost, MODERATION_TEXTS, paths, SAFETY_TEXTS } from '@chirp/contracts';
import { useSession } from '@chirp/session';
import {
  Avatar,
  BlockIcon,
  BookmarkIcon,
  EditIcon,
  FlagIcon,
  HeartIcon,
  LinkIcon,
  type MenuOption,
  MuteIcon,
  OptionsMenu,
  QuoteIcon,
  RelativeTime,
  ReplyIcon,
  RepostIcon,
  shortcutTarget,
  TrashIcon,
} from '@chirp/ui';
import { memo, type MouseEvent, type ReactNode, useId, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useDeleting, useFeedStore, useRepliesDeleting, useShownAnyway } from '../../lib/feed-store';
import { deletePost, toggleBookmark, toggleLike, toggleRepost, usePostShown } from '../../lib/post-actions';
import { QuoteCard } from './quote-card';
import { OnDemand, onDemand } from '../on-demand';
import { PostText } from './post-text';
import { imagesToShow, PostImages } from './post-images';

/** Who likes a post: loaded when first opened. */
const LikersDialog = onDemand(() => import('./likers-dialog').then((module) => module.default));
// The card's dialogs are fetched when one first opens (OnDemand): the first screen does without them.
const EditPostDialog = onDemand(() => import('../composer/edit-post-dialog').then((module) => module.EditPostDialog));
const ReplyDialog = onDemand(() => import('../composer/reply-dialog').then((module) => module.ReplyDialog));
const QuoteDialog = onDemand(() => import('../composer/quote-dialog').then((module) => module.QuoteDialog));
const DeletePostDialog = onDemand(() => import('./delete-post-dialog').then((module) => module.DeletePostDialog));
const ReportPostDialog = onDemand(() => import('./report-post-dialog').then((module) => module.ReportPostDialog));

/** The like and repost counts' buttons: each name holds the number it shows. */
export const likersButtonName = (count: number) => `Liked by ${count} ${count === 1 ? 'person' : 'people'}`;
export const repostersButtonName = (count: number) => `Reposted by ${count} ${count === 1 ? 'person' : 'people'}`;
import { blockAuthor, copyPostLink, muteAuthor } from '../../lib/author-actions';
import './post-card.css';

interface ToggleActionProps {
  variant: 'like' | 'bookmark' | 'repost';
  name: string;
  pressed: boolean;
  disabled: boolean;
  onToggle: () => void;
  icon: ReactNode;
  /** Shown beside the button, which it describes. */
  count?: number;
  /** When set and the count is not 0, the count is a button that opens who is counted; its name. */
  countAction?: { name: string; open: () => void };
}

/** A pressed/not-pressed action button of the card (Like, Repost, Bookmark); Repost has no keyboard shortcut. */
function ToggleAction({ variant, name, pressed, disabled, onToggle, icon, count, countAction }: ToggleActionProps) {
  const countId = useId();
  return (
    <div className={`post-card__action post-card__action--${variant}${pressed ? ' is-on' : ''}`}>
      <button
        type="button"
        className="post-card__action-button"
        aria-label={name}
        aria-pressed={pressed}
        aria-describedby={count === undefined ? undefined : countId}
        disabled={disabled}
        onClick={onToggle}
        {...(variant === 'repost' ? {} : shortcutTarget(variant))}
      >
        {icon}
      </button>
      {count !== undefined &&
        (countAction && count > 0 ? (
          <button type="button" className="post-card__count-button" aria-label={countAction.name} onClick={countAction.open}>
            <span id={countId} className="post-card__count">
              {count}
            </span>
          </button>
        ) : (
          <span id={countId} className="post-card__count">
            {count}
          </span>
        ))}
    </div>
  );
}

/** The Reply button's name: it starts with "Reply" and says how many replies there are. */
export const replyButtonName = (count: number) => `Reply, ${count} ${count === 1 ? 'reply' : 'replies'}`;

/** "Replying to @name" above a reply's text; a reply whose post was deleted (or is being deleted) says so. */
function ReplyingTo({ post }: { post: CompactPost }) {
  const parentDeleting = useDeleting(post.replyTo);
  if (post.replyTo === undefined) return null;
  return (
    <p className="post-card__replying">
      {post.replyingTo === undefined || parentDeleting ? (
        'Replying to a deleted post'
      ) : (
        <>
          Replying to <Link to={paths.profile(post.replyingTo)}>@{post.replyingTo}</Link>
        </>
      )}
    </p>
  );
}

/** "Reposted by @name" above a post a followed person's repost put in the Following list. */
function RepostedBy({ post }: { post: CompactPost }) {
  if (!post.repostedBy) return null;
  return (
    <p className="post-card__reposted">
      <RepostIcon />
      <span>
        Reposted by <Link to={paths.profile(post.repostedBy.username)}>@{post.repostedBy.username}</Link>
      </span>
    </p>
  );
}

/**
 * A click on the text opens the post's page, unless it was on a link in the text or ended a text
 * selection (keyboard users have the time, a link to the same page).
 */
function useOpenOnClick(postId: string) {
  const navigate = useNavigate();
  return (event: MouseEvent<HTMLElement>) => {
    if ((event.target as Element).closest('a') || window.getSelection()?.toString()) return;
    navigate(paths.post(postId));
  };
}

/**
 * The ⋯ menu of someone else's post: whoever is signed in can mute or block its author, or report
 * the post to the moderators; anyone can copy its link.
 */
function othersPostOptions(post: CompactPost, signedIn: boolean, report: () => void): MenuOption[] {
  const { username } = post;
  const link: MenuOption = { label: SAFETY_TEXTS.copyLink, icon: <LinkIcon />, onSelect: () => void copyPostLink(post) };
  if (!signedIn) return [link];
  return [
    { label: SAFETY_TEXTS.mute(username), icon: <MuteIcon />, onSelect: () => void muteAuthor(post) },
    { label: SAFETY_TEXTS.block(username), icon: <BlockIcon />, danger: true, onSelect: () => void blockAuthor(post) },
    { label: MODERATION_TEXTS.reportPost, icon: <FlagIcon />, onSelect: report },
    link,
  ];
}

interface PostCardProps {
  post: CompactPost;
  /** Place in its list (1-based) and the list's length, for the feed's aria-posinset/setsize. */
  position?: number;
  total?: number;
  /** What belongs to the post, shown under it inside its article: in a conversation, its replies. */
  children?: ReactNode;
}

/** The post's replies (or anything else that belongs to it) under the card's own content. */
const Below = ({ children }: Pick<PostCardProps, 'children'>) => (children ? <div className="post-card__below">{children}</div> : null);

/** A card's article: its place in the list, its name (the element `labelledBy`), and the j/k shortcuts' mark. */
const cardAttributes = ({ position, total }: Pick<PostCardProps, 'position' | 'total'>, labelledBy: string) => ({
  // Focusable by script, for the j/k shortcuts (the shell's), not a Tab stop of its own.
  tabIndex: -1,
  ...shortcutTarget('post'),
  'aria-posinset': position,
  'aria-setsize': total,
  'aria-labelledby': labelledBy,
});

/**
 * In place of a post holding one of the viewer's muted words (the back end names it): what it was
 * folded for, and Show anyway, which shows the post itself.
 */
function FoldedPostCard({ post, position, total, children }: PostCardProps & { post: CompactPost & { mutedWord: string } }) {
  const noteId = useId();
  const showAnyway = useFeedStore((state) => state.shownAnywayChosen);
  return (
    <article className="post-card post-card--folded" {...cardAttributes({ position, total }, noteId)}>
      <p id={noteId} className="post-card__folded-note">
        {SAFETY_TEXTS.hiddenByMutedWord(post.mutedWord)}
      </p>
      <button type="button" className="button post-card__show-anyway" onClick={() => showAnyway(post._id)}>
        {SAFETY_TEXTS.showAnyway}
      </button>
      <Below>{children}</Below>
    </article>
  );
}

/** One post, wherever posts appear: every list, the profile tabs, the exposed PostList. */
export const PostCard = memo(function PostCard(props: PostCardProps) {
  const shownAnyway = useShownAnyway(props.post._id);
  const { mutedWord } = props.post;
  if (mutedWord !== undefined && !shownAnyway) return <FoldedPostCard {...props} post={{ ...props.post, mutedWord }} />;
  return <ShownPostCard {...props} />;
});

function ShownPostCard({ post, position, total, children }: PostCardProps) {
  const signedIn = useSession((state) => state.token !== null);
  const ownPost = useSession((state) => state.username === post.username);
  const { liked, likeCount, bookmarked, reposted, repostCount } = usePostShown(post);
  const [editing, setEditing] = useState(false);
  const [replying, setReplying] = useState(false);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const [reporting, setReporting] = useState(false);
  const [showingPeople, setShowingPeople] = useState<'likers' | 'reposters' | null>(null);
  const [quoting, setQuoting] = useState(false);
  const quoteButtonRef = useRef<HTMLButtonElement>(null);
  // Replies being deleted show nowhere, nor do they count.
  const replyCount = post.replyCount - useRepliesDeleting(post._id);
  const replyButtonRef = useRef<HTMLButtonElement>(null);
  const openPost = useOpenOnClick(post._id);
  const optionsButtonRef = useRef<HTMLButtonElement>(null);
  const authorId = useId();

  const { author } = post;
  const fullName = `${author.firstName} ${author.lastName}`.trim() || post.username;
  const shownImages = imagesToShow(post, fullName);
  const profilePath = paths.profile(post.username);

  // A dialog opened from the menu gives focus back to the menu's button: the item it opened from is gone.
  const closeAndFocusOptions = (close: (open: false) => void) => () => {
    close(false);
    optionsButtonRef.current?.focus();
  };
  // Closing gives the focus back to the button that opened the dialog.
  const closeQuote = () => {
    setQuoting(false);
    quoteButtonRef.current?.focus();
  };
  const closeReply = () => {
    setReplying(false);
    replyButtonRef.current?.focus();
  };

  return (
    <article className={`post-card${post.repostedBy ? ' post-card--reposted' : ''}`} {...cardAttributes({ position, total }, authorId)}>
      <RepostedBy post={post} />
      <Link to={profilePath} className="post-card__avatar-link" tabIndex={-1} aria-hidden="true">
        <Avatar className="avatar post-card__avatar" src={author.profilePic} size={44} />
      </Link>
      <div className="post-card__body">
        <header className="post-card__header">
          <Link to={profilePath} className="post-card__author" id={authorId}>
            <span className="post-card__name">{fullName}</span>
            <span className="post-card__username">@{post.username}</span>
          </Link>
          <span className="post-card__dot" aria-hidden="true">
            ·
          </span>
          <Link to={paths.post(post._id)} className="post-card__permalink" {...shortcutTarget('open')}>
            <RelativeTime className="post-card__date" dateTime={post.createdAt} />
          </Link>
          {ownPost ? (
            <OptionsMenu
              className="post-options"
              label="Post options"
              buttonRef={optionsButtonRef}
              options={[
                { label: 'Edit Post', icon: <EditIcon />, onSelect: () => setEditing(true) },
                { label: 'Delete Post', icon: <TrashIcon />, danger: true, onSelect: () => setConfirmingDelete(true) },
              ]}
            />
          ) : (
            <OptionsMenu
              className="post-options"
              label="More options"
              buttonRef={optionsButtonRef}
              options={othersPostOptions(post, signedIn, () => setReporting(true))}
            />
          )}
        </header>
        <ReplyingTo post={post} />
        {post.removedByModerators && (
          // Only its author is shown a post moderators hid: they say why nobody else sees it.
          <p className="post-card__removed" role="note">
            {MODERATION_TEXTS.removedByModerators}
          </p>
        )}
        {post.content && (
          // A mouse shortcut to the post's page; the time above is its link for everyone else.
          <p className="post-card__content post-card__content--opens" onClick={openPost}>
            <PostText text={post.content} mentions={post.mentions} />
          </p>
        )}
        {shownImages.length > 0 && <PostImages key={shownImages.map((image) => image.src).join(' ')} images={shownImages} />}
        {post.quote && <QuoteCard quote={post.quote} />}
        <footer className="post-card__actions">
          <div className="post-card__action post-card__action--reply">
            <button
              ref={replyButtonRef}
              type="button"
              className="post-card__action-button"
              aria-label={replyButtonName(replyCount)}
              disabled={!signedIn}
              onClick={() => setReplying(true)}
              {...shortcutTarget('reply')}
            >
              <ReplyIcon />
            </button>
            <span className="post-card__count" aria-hidden="true">
              {replyCount}
            </span>
          </div>
          <ToggleAction
            variant="like"
            name="Like"
            pressed={liked}
            disabled={!signedIn}
            onToggle={() => toggleLike(post)}
            icon={<HeartIcon filled={liked} />}
            count={likeCount}
            countAction={{ name: likersButtonName(likeCount), open: () => setShowingPeople('likers') }}
          />
          <ToggleAction
            variant="repost"
            name="Repost"
            pressed={reposted}
            disabled={!signedIn}
            onToggle={() => toggleRepost(post)}
            icon={<RepostIcon />}
            count={repostCount}
            countAction={{ name: repostersButtonName(repostCount), open: () => setShowingPeople('reposters') }}
          />
          <div className="post-card__action post-card__action--quote">
            <button
              ref={quoteButtonRef}
              type="button"
              className="post-card__action-button"
              aria-label="Quote"
              aria-haspopup="dialog"
              disabled={!signedIn}
              onClick={() => setQuoting(true)}
            >
              <QuoteIcon />
            </button>
          </div>
          <ToggleAction
            variant="bookmark"
            name="Bookmark"
            pressed={bookmarked}
            disabled={!signedIn}
            onToggle={() => toggleBookmark(post)}
            icon={<BookmarkIcon filled={bookmarked} />}
          />
        </footer>
      </div>
      {editing && (
        <OnDemand onFailed={closeAndFocusOptions(setEditing)}>
          <EditPostDialog post={post} onClose={closeAndFocusOptions(setEditing)} />
        </OnDemand>
      )}
      <Below>{children}</Below>
      {confirmingDelete && (
        <OnDemand onFailed={closeAndFocusOptions(setConfirmingDelete)}>
          <DeletePostDialog onDelete={() => void deletePost(post)} onClose={closeAndFocusOptions(setConfirmingDelete)} />
        </OnDemand>
      )}
      {reporting && (
        <OnDemand onFailed={closeAndFocusOptions(setReporting)}>
          <ReportPostDialog post={post} onClose={closeAndFocusOptions(setReporting)} />
        </OnDemand>
      )}
      {showingPeople && (
        <OnDemand onFailed={() => setShowingPeople(null)}>
          <LikersDialog post={post} kind={showingPeople} onClose={() => setShowingPeople(null)} />
        </OnDemand>
      )}
      {quoting && (
        <OnDemand onFailed={closeQuote}>
          <QuoteDialog post={post} onClose={closeQuote} />
        </OnDemand>
      )}
      {replying && (
        <OnDemand onFailed={closeReply}>
          <ReplyDialog post={post} onClose={closeReply} />
        </OnDemand>
      )}
    </article>
  );
}
