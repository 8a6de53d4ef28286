import { ApiError, compactApi, toast } from '@chirp/session';
import { aCompactPost, aPostPage, aProfile, logInAs, renderWithApp, summaryOf } from '@chirp/session/testing';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { UNDO_WINDOW_MS } from '../../lib/pending-deletes';
import PostPage from './post-page';

const me = aProfile({ username: 'guestuser' });
const question = aCompactPost({ content: 'What should I read?', replyCount: 1 });
const answer = aCompactPost({ content: 'Le Guin', replyTo: question._id, replyingTo: 'someone', replyCount: 1 });
const later = aCompactPost({ content: 'Which one first?', replyTo: answer._id, replyingTo: 'someone' });

beforeEach(() => {
  toast.remove();
  logInAs(me);
});
afterEach(() => vi.restoreAllMocks());

describe('a post’s page', () => {
  it('shows the conversation above the post, the post, a reply box and its replies', async () => {
    vi.spyOn(compactApi, 'thread').mockResolvedValue({ ancestors: [question], post: answer });
    const replies = vi.spyOn(compactApi, 'replies').mockResolvedValue(aPostPage([later]));
    renderWithApp(<PostPage postId={answer._id} />, { path: `/post/${answer._id}` });

    const earlier = await screen.findByRole('list', { name: 'Earlier in the conversation' });
    expect(within(earlier).getByRole('article')).toHaveTextContent('What should I read?');
    expect(screen.getByRole('heading', { level: 1, name: 'Post' })).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Reply' });
    expect(within(form).getByRole('textbox', { name: 'Write a reply' })).toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'Reply' })).toBeInTheDocument();
    const section = screen.getByRole('region', { name: 'Replies' });
    await waitFor(() => expect(within(section).getByRole('article')).toHaveTextContent('Which one first?'));
    expect(replies).toHaveBeenCalledWith(answer._id, { cursor: undefined });
  });

  it('shows the replies as a tree three levels deep, with Show more replies past the first two of a branch and past the third level', async () => {
    const reply = (username: string, content: string, replyTo: string, replyCount = 0) =>
      aCompactPost({ username, content, replyTo, replyingTo: 'someone', replyCount });
    const first = reply('ada', 'First reply', answer._id, 3);
    const second = reply('bo', 'Second reply', answer._id);
    const [deep, side, hidden] = [
      reply('cy', 'Level two, with more', first._id, 1),
      reply('di', 'Level two, alone', first._id),
      reply('ed', 'Level two, third', first._id),
    ];
    const third = reply('flo', 'Level three', deep._id, 2);
    const pages: Record<string, ReturnType<typeof reply>[]> = {
      [answer._id]: [first, second],
      [first._id]: [deep, side, hidden],
      [deep._id]: [third],
    };
    vi.spyOn(compactApi, 'thread').mockResolvedValue({ ancestors: [], post: answer });
    const replies = vi.spyOn(compactApi, 'replies').mockImplementation(async (postId) => aPostPage(pages[postId] ?? []));
    renderWithApp(<PostPage postId={answer._id} />, { path: `/post/${answer._id}` });

    const underFirst = await screen.findByRole('list', { name: `Replies to @${first.username}` });
    await within(underFirst).findByRole('list', { name: `Replies to @${deep.username}` });
    const levelTwo = within(underFirst).getAllByRole('article');
    expect(levelTwo.map((card) => card.textContent)).toEqual([expect.stringContaining('Level two, with more'), expect.stringContaining('Level three'), expect.stringContaining('Level two, alone')]);
    expect(within(underFirst).queryByText('Level two, third')).not.toBeInTheDocument();
    // Two of the first reply's three replies show; the rest is on its page.
    expect(screen.getByRole('link', { name: `Show more replies to @${first.username}` })).toHaveAttribute('href', `/post/${first._id}`);
    // The third level shows, and what lies below it is a link to its page.
    const underDeep = screen.getByRole('list', { name: `Replies to @${deep.username}` });
    expect(within(underDeep).getByRole('article')).toHaveTextContent('Level three');
    const below = within(underDeep).getByRole('link', { name: `Show more replies to @${third.username}` });
    expect(below).toHaveTextContent('Show more replies');
    expect(below).toHaveAttribute('href', `/post/${third._id}`);
    // Only replies with replies are asked for: never the second reply's, nor the third level's.
    expect(replies.mock.calls.map(([postId]) => postId).sort()).toEqual([answer._id, first._id, deep._id].sort());
  });

  /** The page at the end of `entries` (the app's history so far), and where the person is now. */
  function renderAfter(entries: string[]) {
    function Where() {
      return <output aria-label="Address">{useLocation().pathname}</output>;
    }
    render(
      <MemoryRouter initialEntries={entries} initialIndex={entries.length - 1}>
        <PostPage postId={answer._id} />
        <Where />
      </MemoryRouter>,
    );
  }

  it('goes Back to the page it was opened from', async () => {
    vi.spyOn(compactApi, 'thread').mockResolvedValue({ ancestors: [], post: answer });
    vi.spyOn(compactApi, 'replies').mockResolvedValue(aPostPage([]));
    renderAfter(['/explore', `/post/${answer._id}`]);
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('status', { name: 'Address' })).toHaveTextContent('/explore');
  });

  it('goes Back to Home when it was the first page of the visit (opened from a link elsewhere)', async () => {
    vi.spyOn(compactApi, 'thread').mockResolvedValue({ ancestors: [], post: answer });
    vi.spyOn(compactApi, 'replies').mockResolvedValue(aPostPage([]));
    renderAfter([`/post/${answer._id}`]);
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('status', { name: 'Address' })).toHaveTextContent('/home');
  });

  it('puts "This post was deleted" where a post of the conversation was deleted', async () => {
    vi.spyOn(compactApi, 'thread').mockResolvedValue({ ancestors: [{ _id: 'gone', deleted: true }], post: answer });
    vi.spyOn(compactApi, 'replies').mockResolvedValue(aPostPage([]));
    renderWithApp(<PostPage postId={answer._id} />);
    expect(await screen.findByText('This post was deleted')).toBeInTheDocument();
    expect(await screen.findByText('No replies yet')).toBeInTheDocument();
  });

  it('puts "This post is unavailable" where a post of the conversation is not shown to the reader', async () => {
    vi.spyOn(compactApi, 'thread').mockResolvedValue({ ancestors: [{ _id: 'hidden', deleted: true, unavailable: true }], post: answer });
    vi.spyOn(compactApi, 'replies').mockResolvedValue(aPostPage([]));
    renderWithApp(<PostPage postId={answer._id} />);
    expect(await screen.findByText('This post is unavailable')).toBeInTheDocument();
    expect(screen.queryByText('This post was deleted')).toBeNull();
  });

  it('says when the post does not exist, with a way home and a way back', async () => {
    vi.spyOn(compactApi, 'thread').mockRejectedValue(new ApiError(404, 'This post does not exist. It may have been deleted.'));
    renderWithApp(<PostPage postId="nope" />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Post not found' })).toBeInTheDocument();
    expect(screen.getByText('This post does not exist. It may have been deleted.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Home' })).toHaveAttribute('href', '/home');
    expect(screen.getByRole('button', { name: 'Back' })).toBeInTheDocument();
  });

  it('shows why it could not load, and asks again with Retry', async () => {
    const thread = vi
      .spyOn(compactApi, 'thread')
      .mockRejectedValueOnce(new ApiError(500, 'The server is down.'))
      .mockResolvedValue({ ancestors: [], post: question });
    vi.spyOn(compactApi, 'replies').mockResolvedValue(aPostPage([answer]));
    renderWithApp(<PostPage postId={question._id} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('The server is down.');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect((await screen.findAllByRole('article'))[0]).toHaveTextContent('What should I read?');
    expect(thread).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('list', { name: 'Earlier in the conversation' })).not.toBeInTheDocument();
  });
});

