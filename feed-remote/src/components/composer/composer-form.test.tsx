import { MESSAGES } from '@chirp/contracts';
import { ApiError, compactApi, queryClient, toast, uploadImage } from '@chirp/session';
import { type PostPages, queryKeys } from '@chirp/queries';
import { aCompactPost, aPostPage, aProfile, deferred, logInAs, renderWithApp, summaryOf } from '@chirp/session/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ComposerForm } from './composer-form';
import { useFeedStore } from '../../lib/feed-store';

vi.mock('@chirp/session', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@chirp/session')>()),
  uploadImage: vi.fn(),
}));

const me = aProfile({ username: 'guestuser' });
const LATEST = queryKeys.postList({ kind: 'feed', sort: 'latest' });
/** A PNG's signature: the composer reads the kind of image from a file's first bytes. */
const picture = () => new File([new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10])], 'dot.png', { type: 'image/png' });
const ONLY_IMAGES = 'Only JPEG, PNG, GIF and WebP images can be uploaded.';

function showComposer(props: Parameters<typeof ComposerForm>[0] = {}) {
  logInAs(me);
  queryClient.setQueryData<PostPages>(LATEST, { pages: [aPostPage([])], pageParams: [undefined] });
  const user = userEvent.setup();
  renderWithApp(<ComposerForm {...props} />);
  return {
    user,
    text: screen.getByRole('textbox', { name: 'Write a post' }),
    imageInput: screen.getByLabelText('Add image') as HTMLInputElement,
    postButton: screen.getByRole('button', { name: 'Post' }),
  };
}

/** A picked image, uploaded, and its description dialog opened from Add description. */
async function openDescription() {
  vi.mocked(uploadImage).mockResolvedValue('data:image/png;base64,AAAA');
  const create = vi.spyOn(compactApi, 'createPost').mockResolvedValue({ post: aCompactPost({}, summaryOf(me)) });
  const composer = showComposer();
  await composer.user.upload(composer.imageInput, picture());
  await composer.user.click(await screen.findByRole('button', { name: 'Add description' }));
  const dialog = await screen.findByRole('dialog', { name: 'Describe the image' });
  return { ...composer, create, dialog, field: within(dialog).getByRole('textbox', { name: 'Description' }) };
}

beforeEach(() => {
  toast.remove();
  vi.mocked(uploadImage).mockReset();
  // happy-dom has no object URLs for files
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
});

