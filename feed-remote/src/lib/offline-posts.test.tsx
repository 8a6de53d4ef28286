import { compactApi, queryClient, toast } from '@chirp/session';
import { type PostPages, queryKeys } from '@chirp/queries';
import { aCompactPost, aPostPage, aProfile, logInAs, renderWithApp, summaryOf } from '@chirp/session/testing';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ComposerForm } from '../components/composer/composer-form';
import { OFFLINE_TEXTS, queuedPosts, queueWhileOffline, sendQueuedPosts } from './offline-posts';

const me = aProfile({ username: 'guestuser' });
const LATEST = queryKeys.postList({ kind: 'feed', sort: 'latest' });

/** The browser's online flag, as `online`/`offline` events would leave it. */
const setOnline = (online: boolean) => vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);

/** The back end, answering each post with itself; records the texts in the order they came. */
function serveNewPosts() {
  const received: string[] = [];
  const create = vi.spyOn(compactApi, 'createPost').mockImplementation(async (data) => {
    received.push(data.content);
    return { post: aCompactPost({ content: data.content }, summaryOf(me)) };
  });
  return { received, create };
}

beforeEach(() => {
  localStorage.clear();
  toast.remove();
  logInAs(me);
  queryClient.setQueryData<PostPages>(LATEST, { pages: [aPostPage([])], pageParams: [undefined] });
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('posts written offline', () => {
  it('are sent when online at once, not kept', () => {
    setOnline(true);
    expect(queueWhileOffline({ content: 'now' })).toBe(false);
    expect(queuedPosts('guestuser')).toEqual([]);
  });

  it('wait under the account that wrote them, and go in the order they were written', async () => {
    setOnline(false);
    expect(queueWhileOffline({ content: 'first' })).toBe(true);
    expect(queueWhileOffline({ content: 'second', replyTo: 'p1' })).toBe(true);
    expect(queuedPosts('guestuser')).toEqual([{ content: 'first' }, { content: 'second', replyTo: 'p1' }]);
    expect(queuedPosts('someone.else')).toEqual([]);

    setOnline(true);
    const { received } = serveNewPosts();
    await expect(sendQueuedPosts()).resolves.toBe(2);
    expect(received).toEqual(['first', 'second']);
    expect(queuedPosts('guestuser')).toEqual([]);
    // The new post takes its place in the feed the cache holds.
    const feed = queryClient.getQueryData<PostPages>(LATEST);
    expect(feed?.pages[0]?.posts.map((post) => post.content)).toContain('first');
  });

  it('keep the ones not sent, in order, when the back end fails part way', async () => {
    setOnline(false);
    for (const content of ['one', 'two', 'three']) queueWhileOffline({ content });
    setOnline(true);
    const { create } = serveNewPosts();
    create.mockImplementationOnce(async () => ({ post: aCompactPost({ content: 'one' }, summaryOf(me)) }));
    create.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(sendQueuedPosts()).resolves.toBe(1);
    expect(queuedPosts('guestuser')).toEqual([{ content: 'two' }, { content: 'three' }]);
  });

  it('are not sent twice when the browser says it is online twice', async () => {
    setOnline(false);
    queueWhileOffline({ content: 'once' });
    setOnline(true);
    const { received } = serveNewPosts();
    await Promise.all([sendQueuedPosts(), sendQueuedPosts()]);
    expect(received).toEqual(['once']);
  });

  it('go when the browser comes back online', async () => {
    setOnline(false);
    queueWhileOffline({ content: 'later' });
    setOnline(true);
    const { received } = serveNewPosts();
    renderWithApp(<p>Home</p>); // where the toasts show
    act(() => void window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(received).toEqual(['later']));
    expect(await screen.findByText(OFFLINE_TEXTS.sent(1))).toBeInTheDocument();
  });
});

describe('the composer offline', () => {
  it('keeps the post for later, says so, and empties the box for the next one', async () => {
    setOnline(false);
    const { create } = serveNewPosts();
    const user = userEvent.setup();
    renderWithApp(<ComposerForm />);
    await user.type(screen.getByRole('textbox', { name: 'Write a post' }), 'Written on the train');
    await user.click(screen.getByRole('button', { name: 'Post' }));
    expect(await screen.findByText(OFFLINE_TEXTS.queued)).toBeInTheDocument();
    expect(create).not.toHaveBeenCalled();
    expect(screen.getByRole('textbox', { name: 'Write a post' })).toHaveValue('');
    expect(queuedPosts('guestuser')).toEqual([{ content: 'Written on the train' }]);
  });
});