describe('deleting from a post’s page', () => {
  const mine = aCompactPost({ content: 'My question', replyCount: 1 }, summaryOf(me));
  const myReply = aCompactPost({ content: 'My own answer', replyTo: mine._id, replyingTo: me.username }, summaryOf(me));

  /** Deletes the post whose text is `content` through its menu and the confirmation; the clock is the test's from then on. */
  async function deleteThe(content: string) {
    const user = userEvent.setup();
    const article = (await screen.findByText(content)).closest('article')!;
    await user.click(within(article).getByRole('button', { name: 'Post options' }));
    await user.click(screen.getByRole('menuitem', { name: 'Delete Post' }));
    const question = await screen.findByRole('dialog', { name: 'Delete post?' });
    vi.useFakeTimers();
    fireEvent.click(within(question).getByRole('button', { name: 'Delete' }));
  }

  /** My question's page, my answer under it; the back end deletes what it is asked to. */
  async function showMyQuestion() {
    const thread = vi.spyOn(compactApi, 'thread').mockResolvedValue({ ancestors: [], post: mine });
    vi.spyOn(compactApi, 'replies').mockResolvedValue(aPostPage([myReply]));
    const remove = vi.spyOn(compactApi, 'deletePost').mockImplementation(async (postId) => ({ postId }));
    renderWithApp(<PostPage postId={mine._id} />, { path: `/post/${mine._id}` });
    await screen.findByText('My own answer');
    return { thread, remove };
  }

  afterEach(() => vi.useRealTimers());

  it('shows the post as deleted at once, and as not found once the server has deleted it', async () => {
    const { thread, remove } = await showMyQuestion();
    await deleteThe('My question');

    expect(screen.getByText('This post was deleted')).toBeInTheDocument();
    expect(screen.queryByText('My question')).toBeNull();
    expect(screen.queryByRole('form', { name: 'Reply' })).toBeNull();
    // Its replies stay, as they do once it is gone: they say what they answered is being deleted.
    expect(screen.getByText('My own answer').closest('article')).toHaveTextContent('Replying to a deleted post');

    thread.mockRejectedValue(new ApiError(404, 'This post does not exist. It may have been deleted.'));
    act(() => vi.advanceTimersByTime(UNDO_WINDOW_MS));
    expect(remove).toHaveBeenCalledWith(mine._id);
    vi.useRealTimers();
    expect(await screen.findByRole('heading', { level: 1, name: 'Post not found' })).toBeInTheDocument();
    expect(screen.queryByText('My question')).toBeNull();
  });

  it('takes a reply out of the replies and of its post’s count at once, and Undo puts both back', async () => {
    const { remove } = await showMyQuestion();
    await deleteThe('My own answer');

    expect(screen.queryByText('My own answer')).toBeNull();
    expect(screen.getByText('No replies yet')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reply, 0 replies' })).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    await act(async () => {});
    expect(screen.getByText('My own answer')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reply, 1 reply' })).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(UNDO_WINDOW_MS));
    expect(remove).not.toHaveBeenCalled();
  });
});
