import { type CompactPost } from '@chirp/contracts';
import { ApiError, compactApi, queryClient, toast } from '@chirp/session';
import { type PostPages, queryKeys, usePostPages } from '@chirp/queries';
import { aCompactPost, aPostPage, aProfile, deferred, logInAs, renderWithApp, summaryOf } from '@chirp/session/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PostCard } from './post-card';

const me = aProfile({ username: 'guestuser', firstName: 'Guest', lastName: 'User' });
const ada = summaryOf(aProfile({ username: 'ada', firstName: 'Ada', lastName: 'Lovelace', profilePic: '/avatars/avatar-2.svg' }));
const LATEST = { kind: 'feed', sort: 'latest' } as const;

/** A post of `ada`'s (or `me`'s when `mine`), as the compact API answers it. */
const aPost = (fields: Partial<CompactPost> = {}, { mine = false } = {}) => aCompactPost(fields, mine ? summaryOf(me) : ada);

/** Renders the cache's copy of `post` (in the Latest feed), so cache changes show as they would in a list. */
function CachedCard({ id }: { id: string }) {
  const { data } = usePostPages(LATEST);
  const post = data?.pages.flatMap((page) => page.posts).find((entry) => entry._id === id);
  return post ? <PostCard post={post} /> : <p>gone</p>;
}

function showPost(post: CompactPost) {
  logInAs(me);
  queryClient.setQueryData<PostPages>(queryKeys.postList(LATEST), { pages: [aPostPage([post])], pageParams: [undefined] });
  const user = userEvent.setup();
  renderWithApp(<CachedCard id={post._id} />);
  return { user, article: screen.getByRole('article') };
}

const likeButton = () => screen.getByRole('button', { name: 'Like' });
/** The count a button (Like, Repost) describes itself with. */
const countOf = (article: HTMLElement, button: string) => {
  const id = within(article).getByRole('button', { name: button }).getAttribute('aria-describedby');
  return article.ownerDocument.getElementById(id ?? '')!;
};
const likeCount = (article: HTMLElement) => countOf(article, 'Like');
const repostCount = (article: HTMLElement) => countOf(article, 'Repost');
const bo = summaryOf(aProfile({ username: 'bo', firstName: 'Bo', lastName: 'Lee' }));
const cachedPost = (id: string) =>
  queryClient
    .getQueryData<PostPages>(queryKeys.postList(LATEST))!
    .pages.flatMap((page) => page.posts)
    .find((post) => post._id === id);

beforeEach(() => {
  toast.remove();
});
afterEach(() => vi.restoreAllMocks());

describe('the post card', () => {
  it('shows the author, linking to their profile, the date and the text as written', () => {
    const post = aPost({ content: 'First line\nsecond line', createdAt: '2024-03-05T09:30:00+01:00' });
    const { article } = showPost(post);

    const link = within(article).getByRole('link', { name: /Ada Lovelace/ });
    expect(link).toHaveAttribute('href', '/profile/ada');
    expect(link).toHaveTextContent('@ada');
    expect(article.querySelector('img.post-card__avatar')).toHaveAttribute('src', '/avatars/avatar-2.svg');
    const time = article.querySelector('time')!;
    expect(time).toHaveAttribute('datetime', '2024-03-05T09:30:00+01:00');
    // A post older than a day shows its short date (spec 9); the full date and time on hover.
    expect(time.textContent).toBe(new Date('2024-03-05T09:30:00+01:00').toLocaleDateString(undefined, { dateStyle: 'medium' }));
    expect(time.getAttribute('title')).toContain('2024');
    expect(within(article).getByText(/First line/).textContent).toBe('First line\nsecond line');
  });

  it('says how long ago a recent post was made', () => {
    const fiveMinutesAgo = new Date(Date.now() - 5 * 60_000 - 1000).toISOString();
    const { article } = showPost(aPost({ createdAt: fiveMinutesAgo }));
    const time = within(article).getByRole('link', { name: '5m' }).querySelector('time');
    expect(time).toHaveAttribute('datetime', fiveMinutesAgo);
  });

  it('shows markup in a post as text, never as HTML', () => {
    const markup = '<img src=x onerror=alert(1)><b>bold</b>';
    const { article } = showPost(aPost({ content: markup }));
    expect(within(article).getByText(markup)).toBeInTheDocument();
    expect(article.querySelector('b')).toBeNull();
    expect(article.querySelectorAll('img')).toHaveLength(1); // the avatar only
  });

  it('shows the image lazily, with alternative text', () => {
    const { article } = showPost(aPost({ image: '/images/sunset.jpg' }));
    const image = within(article).getByRole('img', { name: "Image in Ada Lovelace's post" });
    expect(image).toHaveAttribute('src', '/images/sunset.jpg');
    expect(image).toHaveAttribute('loading', 'lazy');
    // Not one of the server's stored images: drawn as it is, no copies named.
    expect(image).not.toHaveAttribute('srcset');
  });

  it('draws an image of the server’s store from its copy that fits, its box at the image’s proportions', () => {
    const stored = 'https://api.example.com/uploads/0b6f6c1e-3c1a-4c55-9d0e-2f1c1c7e6a11-1600x900.jpg';
    const { article } = showPost(aPost({ image: stored }));
    const image = within(article).getByRole('img', { name: "Image in Ada Lovelace's post" });
    expect(image).toHaveAttribute('src', stored);
    const copy = (size: number) => `https://api.example.com/uploads/0b6f6c1e-3c1a-4c55-9d0e-2f1c1c7e6a11-${size}.webp`;
    expect(image).toHaveAttribute('srcset', `${copy(640)} 640w, ${copy(1280)} 1280w`);
    expect(image.getAttribute('sizes')).toMatch(/540px$/);
    expect([image.getAttribute('width'), image.getAttribute('height')]).toEqual(['1600', '900']);
  });

  it('falls back to the username when the author has no name', () => {
    const ghost = { _id: '', username: 'ghost', firstName: '', lastName: '', profilePic: '' };
    const { article } = showPost(aCompactPost({}, ghost));
    expect(within(article).getByRole('link', { name: /ghost/ })).toHaveAttribute('href', '/profile/ghost');
  });
});

