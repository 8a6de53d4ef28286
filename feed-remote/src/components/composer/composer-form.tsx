import { type CompactPost, hasVisibleText, MAX_POST_IMAGES, MAX_POST_LENGTH, MESSAGES } from '@chirp/contracts';
import { compactApi, errorMessage, toast, uploadImage, useSession } from '@chirp/session';
import { postCreated, postStored } from '@chirp/queries';
import { Avatar, CloseIcon, ImageIcon } from '@chirp/ui';
import { type ChangeEvent, type FormEvent, type KeyboardEvent, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { DESCRIPTION_TEXTS } from './image-description-texts';
import { type ImagesState, type PendingImage, useImageAttachments } from './use-image-attachment';
import type { DraftImage } from './draft-storage';
import { useNewPostDraft } from './use-new-post-draft';
import { useReplyDraft } from './reply-drafts';
import './composer.css';
import { useFeedStore } from '../../lib/feed-store';
import { QuoteCard, quotedCard } from '../posts/quote-card';
import { queueWhileOffline } from '../../lib/offline-posts';
import { OnDemand, onDemand } from '../on-demand';

/** Fetched when a person first describes an image: the first screen does without it. */
const ImageDescriptionDialog = onDemand(() => import('./image-description-dialog').then((module) => module.ImageDescriptionDialog));

interface ComposerFormProps {
  /** The post to edit ('Update'); without it the form writes a new post ('Post'). */
  post?: CompactPost;
  /** The post a new post answers ('Reply', the text box 'Write a reply'). */
  replyTo?: CompactPost;
  /** The post a new post quotes: shown as a card under the text, sent as `quoteOf`; its text is kept only while open. */
  quoteOf?: CompactPost;
  /** After a successful post or update (a dialog closes itself here). */
  onDone?: () => void;
  /** Marks the text box for the dialog to focus when it opens. */
  focusOnOpen?: boolean;
}

/**
 * New posts share their text through the feed's store (`composerText`), so a draft follows the person
 * around (and is kept across visits: `useNewPostDraft`); a reply keeps its own draft, per post
 * (`useReplyDraft`); an edit keeps its text only while it is open.
 */
function useComposerText(post: CompactPost | undefined, reply: ReturnType<typeof useReplyDraft> | null, quoting = false) {
  const storedText = useFeedStore((state) => state.composerText);
  const storedTextChanged = useFeedStore((state) => state.setComposerText);
  const [editedText, setEditedText] = useState(post?.content ?? '');
  if (post || quoting) return [editedText, setEditedText] as const;
  return reply ? ([reply.text, reply.setText] as const) : ([storedText, storedTextChanged] as const);
}

/** Characters as the back end counts them (code points: an emoji is one, not two). */
const characterCount = (text: string) => [...text].length;

/** The back end's own refusal of a longer post. */
const TOO_LONG = `A post can be at most ${MAX_POST_LENGTH} characters.`;

/** The words of the form: a new post, an edit, or a reply. */
function wordsOf(editing: boolean, replying: boolean) {
  if (editing) return { form: 'Edit post', label: 'Write a post', placeholder: 'Edit your post', submit: 'Update', done: MESSAGES.postEdited };
  if (replying) return { form: 'Reply', label: 'Write a reply', placeholder: 'Post your reply', submit: 'Reply', done: MESSAGES.replyPosted };
  return { form: 'Create post', label: 'Write a post', placeholder: 'What’s happening?', submit: 'Post', done: MESSAGES.postUploaded };
}

/** An edited post's images and descriptions, in the form's own state. */
function useOwnImages(post: CompactPost | undefined): ImagesState {
  const [own, setOwn] = useState<DraftImage[]>(() => {
    if (post?.images?.length) return post.images.map(({ image, alt }) => ({ image, ...(alt ? { alt } : {}) }));
    return post?.image ? [{ image: post.image, ...(post.imageAlt ? { alt: post.imageAlt } : {}) }] : [];
  });
  return [own, setOwn];
}

/**
 * The post's image fields: the first image as `image` and `imageAlt`, as the one-image API takes it,
 * and all of them as `images` when there are several (the API takes both when they agree).
 */
function imageFieldsOf(images: readonly DraftImage[]) {
  const [first] = images;
  return { image: first?.image, ...(first?.alt ? { imageAlt: first.alt } : {}), ...(images.length > 1 ? { images: [...images] } : {}) };
}

/** A preview's names: a lone image is "the" image; among several, each says which it is. */
const imageName = (index: number, count: number) => (count === 1 ? 'image' : `image ${index + 1}`);

/** Why the image button is disabled at four, said beside it. */
const FULL_TEXT = `${MAX_POST_IMAGES} images at most`;

/** An attached image: its description's button and its remove button, each naming which image. */
function ImagePreview({ entry, name, onDescribe, onRemove }: { entry: DraftImage; name: string; onDescribe: () => void; onRemove: () => void }) {
  const describe = entry.alt ? DESCRIPTION_TEXTS.edit : DESCRIPTION_TEXTS.add;
  const lone = name === 'image';
  return (
    <li className="composer__preview">
      <img src={entry.image} alt={lone ? 'Selected image' : `Selected ${name}`} />
      {/* The visible words begin the name (what a voice user says); among several, which image follows. */}
      <button type="button" className="composer__describe" aria-label={lone ? undefined : `${describe}, ${name}`} onClick={onDescribe}>
        {describe}
      </button>
      <button type="button" className="composer__remove" aria-label={`Remove ${name}`} onClick={onRemove}>
        <CloseIcon />
      </button>
    </li>
  );
}

/** An image on its way: dimmed, with what is happening said; removing it drops its upload's answer. */
function PreparingPreview({ entry, name, onRemove }: { entry: PendingImage; name: string; onRemove: () => void }) {
  return (
    <li className="composer__preview composer__preview--preparing">
      <img src={entry.preview} alt="" />
      <div className="composer__preparing" role="status">
        <span className="composer__spinner" aria-hidden="true" />
        Preparing image…
      </div>
      <button type="button" className="composer__remove" aria-label={`Remove ${name}`} onClick={onRemove}>
        <CloseIcon />
      </button>
    </li>
  );
}

/** The words of the form quoting a post. */
const QUOTE_WORDS = { form: 'Quote post', label: 'Write a post', placeholder: 'Add your comment', submit: 'Post', done: MESSAGES.postUploaded };

/** The post composer (spec 4): text with a counter, an optional image, and Post (or Update). */
export function ComposerForm({ post, replyTo, quoteOf, onDone, focusOnOpen = false }: ComposerFormProps) {
  const editing = post !== undefined;
  const quoting = !editing && quoteOf !== undefined;
  const quoted = quoting ? { quoteOf: quoteOf._id } : {};
  const newPost = !editing && replyTo === undefined && !quoting;
  const words = quoting ? QUOTE_WORDS : wordsOf(editing, replyTo !== undefined);
  const picture = useSession((state) => state.currentUser?.profilePic);
  const replyDraft = useReplyDraft(editing ? undefined : replyTo?._id);
  const replying = !editing && replyTo !== undefined;
  const [text, textChanged] = useComposerText(post, replying ? replyDraft : null, quoting);
  const draft = useNewPostDraft(newPost);
  const own = useOwnImages(post);
  // The images and their descriptions (alt text) are kept where the text is: a new post's draft, the
  // reply's draft, or the edit's own state.
  const imagesState = newPost ? draft.images : replying ? replyDraft.images : own;
  const { images, pending, attachImages, removeImage, cancelImage, describeImage, removeAll } = useImageAttachments(uploadImage, imagesState);
  const [describing, setDescribing] = useState<number | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const textRef = useRef<HTMLTextAreaElement>(null);
  // What the box holds now, read when a post is answered (more may have been typed meanwhile).
  const currentText = useRef(text);
  useEffect(() => {
    currentText.current = text;
  }, [text]);
  const textId = useId();
  const counterId = useId();
  const overId = useId();
  const fullId = useId();

  // A box that opens holding text (a post to edit, a draft) is typed on after it: the browser
  // would put the caret before it. Set before the dialog focuses the box, which keeps it there.
  useLayoutEffect(() => {
    const box = textRef.current;
    if (focusOnOpen && box) box.setSelectionRange(box.value.length, box.value.length);
  }, [focusOnOpen]);

  const preparing = pending.length > 0;
  const room = MAX_POST_IMAGES - images.length - pending.length;
  const length = characterCount(text);
  const nearLimit = length >= MAX_POST_LENGTH - 20;
  const over = Math.max(0, length - MAX_POST_LENGTH);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (preparing || submitting) return;
    const content = hasVisibleText(text) ? text.trim() : '';
    if (!content && images.length === 0) {
      toast.error(MESSAGES.emptyPost);
      return;
    }
    if (characterCount(content) > MAX_POST_LENGTH) {
      toast.error(TOO_LONG);
      textRef.current?.focus();
      return;
    }
    setSubmitting(true);
    try {
      const postData = { content, ...imageFieldsOf(images), ...quoted };
      // The answer is the one post: it takes its place in every list the cache holds.
      const created = { ...postData, ...(replyTo ? { replyTo: replyTo._id } : {}) };
      // Offline, a new post waits in this device and says so; it is sent once the browser is back online.
      const queued = !post && queueWhileOffline(created);
      if (post) postStored((await compactApi.editPost(post._id, postData)).post, useSession.getState().username);
      else if (!queued) postCreated((await compactApi.createPost(created)).post);
      if (!queued) toast.success(words.done);
      if (!editing) {
        // Text typed while the post was on its way stays for the next one.
        if (currentText.current === text) textChanged('');
        removeAll();
      }
      onDone?.();
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setSubmitting(false);
    }
  };

  const imagesChosen = (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    event.target.value = ''; // choosing the same file again must fire change again
    if (files.length) void attachImages(files, room);
  };

  const discardDraft = () => {
    removeAll();
    draft.discard();
    textRef.current?.focus(); // the button goes with the draft
  };

  const submitOnControlEnter = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      event.currentTarget.form?.requestSubmit();
    }
  };

  return (
    <form className="composer" aria-label={words.form} onSubmit={submit} noValidate>
      <Avatar className="avatar composer__avatar" src={picture} size={44} />
      <div className="composer__main">
        <label htmlFor={textId} className="visually-hidden">
          {words.label}
        </label>
        <textarea
          ref={textRef}
          id={textId}
          className="composer__text"
          placeholder={words.placeholder}
          rows={editing ? 4 : 3}
          // No maxLength: a pasted text over the limit is kept whole (the browser would cut it
          // silently) and shown as over, for the person to shorten.
          value={text}
          aria-invalid={over > 0}
          aria-describedby={`${counterId} ${overId}`}
          data-autofocus={focusOnOpen || undefined}
          onChange={(event) => textChanged(event.target.value)}
          onKeyDown={submitOnControlEnter}
        />
        {(images.length > 0 || preparing) && (
          <ul className={`composer__previews composer__previews--${Math.min(images.length + pending.length, MAX_POST_IMAGES)}`} aria-label="Attached images">
            {images.map((entry, index) => (
              <ImagePreview
                key={`${index}:${entry.image}`}
                entry={entry}
                name={imageName(index, images.length + pending.length)}
                onDescribe={() => setDescribing(index)}
                onRemove={() => removeImage(index)}
              />
            ))}
            {pending.map((entry, index) => (
              <PreparingPreview
                key={entry.id}
                entry={entry}
                name={imageName(images.length + index, images.length + pending.length)}
                onRemove={() => cancelImage(entry)}
              />
            ))}
          </ul>
        )}
        {quoting && quoteOf && <QuoteCard quote={quotedCard(quoteOf)} />}
        {describing !== null && images[describing] && (
          <OnDemand onFailed={() => setDescribing(null)}>
            <ImageDescriptionDialog
              value={images[describing].alt ?? ''}
              onSave={(text) => describeImage(describing, text)}
              onClose={() => setDescribing(null)}
            />
          </OnDemand>
        )}
        {/* Always there, so that a screen reader hears the text when it appears. */}
        <p id={overId} className="composer__over" aria-live="polite">
          {over > 0 && `${over} ${over === 1 ? 'character' : 'characters'} over the ${MAX_POST_LENGTH}-character limit. Shorten the post to send it.`}
        </p>
        <div className="composer__toolbar">
          <label className="composer__picker" title={room > 0 ? 'Add image' : FULL_TEXT}>
            <input
              type="file"
              accept="image/*"
              multiple
              className="visually-hidden"
              aria-label="Add image"
              aria-describedby={room > 0 ? undefined : fullId}
              disabled={submitting || room <= 0}
              onChange={imagesChosen}
            />
            <ImageIcon />
          </label>
          {room <= 0 && (
            <span id={fullId} className="composer__full">
              {FULL_TEXT}
            </span>
          )}
          <span id={counterId} className={`composer__counter${nearLimit ? ' composer__counter--near' : ''}`}>
            {length}/{MAX_POST_LENGTH}
          </span>
          <span className="composer__end">
            {draft.hasDraft && (
              <button type="button" className="button composer__discard" disabled={submitting} onClick={discardDraft}>
                Discard draft
              </button>
            )}
            <button type="submit" className="button button--primary composer__submit" disabled={preparing || submitting}>
              {words.submit}
            </button>
          </span>
        </div>
      </div>
    </form>
  );
}
