import 'fake-indexeddb/auto';
import { compactApi, toast, uploadImage, useSession } from '@chirp/session';
import { aCompactPost, aProfile, logInAs, renderWithApp } from '@chirp/session/testing';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import ComposerDialog from './composer-dialog';
import { ComposerForm } from '../../components/composer/composer-form';
import { forgetAccountDrafts, readDraft, writeDraft } from '../../components/composer/draft-storage';
import { ReplyDialog } from '../../components/composer/reply-dialog';
import { settleReplyDrafts } from '../../components/composer/reply-drafts';
import { settleDraft } from '../../components/composer/use-new-post-draft';

vi.mock('@chirp/session', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@chirp/session')>()),
  uploadImage: vi.fn(),
}));

const me = aProfile({ username: 'guestuser' });
const other = aProfile({ username: 'ada' });
const IMAGE = 'data:image/png;base64,iVBORw0KGgo=';
const picture = () => new File([new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10])], 'dot.png', { type: 'image/png' });

/** A page (re)loaded as `who`: the session holds no composer text; only what was saved remains. */
function openPageAs(who = me) {
  logInAs(who);
}

function showDialog() {
  const onClose = vi.fn();
  const user = userEvent.setup();
  const view = renderWithApp(<ComposerDialog onClose={onClose} />);
  const dialog = screen.getByRole('dialog', { name: 'Create post' });
  return { user, onClose, view, dialog, text: within(dialog).getByRole('textbox', { name: 'Write a post' }) };
}

beforeEach(() => {
  toast.remove();
  vi.mocked(uploadImage).mockReset();
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
});

/** Each page's way to finish its draft's writes (a reloaded page has modules of its own). */
const pages = [settleDraft];

afterEach(async () => {
  cleanup();
  await Promise.all(pages.splice(1).map((settle) => settle()));
  await settleDraft();
  vi.restoreAllMocks();
  await settleReplyDrafts();
  await forgetAccountDrafts(me.username)();
  await forgetAccountDrafts(other.username)();
});

/**
 * A reload of the tab: the composer's modules start again with nothing in memory, the session
 * store starts signed in with no composer text, and the browser keeps IndexedDB and the tab's
 * sessionStorage. (The mocked session package is not reloaded: its store is reset instead.)
 */
async function reloadPageAs(who = me) {
  vi.resetModules();
  const { default: Dialog } = await import('./composer-dialog');
  pages.push((await import('../../components/composer/use-new-post-draft')).settleDraft);
  openPageAs(who);
  renderWithApp(<Dialog onClose={() => {}} />);
  const dialog = screen.getByRole('dialog', { name: 'Create post' });
  return { user: userEvent.setup(), dialog, text: within(dialog).getByRole('textbox', { name: 'Write a post' }) };
}

/**
 * IndexedDB takes what the page writes but the page goes before it is kept (or it never answers).
 * `pageGone` waits until the page's writes have failed, then lets IndexedDB work again.
 */
function databaseLosesWrites() {
  const transaction = vi.spyOn(IDBDatabase.prototype, 'transaction').mockImplementation(() => {
    throw new DOMException('The page is going away.', 'InvalidStateError');
  });
  return {
    async pageGone() {
      cleanup();
      expect(await pages.at(-1)!()).toBe(false);
      transaction.mockRestore();
    },
  };
}
const databaseNeverAnswers = () => vi.spyOn(indexedDB, 'open').mockReturnValue({} as IDBOpenDBRequest);

/** Writes the attached image's description through Add description, as a person does. */
async function describeImage(user: ReturnType<typeof userEvent.setup>, composer: HTMLElement, description: string) {
  await user.click(await within(composer).findByRole('button', { name: 'Add description' }));
  const describing = await screen.findByRole('dialog', { name: 'Describe the image' });
  await user.type(within(describing).getByRole('textbox', { name: 'Description' }), description);
  await user.click(within(describing).getByRole('button', { name: 'Save description' }));
}