describe('the composer', () => {
  it('counts characters up to 500', async () => {
    const { user, text } = showComposer();
    expect(screen.getByText('0/500')).toBeInTheDocument();
    await user.type(text, 'Hello');
    expect(screen.getByText('5/500')).toBeInTheDocument();
    expect(useFeedStore.getState().composerText).toBe('Hello');
  });

  it('keeps a pasted text over 500 characters whole, says by how much it is over, and does not send it', async () => {
    const create = vi.spyOn(compactApi, 'createPost');
    const { user, text, postButton } = showComposer();
    await user.click(text);
    await user.paste('x'.repeat(520));
    expect(text).toHaveValue('x'.repeat(520));
    expect(screen.getByText('520/500')).toBeInTheDocument();
    expect(text).toHaveAttribute('aria-invalid', 'true');
    expect(text).toHaveAccessibleDescription(/20 characters over the 500-character limit/);
    const said = screen.getByText('20 characters over the 500-character limit. Shorten the post to send it.');
    expect(said).toBeVisible();
    expect(said).toHaveAttribute('aria-live', 'polite');

    await user.click(postButton);
    expect(await screen.findByText('A post can be at most 500 characters.')).toBeInTheDocument();
    expect(create).not.toHaveBeenCalled();

    await user.type(text, '{Backspace}'.repeat(20));
    expect(screen.getByText('500/500')).toBeInTheDocument();
    expect(text).toHaveAttribute('aria-invalid', 'false');
    expect(screen.queryByText(/over the 500-character limit/)).toBeNull();
  });

  it('counts characters as the back end does: an emoji is one', async () => {
    const { user, text } = showComposer();
    await user.click(text);
    await user.paste('🐦'.repeat(300));
    expect(screen.getByText('300/500')).toBeInTheDocument();
    expect(text).toHaveAttribute('aria-invalid', 'false');
  });

  it('refuses an empty post without calling the back end', async () => {
    const create = vi.spyOn(compactApi, 'createPost');
    const { user, text, postButton } = showComposer();
    await user.type(text, '   ');
    await user.click(postButton);
    expect(await screen.findByText(MESSAGES.emptyPost)).toBeInTheDocument();
    expect(create).not.toHaveBeenCalled();
  });

  it('takes text of only invisible characters as empty', async () => {
    const create = vi.spyOn(compactApi, 'createPost');
    const { user, text, postButton } = showComposer();
    await user.type(text, '\u200b\u3164\u2060');
    await user.click(postButton);
    expect(await screen.findByText(MESSAGES.emptyPost)).toBeInTheDocument();
    expect(create).not.toHaveBeenCalled();
  });

  it('posts text, says so and clears the fields', async () => {
    const created = aCompactPost({ content: 'Hello\nworld' }, summaryOf(me));
    const create = vi.spyOn(compactApi, 'createPost').mockResolvedValue({ post: created });
    const { user, text, postButton } = showComposer();
    await user.type(text, 'Hello{Shift>}{Enter}{/Shift}world');
    await user.click(postButton);

    expect(create).toHaveBeenCalledWith({ content: 'Hello\nworld', image: undefined });
    expect(await screen.findByText('Post uploaded Successfully')).toBeInTheDocument();
    expect(text).toHaveValue('');
    // The answer is the new post: first in the feed the cache holds.
    expect(queryClient.getQueryData<PostPages>(LATEST)?.pages[0]?.posts).toEqual([created]);
  });

  it('keeps what was typed while the post was on its way', async () => {
    const answer = deferred<{ post: ReturnType<typeof aCompactPost> }>();
    vi.spyOn(compactApi, 'createPost').mockReturnValue(answer.promise);
    const { user, text, postButton } = showComposer();
    await user.type(text, 'First');
    await user.click(postButton);
    expect(postButton).toBeDisabled();
    await user.clear(text);
    await user.type(text, 'Second');
    await act(async () => answer.resolve({ post: aCompactPost({ content: 'First' }, summaryOf(me)) }));

    expect(await screen.findByText('Post uploaded Successfully')).toBeInTheDocument();
    expect(text).toHaveValue('Second');
    expect(postButton).toBeEnabled();
  });

  it('shows the back end’s refusal and keeps the text', async () => {
    vi.spyOn(compactApi, 'createPost').mockRejectedValue(new ApiError(400, 'A post can be at most 500 characters.'));
    const { user, text, postButton } = showComposer();
    await user.type(text, 'Something');
    await user.click(postButton);
    expect(await screen.findByText('A post can be at most 500 characters.')).toBeInTheDocument();
    expect(text).toHaveValue('Something');
  });

  it('prepares a picked image, with Post disabled meanwhile, then previews it', async () => {
    const upload = deferred<string>();
    vi.mocked(uploadImage).mockReturnValue(upload.promise);
    const { user, imageInput, postButton } = showComposer();
    expect(imageInput).toHaveAttribute('accept', 'image/*');
    expect(imageInput).toHaveAttribute('type', 'file');

    await user.upload(imageInput, picture());
    expect(screen.getByRole('status')).toHaveTextContent('Preparing image…');
    expect(postButton).toBeDisabled();

    await act(async () => upload.resolve('data:image/png;base64,AAAA'));
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByRole('img', { name: 'Selected image' })).toHaveAttribute('src', 'data:image/png;base64,AAAA');
    expect(postButton).toBeEnabled();
  });

  it('posts an image without text', async () => {
    vi.mocked(uploadImage).mockResolvedValue('data:image/png;base64,AAAA');
    const create = vi.spyOn(compactApi, 'createPost').mockResolvedValue({ post: aCompactPost({}, summaryOf(me)) });
    const { user, imageInput, postButton } = showComposer();
    await user.upload(imageInput, picture());
    await screen.findByRole('img', { name: 'Selected image' });
    await user.click(postButton);

    expect(create).toHaveBeenCalledWith({ content: '', image: 'data:image/png;base64,AAAA' });
    expect(await screen.findByText('Post uploaded Successfully')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'Selected image' })).toBeNull();
  });

  it('asks for the image’s description with Add description, and sends it with the image; a new image starts without one', async () => {
    const { user, imageInput, postButton, create, dialog, field } = await openDescription();
    expect(field).toHaveFocus();
    expect(field).toHaveAccessibleDescription(/Say what the image shows/);
    await user.type(field, '  A loaf of rye on a board  ');
    await user.click(within(dialog).getByRole('button', { name: 'Save description' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    // Saved: the button says so, and opens the description to change it.
    await user.click(screen.getByRole('button', { name: 'Edit description' }));
    expect(within(await screen.findByRole('dialog', { name: 'Describe the image' })).getByRole('textbox', { name: 'Description' })).toHaveValue(
      'A loaf of rye on a board',
    );
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Close' }));
    await user.click(postButton);
    expect(create).toHaveBeenCalledWith({ content: '', image: 'data:image/png;base64,AAAA', imageAlt: 'A loaf of rye on a board' });
    // The next image has no description yet.
    await user.upload(imageInput, picture());
    expect(await screen.findByRole('button', { name: 'Add description' })).toBeInTheDocument();
  });

  it('keeps the image and its description when the next file picked is refused', async () => {
    const { user, imageInput, postButton, create, dialog, field } = await openDescription();
    await user.type(field, 'A loaf of rye on a board');
    await user.click(within(dialog).getByRole('button', { name: 'Save description' }));
    await user.upload(imageInput, new File(['%PDF-1.7 a letter'], 'photo.png', { type: 'image/png' }));
    expect(await screen.findByText(ONLY_IMAGES)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit description' })).toBeInTheDocument();
    await user.click(postButton);
    expect(create).toHaveBeenCalledWith({ content: '', image: 'data:image/png;base64,AAAA', imageAlt: 'A loaf of rye on a board' });
  });

  it('refuses a description over the limit, and goes without one when none is written', async () => {
    const { user, postButton, create, dialog, field } = await openDescription();
    await user.click(field);
    await user.paste('x'.repeat(1001));
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByText('1001/1000')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Save description' })).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await user.click(postButton);
    expect(create).toHaveBeenCalledWith({ content: '', image: 'data:image/png;base64,AAAA' });
  });

  it('removes the picked image', async () => {
    vi.mocked(uploadImage).mockResolvedValue('data:image/png;base64,AAAA');
    const { user, imageInput } = showComposer();
    await user.upload(imageInput, picture());
    await screen.findByRole('img', { name: 'Selected image' });
    await user.click(screen.getByRole('button', { name: 'Remove image' }));
    expect(screen.queryByRole('img', { name: 'Selected image' })).toBeNull();
  });

  it('says "Server Error" when the image cannot be uploaded', async () => {
    vi.mocked(uploadImage).mockRejectedValue(new Error('network down'));
    const { user, imageInput, postButton } = showComposer();
    await user.upload(imageInput, picture());
    expect(await screen.findByText('Server Error')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'Selected image' })).toBeNull();
    expect(postButton).toBeEnabled();
  });

  it('ignores an upload that finishes after the image was removed', async () => {
    const upload = deferred<string>();
    vi.mocked(uploadImage).mockReturnValue(upload.promise);
    const { user, imageInput, postButton } = showComposer();
    await user.upload(imageInput, picture());
    await user.click(screen.getByRole('button', { name: 'Remove image' }));
    expect(postButton).toBeEnabled();
    await act(async () => upload.resolve('data:image/png;base64,LATE'));
    expect(screen.queryByRole('img', { name: 'Selected image' })).toBeNull();
  });

  it('takes up to four images, picked at once or one by one, each with its own description and remove button', async () => {
    let uploaded = 0;
    vi.mocked(uploadImage).mockImplementation(async () => `data:image/png;base64,QUJD${++uploaded}`);
    const create = vi.spyOn(compactApi, 'createPost').mockResolvedValue({ post: aCompactPost({}, summaryOf(me)) });
    const { user, imageInput, postButton } = showComposer();
    await user.upload(imageInput, [picture(), picture(), picture()]);
    expect(await screen.findByRole('button', { name: 'Remove image 3' })).toBeInTheDocument();
    expect(imageInput).toBeEnabled();
    await user.upload(imageInput, picture());
    await screen.findByRole('button', { name: 'Remove image 4' });
    // At four, no more: the button says why, beside it.
    expect(imageInput).toBeDisabled();
    expect(screen.getByText('4 images at most')).toBeInTheDocument();
    expect(imageInput).toHaveAccessibleDescription('4 images at most');

    await user.click(screen.getByRole('button', { name: 'Add description, image 3' }));
    const dialog = await screen.findByRole('dialog', { name: 'Describe the image' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Description' }), 'The third one');
    await user.click(within(dialog).getByRole('button', { name: 'Save description' }));
    expect(await screen.findByRole('button', { name: 'Edit description, image 3' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove image 2' }));
    expect(screen.queryByRole('button', { name: 'Remove image 4' })).toBeNull();
    expect(imageInput).toBeEnabled();

    await user.click(postButton);
    await waitFor(() => expect(create).toHaveBeenCalled());
    expect(create).toHaveBeenCalledWith({
      content: '',
      image: 'data:image/png;base64,QUJD1',
      images: [{ image: 'data:image/png;base64,QUJD1' }, { image: 'data:image/png;base64,QUJD3', alt: 'The third one' }, { image: 'data:image/png;base64,QUJD4' }],
    });
    // Posted: the composer is empty again.
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Attached images' })).toBeNull());
  });

  it('keeps the images in the order they were picked, whichever upload answers first; a failed one leaves its place', async () => {
    const uploads = [deferred<string>(), deferred<string>(), deferred<string>(), deferred<string>()];
    let call = 0;
    vi.mocked(uploadImage).mockImplementation(() => uploads[call++]!.promise);
    const create = vi.spyOn(compactApi, 'createPost').mockResolvedValue({ post: aCompactPost({}, summaryOf(me)) });
    const { user, imageInput, postButton } = showComposer();
    await user.upload(imageInput, [picture(), picture(), picture(), picture()]);
    await waitFor(() => expect(uploadImage).toHaveBeenCalledTimes(4));
    await act(async () => uploads[3]!.resolve('data:image/png;base64,Rk9VUg=='));
    await act(async () => uploads[2]!.resolve('data:image/png;base64,VEhSRUU='));
    // The third and fourth are in, but wait for the first two: all four are still being prepared.
    expect(screen.getAllByRole('status').filter((status) => status.textContent?.includes('Preparing image'))).toHaveLength(4);
    expect(screen.queryByRole('button', { name: /^Add description/ })).toBeNull();
    await act(async () => uploads[1]!.reject(new Error('network down')));
    await act(async () => uploads[0]!.resolve('data:image/png;base64,T05F'));
    expect(await screen.findByRole('button', { name: 'Add description, image 3' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove image 4' })).toBeNull();
    expect(screen.getByText('Server Error')).toBeInTheDocument();
    await user.click(postButton);
    await waitFor(() => expect(create).toHaveBeenCalled());
    const inOrder = [{ image: 'data:image/png;base64,T05F' }, { image: 'data:image/png;base64,VEhSRUU=' }, { image: 'data:image/png;base64,Rk9VUg==' }];
    expect(create).toHaveBeenCalledWith(expect.objectContaining({ images: inOrder }));
  });

  it('keeps the first four of more picked at once, and says so', async () => {
    vi.mocked(uploadImage).mockResolvedValue('data:image/png;base64,AAAA');
    const { user, imageInput } = showComposer();
    await user.upload(imageInput, [picture(), picture(), picture(), picture(), picture()]);
    expect(await screen.findByText('A post can have at most 4 images.')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Remove image 4' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove image 5' })).toBeNull();
  });

  it('refuses a file that is not an image', async () => {
    const { imageInput } = showComposer();
    // userEvent honours `accept`; a person choosing "All files" in the dialog does not.
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(imageInput, new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect(await screen.findByText(ONLY_IMAGES)).toBeInTheDocument();
    expect(uploadImage).not.toHaveBeenCalled();
  });

  it('says what is wrong with a file named as an image that is none, or an image of a kind the back end does not keep', async () => {
    const { user, imageInput } = showComposer();
    await user.upload(imageInput, new File(['%PDF-1.7 a letter'], 'photo.png', { type: 'image/png' }));
    expect(await screen.findByText(ONLY_IMAGES)).toBeInTheDocument();
    toast.remove();
    await user.upload(imageInput, new File(['<svg xmlns="http://www.w3.org/2000/svg"/>'], 'logo.svg', { type: 'image/svg+xml' }));
    expect(await screen.findByText(ONLY_IMAGES)).toBeInTheDocument();
    expect(uploadImage).not.toHaveBeenCalled();
    expect(screen.queryByText('Server Error')).toBeNull();
  });

  it('shows the back end’s reason when it refuses the image', async () => {
    vi.mocked(uploadImage).mockRejectedValue(new Error('Server Error', { cause: new ApiError(413, 'The image is too large.') }));
    const { user, imageInput } = showComposer();
    await user.upload(imageInput, picture());
    expect(await screen.findByText('The image is too large.')).toBeInTheDocument();
    expect(screen.queryByText('Server Error')).toBeNull();
  });

  it('edits a post: its content and image, an Update button, and the edited message', async () => {
    const post = aCompactPost({ content: 'Before', image: '/images/a.jpg' }, summaryOf(me));
    const edit = vi.spyOn(compactApi, 'editPost').mockResolvedValue({ post: { ...post, content: 'After' } });
    const onDone = vi.fn();
    logInAs(me);
    const user = userEvent.setup();
    renderWithApp(<ComposerForm post={post} onDone={onDone} />);

    const form = screen.getByRole('form', { name: 'Edit post' });
    const text = within(form).getByRole('textbox', { name: 'Write a post' });
    expect(text).toHaveValue('Before');
    await user.click(within(form).getByRole('button', { name: 'Remove image' }));
    await user.clear(text);
    await user.type(text, 'After');
    await user.click(within(form).getByRole('button', { name: 'Update' }));

    expect(edit).toHaveBeenCalledWith(post._id, { content: 'After', image: undefined });
    expect(await screen.findByText('Post Edited Successfully')).toBeInTheDocument();
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(useFeedStore.getState().composerText).toBe(''); // a new post's draft is not touched
  });

  it('edits a post’s images: it starts from all of them with their descriptions, and sends what is left', async () => {
    const images = [{ image: '/images/a.jpg', alt: 'First' }, { image: '/images/b.jpg' }, { image: '/images/c.jpg', alt: 'Third' }];
    const post = aCompactPost({ content: 'Three', image: '/images/a.jpg', imageAlt: 'First', images }, summaryOf(me));
    const edit = vi.spyOn(compactApi, 'editPost').mockResolvedValue({ post });
    logInAs(me);
    const user = userEvent.setup();
    renderWithApp(<ComposerForm post={post} />);

    const form = screen.getByRole('form', { name: 'Edit post' });
    expect(within(form).getByRole('button', { name: 'Edit description, image 1' })).toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'Add description, image 2' })).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Remove image 1' }));
    await user.click(within(form).getByRole('button', { name: 'Update' }));

    expect(edit).toHaveBeenCalledWith(post._id, {
      content: 'Three',
      image: '/images/b.jpg',
      images: [{ image: '/images/b.jpg' }, { image: '/images/c.jpg', alt: 'Third' }],
    });
  });
});