describe('a post holding a muted word', () => {
  it('is folded away, saying which word, until Show anyway shows it; a post without one is shown as it is', async () => {
    const { user, article } = showPost(aPost({ content: 'No spoilers please', mutedWord: 'spoilers' }));
    expect(article).toHaveAccessibleName('Hidden: this post holds “spoilers”, which you muted.');
    expect(within(article).queryByText('No spoilers please')).toBeNull();
    expect(within(article).queryByRole('button', { name: 'Like' })).toBeNull();
    await user.click(within(article).getByRole('button', { name: 'Show anyway' }));
    const shown = screen.getByRole('article');
    expect(within(shown).getByText('No spoilers please')).toBeInTheDocument();
    expect(within(shown).getByRole('button', { name: 'Like' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show anyway' })).toBeNull();
  });
});

describe('liking a post', () => {
  it('shows the like at once, then confirms it', async () => {
    const post = aPost({ likeCount: 41 });
    const answer = deferred<{ post: CompactPost }>();
    const like = vi.spyOn(compactApi, 'like').mockReturnValue(answer.promise);
    const { user, article } = showPost(post);

    expect(likeButton()).toHaveAttribute('aria-pressed', 'false');
    await user.click(likeButton());
    expect(like).toHaveBeenCalledWith(post._id);
    expect(likeButton()).toHaveAttribute('aria-pressed', 'true');
    expect(likeCount(article)).toHaveTextContent('42');

    await act(async () => answer.resolve({ post: { ...post, likeCount: 42, likedByMe: true } }));
    expect(await screen.findByText('Post Liked !')).toBeInTheDocument();
    expect(likeCount(article)).toHaveTextContent('42');
    // The answer is the one post, put in place in the cache.
    expect(cachedPost(post._id)).toMatchObject({ likeCount: 42, likedByMe: true });
  });

  it('dislikes a post the user already likes', async () => {
    const post = aPost({ likeCount: 5, likedByMe: true });
    const disliked = { ...post, likeCount: 4, likedByMe: false, dislikedByMe: true };
    const dislike = vi.spyOn(compactApi, 'dislike').mockResolvedValue({ post: disliked });
    const { user, article } = showPost(post);

    expect(likeButton()).toHaveAttribute('aria-pressed', 'true');
    await user.click(likeButton());
    expect(dislike).toHaveBeenCalledWith(post._id);
    expect(likeButton()).toHaveAttribute('aria-pressed', 'false');
    expect(likeCount(article)).toHaveTextContent('4');
    expect(await screen.findByText('Post Disliked !')).toBeInTheDocument();
  });

  it('rolls back and shows the error when the back end refuses', async () => {
    const post = aPost({ likeCount: 7 });
    vi.spyOn(compactApi, 'like').mockRejectedValue(new ApiError(400, 'Cannot like a post that is already liked. '));
    const { user, article } = showPost(post);

    await user.click(likeButton());
    expect(await screen.findByText('Cannot like a post that is already liked.')).toBeInTheDocument();
    expect(likeButton()).toHaveAttribute('aria-pressed', 'false');
    expect(likeCount(article)).toHaveTextContent('7');
    expect(cachedPost(post._id)).toEqual(post);
  });

  it('sends one call for clicks made while a call is under way, and none that contradict it', async () => {
    const post = aPost({ likeCount: 10 });
    const answer = deferred<{ post: CompactPost }>();
    const like = vi.spyOn(compactApi, 'like').mockReturnValue(answer.promise);
    const dislike = vi.spyOn(compactApi, 'dislike');
    const { user, article } = showPost(post);

    await user.click(likeButton()); // like
    await user.click(likeButton()); // unlike, while the like is on its way
    await user.click(likeButton()); // like again
    expect(likeCount(article)).toHaveTextContent('11');
    expect(likeButton()).toHaveAttribute('aria-pressed', 'true');

    await act(async () => answer.resolve({ post: { ...post, likeCount: 11, likedByMe: true } }));
    expect(like).toHaveBeenCalledTimes(1);
    expect(dislike).not.toHaveBeenCalled();
    expect(likeCount(article)).toHaveTextContent('11');
  });

  it('never shows the state before the click while the answer takes the click’s place', async () => {
    const post = aPost({ likeCount: 10 });
    const answer = deferred<{ post: CompactPost }>();
    vi.spyOn(compactApi, 'like').mockReturnValue(answer.promise);
    const { user, article } = showPost(post);
    await user.click(likeButton());
    const shown: string[] = [];
    const record = () => shown.push(`${likeCount(article).textContent} ${likeButton().getAttribute('aria-pressed')}`);
    const watching = new MutationObserver(record);
    watching.observe(article, { subtree: true, childList: true, characterData: true, attributes: true });

    await act(async () => answer.resolve({ post: { ...post, likeCount: 11, likedByMe: true } }));
    await waitFor(() => expect(cachedPost(post._id)).toMatchObject({ likeCount: 11, likedByMe: true }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    record();
    watching.disconnect();
    expect(new Set(shown)).toEqual(new Set(['11 true']));
  });

  it('reaches the last state asked for, one call after the other', async () => {
    const post = aPost({ likeCount: 10 });
    const liked = { ...post, likeCount: 11, likedByMe: true };
    const disliked = { ...post, likeCount: 10, likedByMe: false, dislikedByMe: true };
    const likeAnswer = deferred<{ post: CompactPost }>();
    const like = vi.spyOn(compactApi, 'like').mockReturnValue(likeAnswer.promise);
    const dislike = vi.spyOn(compactApi, 'dislike').mockResolvedValue({ post: disliked });
    const { user, article } = showPost(post);

    await user.click(likeButton());
    await user.click(likeButton());
    expect(dislike).not.toHaveBeenCalled(); // not while the like is on its way
    expect(likeCount(article)).toHaveTextContent('10');

    await act(async () => likeAnswer.resolve({ post: liked }));
    await waitFor(() => expect(dislike).toHaveBeenCalledTimes(1));
    expect(like).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(cachedPost(post._id)).toEqual(disliked));
    expect(likeButton()).toHaveAttribute('aria-pressed', 'false');
    expect(likeCount(article)).toHaveTextContent('10');
  });
});

describe('bookmarking a post', () => {
  it('bookmarks at once, then confirms it', async () => {
    const post = aPost();
    const bookmark = vi.spyOn(compactApi, 'bookmark').mockResolvedValue({ postId: post._id, bookmarkedByMe: true });
    const { user } = showPost(post);
    const button = screen.getByRole('button', { name: 'Bookmark' });

    expect(button).toHaveAttribute('aria-pressed', 'false');
    await user.click(button);
    expect(button).toHaveAttribute('aria-pressed', 'true');
    expect(bookmark).toHaveBeenCalledWith(post._id);
    expect(await screen.findByText('Post Bookmarked !')).toBeInTheDocument();
    expect(cachedPost(post._id)?.bookmarkedByMe).toBe(true);
  });

  it('removes a bookmark', async () => {
    const post = aPost({ bookmarkedByMe: true });
    const remove = vi.spyOn(compactApi, 'removeBookmark').mockResolvedValue({ postId: post._id, bookmarkedByMe: false });
    const { user } = showPost(post);
    const button = screen.getByRole('button', { name: 'Bookmark' });

    expect(button).toHaveAttribute('aria-pressed', 'true');
    await user.click(button);
    expect(button).toHaveAttribute('aria-pressed', 'false');
    expect(remove).toHaveBeenCalledWith(post._id);
    expect(await screen.findByText('Post removed from Bookmark !')).toBeInTheDocument();
  });

  it('rolls the bookmark back when the back end refuses', async () => {
    const post = aPost();
    vi.spyOn(compactApi, 'bookmark').mockRejectedValue(new ApiError(400, 'This Post is already bookmarked'));
    const { user } = showPost(post);
    const button = screen.getByRole('button', { name: 'Bookmark' });

    await user.click(button);
    expect(await screen.findByText('This Post is already bookmarked')).toBeInTheDocument();
    expect(button).toHaveAttribute('aria-pressed', 'false');
    expect(cachedPost(post._id)?.bookmarkedByMe).toBe(false);
  });
});

describe('the options of a post', () => {
  it('are offered on the user’s own posts only', () => {
    showPost(aPost());
    expect(screen.queryByRole('button', { name: 'Post options' })).toBeNull();
  });

  it('on someone else’s post: Mute and Block its author, and Copy link', async () => {
    const { user } = showPost(aPost());
    await user.click(screen.getByRole('button', { name: 'More options' }));
    const menu = screen.getByRole('menu', { name: 'More options' });
    expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Mute @ada', 'Block @ada', 'Report post', 'Copy link']);
    expect(within(menu).queryByRole('menuitem', { name: 'Edit Post' })).toBeNull();
  });

  it('mutes the author, says so and loads the lists again without their posts', async () => {
    const mute = vi.spyOn(compactApi, 'mute').mockResolvedValue({ relation: { userId: ada._id, mutedByMe: true, blockedByMe: false } });
    const post = aPost();
    const { user } = showPost(post);
    // The list loads again as the back end now answers it: without the muted author's post.
    vi.spyOn(compactApi, 'feed').mockResolvedValue(aPostPage([]));
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    await user.click(screen.getByRole('button', { name: 'More options' }));
    await user.click(screen.getByRole('menuitem', { name: 'Mute @ada' }));
    expect(await screen.findByText('Muted @ada')).toBeInTheDocument();
    expect(mute).toHaveBeenCalledWith(ada._id);
    expect(invalidate).toHaveBeenCalledWith(expect.objectContaining({ queryKey: queryKeys.posts }));
    expect(await screen.findByText('gone')).toBeInTheDocument();
  });

  it('blocks the author; a refusal shows the back end’s words', async () => {
    vi.spyOn(compactApi, 'block').mockRejectedValue(new ApiError(404, 'This user does not exist.'));
    const { user } = showPost(aPost());
    await user.click(screen.getByRole('button', { name: 'More options' }));
    await user.click(screen.getByRole('menuitem', { name: 'Block @ada' }));
    expect(await screen.findByText('This user does not exist.')).toBeInTheDocument();
  });

  it('reports the post: a reason is needed, the details are optional, and the dialog closes saying it was sent', async () => {
    const report = vi.spyOn(compactApi, 'reportPost').mockResolvedValue({ report: { postId: 'p', reason: 'harassment', details: 'Rude.', createdAt: '' } });
    const post = aPost();
    const { user } = showPost(post);
    await user.click(screen.getByRole('button', { name: 'More options' }));
    await user.click(screen.getByRole('menuitem', { name: 'Report post' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report post' });
    const send = within(dialog).getByRole('button', { name: 'Send report' });
    expect(send).toBeDisabled();
    await user.click(within(dialog).getByRole('radio', { name: 'Harassment' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Details (optional)' }), 'Rude.');
    await user.click(send);
    expect(report).toHaveBeenCalledWith(post._id, { reason: 'harassment', details: 'Rude.' });
    expect(await screen.findByText('Report sent. Thank you.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('button', { name: 'More options' })).toHaveFocus();
  });

  it('keeps the report dialog open with the back end’s words when a report is refused', async () => {
    vi.spyOn(compactApi, 'reportPost').mockRejectedValue(new ApiError(404, 'This post does not exist.'));
    const { user } = showPost(aPost());
    await user.click(screen.getByRole('button', { name: 'More options' }));
    await user.click(screen.getByRole('menuitem', { name: 'Report post' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report post' });
    await user.click(within(dialog).getByRole('radio', { name: 'Spam' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await screen.findByText('This post does not exist.')).toBeInTheDocument();
    expect(dialog).toBeInTheDocument();
  });

  it('tells its author that moderators removed a post', () => {
    showPost(aPost({ removedByModerators: true }, { mine: true }));
    expect(screen.getByRole('note')).toHaveTextContent('This post was removed by moderators.');
  });

  it('copies the post’s address', async () => {
    const post = aPost();
    const { user } = showPost(post);
    await user.click(screen.getByRole('button', { name: 'More options' }));
    await user.click(screen.getByRole('menuitem', { name: 'Copy link' }));
    expect(await screen.findByText('Link copied')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/post/${post._id}`);
  });

  it('open a menu with Edit Post and Delete Post; Escape closes it and gives focus back', async () => {
    const { user } = showPost(aPost({}, { mine: true }));
    const button = screen.getByRole('button', { name: 'Post options' });

    await user.click(button);
    const menu = screen.getByRole('menu');
    expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Edit Post', 'Delete Post']);
    expect(within(menu).getByRole('menuitem', { name: 'Edit Post' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(within(menu).getByRole('menuitem', { name: 'Delete Post' })).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(button).toHaveFocus();
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  /** Opens 'Delete Post' from the menu of the user's own post; answers the confirmation dialog. */
  async function askToDelete(post = aPost({}, { mine: true })) {
    const remove = vi.spyOn(compactApi, 'deletePost').mockResolvedValue({ postId: post._id });
    const { user, article } = showPost(post);
    await user.click(screen.getByRole('button', { name: 'Post options' }));
    await user.click(screen.getByRole('menuitem', { name: 'Delete Post' }));
    return { user, article, remove, dialog: await screen.findByRole('dialog', { name: 'Delete post?' }) };
  }

  it('ask before deleting: a dialog says the post leaves Chirp, with Delete and Cancel, Cancel focused', async () => {
    const { dialog } = await askToDelete();
    expect(dialog).toHaveAttribute('open');
    expect(within(dialog).getByText('This removes the post from Chirp.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    // The choice that changes nothing has the focus: an Enter out of habit deletes nothing.
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
  });

  it('keep the post when Cancel is pressed, and give focus back to the options button', async () => {
    const { user, dialog, article, remove } = await askToDelete();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Post options' })).toHaveFocus();
    expect(screen.getByRole('article')).toBe(article);
    expect(screen.queryByText('Post Deleted!')).toBeNull();
    expect(remove).not.toHaveBeenCalled();
  });

  it('keep the post on Escape, and give focus back to the options button', async () => {
    const { user, dialog, article, remove } = await askToDelete();
    await user.keyboard('{Escape}');
    // happy-dom has no close requests: what the browser does on Escape in a modal dialog, done here.
    if (dialog.dispatchEvent(new Event('cancel', { cancelable: true }))) act(() => (dialog as HTMLDialogElement).close());
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Post options' })).toHaveFocus();
    expect(screen.getByRole('article')).toBe(article);
    expect(remove).not.toHaveBeenCalled();
  });

  it('edit the post in a dialog with its content, image and an Update button', async () => {
    const post = aPost({ content: 'Old words', image: '/images/old.jpg' }, { mine: true });
    const edited = { ...post, content: 'New words' };
    const edit = vi.spyOn(compactApi, 'editPost').mockResolvedValue({ post: edited });
    const { user } = showPost(post);

    await user.click(screen.getByRole('button', { name: 'Post options' }));
    await user.click(screen.getByRole('menuitem', { name: 'Edit Post' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit post' });
    const text = within(dialog).getByRole('textbox', { name: 'Write a post' });
    expect(text).toHaveValue('Old words');
    expect(within(dialog).getByRole('img', { name: 'Selected image' })).toHaveAttribute('src', '/images/old.jpg');

    await user.clear(text);
    await user.type(text, 'New words');
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    expect(edit).toHaveBeenCalledWith(post._id, { content: 'New words', image: '/images/old.jpg' });
    expect(await screen.findByText('Post Edited Successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByText('New words')).toBeInTheDocument();
  });
});

describe('replies', () => {
  it('the Reply button says how many replies there are and opens the composer in reply mode', async () => {
    const post = aPost({ content: 'What should I read?', replyCount: 2 });
    const { user } = showPost(post);
    await user.click(screen.getByRole('button', { name: 'Reply, 2 replies' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reply' });
    expect(dialog).toHaveTextContent('Replying to @ada');
    expect(within(dialog).getByRole('textbox', { name: 'Write a reply' })).toHaveFocus();
    expect(within(dialog).getByRole('button', { name: 'Reply' })).toBeInTheDocument();
  });

  it('sends the reply with the post it answers; the post counts one more', async () => {
    const post = aPost({ content: 'What should I read?', replyCount: 0 });
    const reply = aPost({ content: 'Le Guin', replyTo: post._id, replyingTo: 'ada' }, { mine: true });
    const create = vi.spyOn(compactApi, 'createPost').mockResolvedValue({ post: reply });
    const { user } = showPost(post);
    await user.click(screen.getByRole('button', { name: 'Reply, 0 replies' }));
    await user.type(await screen.findByRole('textbox', { name: 'Write a reply' }), 'Le Guin');
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Reply' }));
    expect(create).toHaveBeenCalledWith({ content: 'Le Guin', image: undefined, replyTo: post._id });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Reply, 1 reply' })).toHaveFocus();
  });

  it('a reply says whom it answers, or that its post was deleted', () => {
    const { article } = showPost(aPost({ replyTo: 'p1', replyingTo: 'priya.nair' }));
    expect(article).toHaveTextContent('Replying to @priya.nair');
    expect(within(article).getByRole('link', { name: '@priya.nair' })).toHaveAttribute('href', '/profile/priya.nair');
  });

  it('the time links to the post’s page', () => {
    const post = aPost();
    const { article } = showPost(post);
    expect(within(article).getByRole('link', { name: /\d{4}/ })).toHaveAttribute('href', `/post/${post._id}`);
  });
});

describe('who likes a post', () => {
  const liker = { ...bo, followedByMe: false };

  it('the like count opens a dialog of the people who like the post, each a link to their profile; closing it gives focus back', async () => {
    const post = aPost({ likeCount: 1 });
    const likers = vi.spyOn(compactApi, 'likers').mockResolvedValue({ users: [liker], nextCursor: null });
    const { user, article } = showPost(post);
    const count = within(article).getByRole('button', { name: 'Liked by 1 person' });
    expect(count).toHaveTextContent('1');
    // The Like button is still described by the count alone.
    expect(likeCount(article)).toHaveTextContent(/^1$/);

    await user.click(count);
    const dialog = await screen.findByRole('dialog', { name: 'Liked by' });
    const list = await within(dialog).findByRole('list', { name: "People who like @ada's post" });
    expect(within(list).getByRole('link', { name: /Bo Lee/ })).toHaveAttribute('href', '/profile/bo');
    expect(within(list).getByRole('link', { name: /Bo Lee/ })).toHaveTextContent('@bo');
    expect(likers).toHaveBeenCalledWith(post._id, { cursor: undefined });

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(within(article).getByRole('button', { name: 'Liked by 1 person' })).toHaveFocus();
  });

  it('pages with Show more, and a count of 0 is no button', async () => {
    const cy = { ...liker, _id: 'cy-id', username: 'cy', firstName: 'Cy' };
    vi.spyOn(compactApi, 'likers').mockImplementation(async (_postId, { cursor } = {}) =>
      cursor ? { users: [cy], nextCursor: null } : { users: [liker], nextCursor: 'next' },
    );
    const { user, article } = showPost(aPost({ likeCount: 2 }));
    await user.click(within(article).getByRole('button', { name: 'Liked by 2 people' }));
    const dialog = await screen.findByRole('dialog', { name: 'Liked by' });
    await user.click(await within(dialog).findByRole('button', { name: 'Show more' }));
    expect(await within(dialog).findByRole('link', { name: /Cy Lee/ })).toBeInTheDocument();
    expect(within(dialog).getAllByRole('link')).toHaveLength(2);
    expect(within(dialog).queryByRole('button', { name: 'Show more' })).toBeNull();
  });

  it('says how many the count holds beyond the people listed, once the list has ended', async () => {
    vi.spyOn(compactApi, 'likers').mockResolvedValue({ users: [liker], nextCursor: null });
    const { user, article } = showPost(aPost({ likeCount: 1250 }));
    await user.click(within(article).getByRole('button', { name: 'Liked by 1250 people' }));
    const dialog = await screen.findByRole('dialog', { name: 'Liked by' });
    await within(dialog).findByRole('link', { name: /Bo Lee/ });
    expect(dialog).toHaveTextContent('And 1,249 more not listed here.');
  });

  it('says the count’s people cannot be listed when the list has none of them, never that nobody likes the post', async () => {
    vi.spyOn(compactApi, 'likers').mockResolvedValue({ users: [], nextCursor: null });
    const { user, article } = showPost(aPost({ likeCount: 112 }));
    await user.click(within(article).getByRole('button', { name: 'Liked by 112 people' }));
    const dialog = await screen.findByRole('dialog', { name: 'Liked by' });
    expect(await within(dialog).findByText('None of the 112 people who like this post can be listed here.')).toBeInTheDocument();
    expect(dialog).not.toHaveTextContent('Nobody likes this post yet.');
    expect(dialog).not.toHaveTextContent('more not listed');
  });

  it('a post nobody likes shows its count as text', () => {
    const { article } = showPost(aPost({ likeCount: 0 }));
    expect(within(article).queryByRole('button', { name: /Liked by/ })).toBeNull();
    expect(likeCount(article)).toHaveTextContent('0');
  });
});

describe('a post’s image', () => {
  it('opens larger in a dialog that shows its description, and gives focus back when closed', async () => {
    const { user, article } = showPost(aPost({ image: '/images/harbour.jpg' }));
    const opener = within(article).getByRole('button', { name: "Image in Ada Lovelace's post" });
    expect(opener).toHaveAttribute('aria-haspopup', 'dialog');
    await user.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Image' });
    expect(within(dialog).getByRole('img', { name: "Image in Ada Lovelace's post" })).toHaveAttribute('src', '/images/harbour.jpg');
    expect(within(dialog).getByText("Image in Ada Lovelace's post", { selector: 'figcaption' })).toBeInTheDocument();
    // One image: nothing to move to.
    expect(within(dialog).queryByRole('button', { name: 'Next image' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(opener).toHaveFocus();
  });

  const FOUR = [
    { image: '/images/one.jpg', alt: 'A loaf on a board' },
    { image: '/images/two.jpg' },
    { image: '/images/three.jpg', alt: 'A field at noon' },
    { image: '/images/four.jpg', alt: 'The harbour' },
  ];

  it('shows four images as a grid, each named by its description or by its place in the post', () => {
    const { article } = showPost(aPost({ image: FOUR[0]!.image, imageAlt: FOUR[0]!.alt, images: FOUR }));
    const images = within(article).getAllByRole('img');
    const shown = images.filter((image) => image.classList.contains('post-card__image'));
    expect(shown.map((image) => image.getAttribute('alt'))).toEqual(['A loaf on a board', "Image 2 of 4 in Ada Lovelace's post", 'A field at noon', 'The harbour']);
    expect(shown.map((image) => image.getAttribute('src'))).toEqual(FOUR.map((entry) => entry.image));
    // Each keeps its box before it loads.
    for (const image of shown) expect(image).toHaveAttribute('width');
    expect(article.querySelector('.post-card__media--4')).not.toBeNull();
  });

  it('opens the lightbox at the image clicked; the arrow keys move through them with their position, Escape closes', async () => {
    const { user, article } = showPost(aPost({ image: FOUR[0]!.image, imageAlt: FOUR[0]!.alt, images: FOUR }));
    const opener = within(article).getByRole('button', { name: 'A field at noon' });
    await user.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Image 3 of 4' });
    expect(within(dialog).getByText('A field at noon', { selector: 'figcaption' })).toBeInTheDocument();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('dialog', { name: 'Image 4 of 4' })).toBeInTheDocument();
    expect(within(dialog).getByRole('img', { name: 'The harbour' })).toHaveAttribute('src', '/images/four.jpg');
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('dialog', { name: 'Image 1 of 4' })).toBeInTheDocument();
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(screen.getByRole('dialog', { name: 'Image 3 of 4' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    // happy-dom has no close requests: what the browser does on Escape in a modal dialog, done here (the E2E test presses it).
    if (dialog.dispatchEvent(new Event('cancel', { cancelable: true }))) act(() => (dialog as HTMLDialogElement).close());
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(opener).toHaveFocus();
  });
});

describe('an image’s description', () => {
  it('names the image when its author wrote one, in the card and enlarged', async () => {
    const { user, article } = showPost(aPost({ image: '/images/harbour.jpg', imageAlt: 'Fishing boats at dawn' }));
    await user.click(within(article).getByRole('button', { name: 'Fishing boats at dawn' }));
    const dialog = await screen.findByRole('dialog', { name: 'Image' });
    expect(within(dialog).getByRole('img', { name: 'Fishing boats at dawn' })).toBeInTheDocument();
    expect(within(dialog).getByText('Fishing boats at dawn', { selector: 'figcaption' })).toBeInTheDocument();
  });
});

describe('reposting', () => {
  it('shows the repost at once with its count, then confirms it; pressing again undoes it', async () => {
    const post = aPost({ repostCount: 2 });
    const answer = deferred<{ post: CompactPost }>();
    const repost = vi.spyOn(compactApi, 'repost').mockReturnValue(answer.promise);
    const { user, article } = showPost(post);
    const button = within(article).getByRole('button', { name: 'Repost' });
    expect(button).toHaveAttribute('aria-pressed', 'false');
    expect(repostCount(article)).toHaveTextContent(/^2$/);

    await user.click(button);
    expect(button).toHaveAttribute('aria-pressed', 'true');
    expect(repostCount(article)).toHaveTextContent(/^3$/);
    expect(repost).toHaveBeenCalledWith(post._id);
    answer.resolve({ post: { ...post, repostCount: 3, repostedByMe: true } });
    expect(await screen.findByText('Reposted')).toBeInTheDocument();
    expect(repostCount(article)).toHaveTextContent(/^3$/);

    const unrepost = vi.spyOn(compactApi, 'unrepost').mockResolvedValue({ post: { ...post, repostCount: 2, repostedByMe: false } });
    await user.click(within(article).getByRole('button', { name: 'Repost' }));
    await waitFor(() => expect(unrepost).toHaveBeenCalledWith(post._id));
    await waitFor(() => expect(within(article).getByRole('button', { name: 'Repost' })).toHaveAttribute('aria-pressed', 'false'));
    expect(repostCount(article)).toHaveTextContent(/^2$/);
  });

  it('the repost count opens a Reposted by dialog of the people who repost it', async () => {
    const post = aPost({ repostCount: 1 });
    const reposters = vi.spyOn(compactApi, 'reposters').mockResolvedValue({ users: [{ ...bo, followedByMe: false }], nextCursor: null });
    const { user, article } = showPost(post);
    await user.click(within(article).getByRole('button', { name: 'Reposted by 1 person' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reposted by' });
    const list = await within(dialog).findByRole('list', { name: "People who reposted @ada's post" });
    expect(within(list).getByRole('link', { name: /Bo Lee/ })).toHaveAttribute('href', '/profile/bo');
    expect(reposters).toHaveBeenCalledWith(post._id, { cursor: undefined });
  });

  it('a post nobody reposted shows its count as text', () => {
    const { article } = showPost(aPost());
    expect(within(article).queryByRole('button', { name: /Reposted by/ })).toBeNull();
    expect(repostCount(article)).toHaveTextContent('0');
  });

  it('says who reposted a post into the Following list', () => {
    const { article } = showPost(aPost({ repostedBy: bo }));
    expect(article).toHaveTextContent('Reposted by @bo');
    expect(within(article).getByRole('link', { name: '@bo' })).toHaveAttribute('href', '/profile/bo');
  });
});

describe('quotes', () => {
  it('shows the quoted post as a card under the text, its date a link to it', () => {
    const quote = { _id: 'q1', content: 'The original words', username: 'bo', author: bo, createdAt: '2024-03-05T09:30:00+01:00' };
    const { article } = showPost(aPost({ content: 'Well said', quoteOf: 'q1', quote }));
    const card = within(article).getByRole('group', { name: 'Quoted post by @bo' });
    expect(card).toHaveTextContent('Bo Lee');
    expect(card).toHaveTextContent('The original words');
    expect(within(card).getByRole('link')).toHaveAttribute('href', '/post/q1');
  });

  it('shows every image of the quoted post, each named and opening the lightbox at itself', async () => {
    const images = [{ image: '/images/a.png', alt: 'A harbour at dawn' }, { image: '/images/b.png' }, { image: '/images/c.png', alt: 'Gulls' }];
    const quote = { _id: 'q1', content: 'Three views', image: '/images/a.png', imageAlt: 'A harbour at dawn', images, username: 'bo', author: bo, createdAt: '2024-03-05T09:30:00+01:00' };
    const { user, article } = showPost(aPost({ content: 'Look', quoteOf: 'q1', quote }));
    const card = within(article).getByRole('group', { name: 'Quoted post by @bo' });
    expect(within(card).getAllByRole('button').map((button) => button.querySelector('img')?.getAttribute('alt'))).toEqual([
      'A harbour at dawn',
      "Image 2 of 3 in Bo Lee's post",
      'Gulls',
    ]);
    await user.click(within(card).getByRole('img', { name: "Image 2 of 3 in Bo Lee's post" }));
    const lightbox = await screen.findByRole('dialog', { name: 'Image 2 of 3' });
    await user.keyboard('{ArrowRight}');
    expect(within(lightbox).getByRole('img', { name: 'Gulls' })).toBeInTheDocument();
  });

  it('shows "This post was deleted" where the quoted post is gone', () => {
    const { article } = showPost(aPost({ content: 'Well said', quoteOf: 'q1', quote: { _id: 'q1', deleted: true } }));
    expect(article).toHaveTextContent('This post was deleted');
    expect(within(article).queryByRole('group', { name: /Quoted post/ })).toBeNull();
  });

  it('shows "This post is unavailable" where the quoted post is there but not shown to the reader', () => {
    const { article } = showPost(aPost({ content: 'Well said', quoteOf: 'q1', quote: { _id: 'q1', deleted: true, unavailable: true } }));
    expect(article).toHaveTextContent('This post is unavailable');
    expect(article).not.toHaveTextContent('This post was deleted');
    expect(within(article).queryByRole('group', { name: /Quoted post/ })).toBeNull();
  });

  it('Quote opens the composer with the post as a card under the text, and posts with quoteOf', async () => {
    const post = aPost({ content: 'Worth quoting' });
    const create = vi.spyOn(compactApi, 'createPost').mockResolvedValue({ post: aPost({ content: 'My take', quoteOf: post._id }) });
    const { user, article } = showPost(post);
    await user.click(within(article).getByRole('button', { name: 'Quote' }));
    const dialog = await screen.findByRole('dialog', { name: 'Quote' });
    expect(within(dialog).getByRole('group', { name: 'Quoted post by @ada' })).toHaveTextContent('Worth quoting');
    await user.type(within(dialog).getByRole('textbox', { name: 'Write a post' }), 'My take');
    await user.click(within(dialog).getByRole('button', { name: 'Post' }));
    expect(create).toHaveBeenCalledWith({ content: 'My take', image: undefined, quoteOf: post._id });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(article).getByRole('button', { name: 'Quote' })).toHaveFocus();
  });
});