describe('the new post’s draft', () => {
  it('keeps its text and image when the dialog closes, and after a reload', async () => {
    vi.mocked(uploadImage).mockResolvedValue(IMAGE);
    openPageAs(me);
    const { user, onClose, view, dialog, text } = showDialog();
    await user.type(text, 'Half a thought');
    await user.upload(within(dialog).getByLabelText('Add image'), picture());
    expect(await within(dialog).findByRole('img', { name: 'Selected image' })).toHaveAttribute('src', IMAGE);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    view.unmount();
    await waitFor(async () => expect(await readDraft(me.username)).toEqual({ text: 'Half a thought', image: IMAGE }));

    openPageAs(me);
    const again = showDialog();
    await waitFor(() => expect(again.text).toHaveValue('Half a thought'));
    expect(within(again.dialog).getByRole('img', { name: 'Selected image' })).toHaveAttribute('src', IMAGE);
    expect(within(again.dialog).getByRole('button', { name: 'Discard draft' })).toBeInTheDocument();
  });

  it('keeps the image’s description with it, after a reload too; another image picked comes beside it without one', async () => {
    vi.mocked(uploadImage).mockResolvedValue(IMAGE);
    openPageAs(me);
    const { user, dialog } = showDialog();
    await user.upload(within(dialog).getByLabelText('Add image'), picture());
    await describeImage(user, dialog, 'A loaf of rye on a board');
    await waitFor(async () => expect(await readDraft(me.username)).toEqual({ text: '', image: IMAGE, imageAlt: 'A loaf of rye on a board' }));
    await settleDraft();
    cleanup();

    const again = await reloadPageAs(me);
    await again.user.click(await within(again.dialog).findByRole('button', { name: 'Edit description' }));
    expect(within(await screen.findByRole('dialog', { name: 'Describe the image' })).getByRole('textbox', { name: 'Description' })).toHaveValue(
      'A loaf of rye on a board',
    );
    await again.user.click(within(screen.getByRole('dialog', { name: 'Describe the image' })).getByRole('button', { name: 'Close' }));
    vi.mocked(uploadImage).mockResolvedValue('data:image/png;base64,QUJD');
    await again.user.upload(within(again.dialog).getByLabelText('Add image'), picture());
    expect(await within(again.dialog).findByRole('button', { name: 'Add description, image 2' })).toBeInTheDocument();
    expect(within(again.dialog).getByRole('button', { name: 'Edit description, image 1' })).toBeInTheDocument();
    await waitFor(async () =>
      expect(await readDraft(me.username)).toEqual({
        text: '',
        image: IMAGE,
        imageAlt: 'A loaf of rye on a board',
        moreImages: [{ image: 'data:image/png;base64,QUJD' }],
      }),
    );
  });

  it('is the same in the home page’s composer and the dialog', async () => {
    openPageAs(me);
    const user = userEvent.setup();
    renderWithApp(
      <>
        <ComposerForm />
        <ComposerDialog onClose={() => {}} />
      </>,
    );
    const [inPage, inDialog] = screen.getAllByRole('textbox', { name: 'Write a post' });
    await user.type(inDialog!, 'Typed in the dialog');
    expect(inPage).toHaveValue('Typed in the dialog');
  });

  it('Discard draft empties the text and the image and forgets the saved draft', async () => {
    await writeDraft(me.username, { text: 'Not worth it', image: IMAGE });
    openPageAs(me);
    const { user, dialog, text } = showDialog();
    await waitFor(() => expect(text).toHaveValue('Not worth it'));
    await user.click(within(dialog).getByRole('button', { name: 'Discard draft' }));
    expect(text).toHaveValue('');
    expect(text).toHaveFocus();
    expect(within(dialog).queryByRole('img', { name: 'Selected image' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Discard draft' })).not.toBeInTheDocument();
    await waitFor(async () => expect(await readDraft(me.username)).toBeUndefined());
  });

  it('offers no Discard draft in an empty composer', () => {
    openPageAs(me);
    const { dialog } = showDialog();
    expect(within(dialog).queryByRole('button', { name: 'Discard draft' })).not.toBeInTheDocument();
  });

  it('is gone once posted', async () => {
    vi.spyOn(compactApi, 'createPost').mockResolvedValue({ post: aCompactPost({ content: 'Posted at last' }) });
    await writeDraft(me.username, { text: 'Posted at last' });
    openPageAs(me);
    const { user, onClose, dialog, text } = showDialog();
    await waitFor(() => expect(text).toHaveValue('Posted at last'));
    await user.click(within(dialog).getByRole('button', { name: 'Post' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    await waitFor(async () => expect(await readDraft(me.username)).toBeUndefined());
  });

  it('belongs to its account: another person signing in on the browser does not see it', async () => {
    await writeDraft(me.username, { text: 'Mine only' });
    openPageAs(other);
    const { text, view } = showDialog();
    // Ada's (empty) draft has been read once the text box could have changed; give it the time.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(text).toHaveValue('');
    view.unmount();

    openPageAs(me);
    const mine = showDialog();
    await waitFor(() => expect(mine.text).toHaveValue('Mine only'));
  });

  it('survives a reload that comes before IndexedDB has kept it', async () => {
    let page = await reloadPageAs(me);
    const database = databaseLosesWrites(); // (its read of the saved draft may fail too: there is none)
    await page.user.type(page.text, 'Typed, closed, reloaded');
    await database.pageGone();

    page = await reloadPageAs(me);
    expect(page.text).toHaveValue('Typed, closed, reloaded');
    // IndexedDB gets it again, for the next visit.
    await waitFor(async () => expect(await readDraft(me.username)).toEqual({ text: 'Typed, closed, reloaded' }));
  });

  it('survives a reload that comes before the saved draft was even read', async () => {
    databaseNeverAnswers();
    let page = await reloadPageAs(me);
    await page.user.type(page.text, 'Quick as a flash');
    cleanup();

    vi.restoreAllMocks();
    page = await reloadPageAs(me);
    expect(page.text).toHaveValue('Quick as a flash');
  });

  it('stays discarded after a reload that comes before IndexedDB forgot it', async () => {
    await writeDraft(me.username, { text: 'Not worth it' });
    let page = await reloadPageAs(me);
    await waitFor(() => expect(page.text).toHaveValue('Not worth it'));
    const database = databaseLosesWrites();
    await page.user.click(within(page.dialog).getByRole('button', { name: 'Discard draft' }));
    await database.pageGone();

    page = await reloadPageAs(me);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(page.text).toHaveValue('');
    await waitFor(async () => expect(await readDraft(me.username)).toBeUndefined());
  });

  it('writes its image to the tab once, not again on each key typed beside it', async () => {
    vi.mocked(uploadImage).mockResolvedValue(IMAGE);
    let page = await reloadPageAs(me);
    await page.user.upload(within(page.dialog).getByLabelText('Add image'), picture());
    await within(page.dialog).findByRole('img', { name: 'Selected image' });
    const written: string[] = [];
    const storage = sessionStorage;
    const counted = vi.spyOn(window, 'sessionStorage', 'get').mockReturnValue({
      ...storage,
      getItem: (key: string) => storage.getItem(key),
      removeItem: (key: string) => storage.removeItem(key),
      setItem: (key: string, value: string) => {
        written.push(value);
        storage.setItem(key, value);
      },
    });
    await page.user.type(page.text, 'Ten keys..');
    counted.mockRestore();
    expect(written.filter((value) => value.includes('Ten keys'))).not.toHaveLength(0);
    expect(written.filter((value) => value.includes(IMAGE))).toEqual([]);
    cleanup();

    page = await reloadPageAs(me);
    expect(page.text).toHaveValue('Ten keys..');
    expect(within(page.dialog).getByRole('img', { name: 'Selected image' })).toHaveAttribute('src', IMAGE);
  });

  it('is forgotten by the tab when its person signs out, and waits for them in IndexedDB', async () => {
    openPageAs(me);
    const { user, text } = showDialog();
    await waitFor(() => expect(text).toHaveValue(''));
    await user.type(text, 'For later');
    expect(Object.values({ ...sessionStorage }).join()).toContain('For later');
    useSession.getState().sessionReset();
    await waitFor(() => expect(Object.values({ ...sessionStorage }).join()).not.toContain('For later'));
    expect(await readDraft(me.username)).toEqual({ text: 'For later' });
  });

  it('is removed from the browser when its person signs out themselves', async () => {
    openPageAs(me);
    const { user, text, view } = showDialog();
    await waitFor(() => expect(text).toHaveValue(''));
    await user.type(text, 'Not for the next person');
    await settleDraft();
    expect(await readDraft(me.username)).toEqual({ text: 'Not for the next person' });
    useSession.getState().logOut({ bySignOut: true });
    await settleDraft();
    expect(await readDraft(me.username)).toBeUndefined();
    expect(Object.values({ ...sessionStorage }).join()).not.toContain('Not for the next person');
    view.unmount();

    openPageAs(me);
    const next = showDialog();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(next.text).toHaveValue('');
  });

  it('is removed, with the replies’ drafts, by the next page when the page that signed out went before IndexedDB removed it', async () => {
    openPageAs(me);
    const { user, text } = showDialog();
    await waitFor(() => expect(text).toHaveValue(''));
    await user.type(text, 'Gone with the page');
    await settleDraft();
    await writeDraft(`${me.username}/reply/1`, { text: 'A reply gone with it' });
    await writeDraft(other.username, { text: 'Someone else’s' });

    const { pageGone } = databaseLosesWrites();
    useSession.getState().logOut({ bySignOut: true });
    await pageGone();

    const next = await reloadPageAs(me);
    const storage = await import('../../components/composer/draft-storage');
    expect(await storage.readDraft(me.username)).toBeUndefined();
    expect(await storage.readDraft(`${me.username}/reply/1`)).toBeUndefined();
    expect(await storage.readDraft(other.username)).toEqual({ text: 'Someone else’s' });
    expect(next.text).toHaveValue('');
    expect(localStorage.getItem('chirp.drafts-signed-out')).toBeNull();
  });

  it('is for new posts only: a reply keeps its own', async () => {
    await writeDraft(me.username, { text: 'A new post in waiting' });
    openPageAs(me);
    const user = userEvent.setup();
    renderWithApp(<ComposerForm replyTo={aCompactPost({ content: 'Question?' })} />);
    const reply = screen.getByRole('textbox', { name: 'Write a reply' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(reply).toHaveValue('');
    await user.type(reply, 'An answer');
    expect(screen.queryByRole('button', { name: 'Discard draft' })).not.toBeInTheDocument();
    await settleReplyDrafts();
    expect(await readDraft(me.username)).toEqual({ text: 'A new post in waiting' });
  });
});

describe('a reply’s draft', () => {
  const question = aCompactPost({ content: 'Question?' });
  const another = aCompactPost({ content: 'Another question?' });

  function showReply(post = question) {
    const onClose = vi.fn();
    const user = userEvent.setup();
    const view = renderWithApp(<ReplyDialog post={post} onClose={onClose} />);
    const dialog = screen.getByRole('dialog', { name: 'Reply' });
    return { user, onClose, view, dialog, text: within(dialog).getByRole('textbox', { name: 'Write a reply' }) };
  }

  async function typeAndClose(text: string, post = question) {
    const reply = showReply(post);
    await reply.user.type(reply.text, text);
    await reply.user.click(within(reply.dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(reply.onClose).toHaveBeenCalled());
    reply.view.unmount();
  }

  it('is there when the reply dialog opens again, for that post only', async () => {
    openPageAs(me);
    await typeAndClose('Half an answer');
    expect(showReply().text).toHaveValue('Half an answer');
    cleanup();
    expect(showReply(another).text).toHaveValue('');
  });

  it('keeps its image’s description when the reply dialog opens again', async () => {
    vi.mocked(uploadImage).mockResolvedValue(IMAGE);
    openPageAs(me);
    const reply = showReply();
    await reply.user.upload(within(reply.dialog).getByLabelText('Add image'), picture());
    await describeImage(reply.user, reply.dialog, 'The answer, drawn');
    await reply.user.click(within(reply.dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(reply.onClose).toHaveBeenCalled());
    reply.view.unmount();

    const again = showReply();
    await again.user.click(await within(again.dialog).findByRole('button', { name: 'Edit description' }));
    expect(within(await screen.findByRole('dialog', { name: 'Describe the image' })).getByRole('textbox', { name: 'Description' })).toHaveValue('The answer, drawn');
  });

  it('waits in IndexedDB for the next visit (a new tab, a session that ended by itself)', async () => {
    openPageAs(me);
    await typeAndClose('For the morning');
    await settleReplyDrafts();
    useSession.getState().sessionReset();
    await settleReplyDrafts();
    await waitFor(() => expect(Object.values({ ...sessionStorage }).join()).not.toContain('For the morning'));

    openPageAs(me);
    const { text } = showReply();
    await waitFor(() => expect(text).toHaveValue('For the morning'));
    cleanup();
    openPageAs(other);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(showReply().text).toHaveValue('');
  });

  it('is gone once the reply is posted', async () => {
    vi.spyOn(compactApi, 'createPost').mockResolvedValue({ post: aCompactPost({ content: 'Sent', replyTo: question._id }) });
    openPageAs(me);
    await typeAndClose('Sent');
    const { user, dialog } = showReply();
    await user.click(within(dialog).getByRole('button', { name: 'Reply' }));
    expect(await screen.findByText('Your reply was posted')).toBeInTheDocument();
    cleanup();
    await settleReplyDrafts();
    openPageAs(me);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(showReply().text).toHaveValue('');
  });

  it('is removed from the browser when its person signs out themselves', async () => {
    openPageAs(me);
    await typeAndClose('Not for the next person');
    await settleReplyDrafts();
    useSession.getState().logOut({ bySignOut: true });
    await settleReplyDrafts();
    expect(Object.values({ ...sessionStorage }).join()).not.toContain('Not for the next person');

    openPageAs(me);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(showReply().text).toHaveValue('');
  });
});
