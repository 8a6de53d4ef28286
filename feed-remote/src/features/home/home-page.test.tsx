import { type CompactPost, type PostPage } from '@chirp/contracts';
import { ApiError, compactApi, toast, useSession } from '@chirp/session';
import { aCompactPost, aPostPage, aProfile, deferred, logInAs, renderWithApp, summaryOf } from '@chirp/session/testing';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import HomePage from './home-page';
import { useFeedStore } from '../../lib/feed-store';
import { UNDO_WINDOW_MS } from '../../lib/pending-deletes';

const me = aProfile({ username: 'guestuser' });
const older = aCompactPost({ content: 'Older but loved', createdAt: '2024-01-01T08:00:00+00:00', likeCount: 900 });
const newer = aCompactPost({ content: 'Newer and quiet', createdAt: '2024-02-01T08:00:00+00:00', likeCount: 3 });

const shownContents = () =>
  screen.getAllByRole('article').map((article) => within(article).getByText(/loved|quiet/).textContent);

/** The back end's home feed: newest first, or most liked first when asked for trending. */
function serveFeed() {
  return vi
    .spyOn(compactApi, 'feed')
    .mockImplementation(async (query = {}) => aPostPage(query.sort === 'trending' ? [older, newer] : [newer, older]));
}

/** Profile's suggestions, as the shell composes them in. */
const WhoToFollow = () => <section aria-label="Who to follow">Suggested people</section>;

/** Home on the Everyone tab: the spec's list of every post (the Following tab is tested below). */
const renderHome = (path = '/home?feed=everyone') => renderWithApp(<HomePage WhoToFollow={WhoToFollow} />, { path });

beforeEach(() => {
  toast.remove();
  logInAs(me);
});
afterEach(() => vi.restoreAllMocks());

describe('the home page', () => {
  it('is a section titled by its heading, with the composer and the Latest Posts list', async () => {
    serveFeed();
    renderHome();
    const section = screen.getByRole('region', { name: 'Home' });
    expect(section.tagName).toBe('SECTION');
    expect(screen.queryByRole('main')).toBeNull();
    expect(within(section).getByRole('textbox', { name: 'Write a post' })).toBeInTheDocument();
    expect(within(section).getByRole('heading', { name: 'Latest Posts' })).toBeInTheDocument();
    expect(await within(section).findByRole('feed', { name: 'Latest Posts' })).toBeInTheDocument();
  });

  it("heads the list with what it shows: 'Trending Posts' under Trending, the spec's 'Latest Posts' under Latest", async () => {
    serveFeed();
    const user = userEvent.setup();
    renderHome();
    await user.click(screen.getByRole('button', { name: 'Trending' }));
    expect(screen.getByRole('heading', { level: 2, name: 'Trending Posts' })).toBeInTheDocument();
    expect(await screen.findByRole('feed', { name: 'Trending Posts' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Latest Posts' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Latest' }));
    expect(screen.getByRole('heading', { level: 2, name: 'Latest Posts' })).toBeInTheDocument();
    expect(await screen.findByRole('feed', { name: 'Latest Posts' })).toBeInTheDocument();
  });

  it('shows a loader while no posts are loaded, then the first page', async () => {
    const page = deferred<PostPage>();
    const feed = vi.spyOn(compactApi, 'feed').mockReturnValue(page.promise);
    renderHome();
    expect(screen.getByRole('status')).toHaveTextContent('Loading posts');
    expect(feed).toHaveBeenCalledWith({ sort: 'latest', cursor: undefined });
    await act(async () => page.resolve(aPostPage([newer])));
    await waitFor(() => expect(screen.queryByText('Loading posts')).toBeNull());
    expect(shownContents()).toEqual(['Newer and quiet']);
  });

  it('shows the newest first, and the most liked first when Trending is chosen', async () => {
    const feed = serveFeed();
    const user = userEvent.setup();
    renderHome();
    const trending = screen.getByRole('button', { name: 'Trending' });
    const latest = screen.getByRole('button', { name: 'Latest' });

    expect(latest).toHaveAttribute('aria-pressed', 'true');
    expect(trending).toHaveAttribute('aria-pressed', 'false');
    await waitFor(() => expect(shownContents()).toEqual(['Newer and quiet', 'Older but loved']));

    await user.click(trending);
    expect(trending).toHaveAttribute('aria-pressed', 'true');
    expect(latest).toHaveAttribute('aria-pressed', 'false');
    expect(useFeedStore.getState().trending).toBe(true);
    await waitFor(() => expect(shownContents()).toEqual(['Older but loved', 'Newer and quiet']));
    expect(feed).toHaveBeenLastCalledWith({ sort: 'trending', cursor: undefined });

    await user.click(latest);
    expect(shownContents()).toEqual(['Newer and quiet', 'Older but loved']);
  });

  it('re-applies the trending order when a like changes the counts (spec 4)', async () => {
    useFeedStore.setState({ trending: true });
    serveFeed();
    const answer = deferred<{ post: CompactPost }>();
    vi.spyOn(compactApi, 'like').mockReturnValue(answer.promise);
    renderHome();
    await waitFor(() => expect(shownContents()).toEqual(['Older but loved', 'Newer and quiet']));
    // On the click, 3 likes become 4: still behind 900. The answer says 901: first.
    const quiet = screen.getAllByRole('article')[1]!;
    await userEvent.click(within(quiet).getByRole('button', { name: 'Like' }));
    expect(shownContents()).toEqual(['Older but loved', 'Newer and quiet']);
    await act(async () => answer.resolve({ post: { ...newer, likeCount: 901, likedByMe: true } }));
    await waitFor(() => expect(shownContents()).toEqual(['Newer and quiet', 'Older but loved']));
  });

  it('puts a new post first without loading the feed again', async () => {
    const feed = serveFeed();
    const fresh = aCompactPost({ content: 'Fresh and quiet', createdAt: '2024-03-01T08:00:00+00:00' });
    vi.spyOn(compactApi, 'createPost').mockResolvedValue({ post: fresh });
    const user = userEvent.setup();
    renderHome();
    await waitFor(() => expect(shownContents()).toHaveLength(2));
    await user.type(screen.getByRole('textbox', { name: 'Write a post' }), 'Fresh and quiet');
    await user.click(screen.getByRole('button', { name: 'Post' }));
    await waitFor(() => expect(shownContents()).toEqual(['Fresh and quiet', 'Newer and quiet', 'Older but loved']));
    expect(feed).toHaveBeenCalledTimes(1);
  });
});

describe('the home feed, a page at a time', () => {
  const offsetHeight = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'offsetHeight');
  const page = (count: number, label: string) =>
    Array.from({ length: count }, (_, index) => aCompactPost({ content: `${label} ${index + 1}` }));
  const first = page(50, 'first');
  const second = page(5, 'second');

  /** The person scrolls the window to `y` (happy-dom moves scrollY; the event is ours to send). */
  const scrollTo = (y: number) =>
    act(() => {
      window.scrollTo(0, y);
      fireEvent.scroll(window);
    });

  // happy-dom lays nothing out: every card is 200 px tall, so only those near the viewport render.
  beforeEach(() => {
    Object.defineProperty(HTMLElement.prototype, 'offsetHeight', { configurable: true, get: () => 200 });
  });
  afterEach(() => {
    // Back to the top before the page unmounts: the feed remembers where it was left (per path).
    scrollTo(0);
    if (offsetHeight) Object.defineProperty(HTMLElement.prototype, 'offsetHeight', offsetHeight);
  });

  it('shows the first page, and asks for the next one only as the end of the list comes near', async () => {
    const next = deferred<PostPage>();
    const feed = vi
      .spyOn(compactApi, 'feed')
      .mockImplementation((query = {}) => (query.cursor === 'c1' ? next.promise : Promise.resolve(aPostPage(first, 'c1'))));
    renderHome();

    expect(await screen.findByText('first 1')).toBeInTheDocument();
    // A list this long is windowed (once its code is here). The end is 50 cards below: far away.
    // Nothing more is asked for, and the list's size is unknown.
    await waitFor(() => expect(screen.queryByText('first 50')).toBeNull());
    expect(screen.getAllByRole('article')[0]).toHaveAttribute('aria-setsize', '-1');
    expect(feed).toHaveBeenCalledTimes(1);
    expect(feed).toHaveBeenCalledWith({ sort: 'latest', cursor: undefined });

    scrollTo(10 * 212); // card 11 at the top of the viewport: still far from the end
    expect(screen.getByText('first 11')).toBeInTheDocument();
    expect(feed).toHaveBeenCalledTimes(1);

    scrollTo(40 * 212); // card 41 at the top of the viewport: 10 cards left
    await waitFor(() => expect(feed).toHaveBeenCalledTimes(2));
    expect(feed).toHaveBeenLastCalledWith({ sort: 'latest', cursor: 'c1' });
    expect(await screen.findByRole('status')).toHaveTextContent('Loading more posts');

    scrollTo(45 * 212); // nearer still while the page is on its way: it is not asked for twice
    expect(feed).toHaveBeenCalledTimes(2);

    await act(async () => next.resolve(aPostPage(second)));
    scrollTo(50 * 212);
    expect(await screen.findByText('second 5')).toBeInTheDocument();
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByText('second 5').closest('article')).toHaveAttribute('aria-setsize', '55');
    expect(screen.getByText('second 5').closest('article')).toHaveAttribute('aria-posinset', '55');
    expect(feed).toHaveBeenCalledTimes(2); // the last page has no next one
  });

  it('says why the next page did not come, and asks again on Retry', async () => {
    const feed = vi
      .spyOn(compactApi, 'feed')
      .mockResolvedValueOnce(aPostPage(first, 'c1'))
      .mockRejectedValueOnce(new ApiError(503, 'The server is busy. Please try again.'))
      .mockResolvedValueOnce(aPostPage(second));
    const user = userEvent.setup();
    renderHome();
    expect(await screen.findByText('first 1')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('first 50')).toBeNull()); // windowed

    scrollTo(45 * 212);
    expect(await screen.findByRole('alert')).toHaveTextContent('The server is busy. Please try again.');
    // The posts already shown stay; a failed page is not asked for again on its own.
    expect(screen.getByText('first 50')).toBeInTheDocument();
    scrollTo(46 * 212);
    expect(feed).toHaveBeenCalledTimes(2);

    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(feed).toHaveBeenCalledTimes(3);
    expect(feed).toHaveBeenLastCalledWith({ sort: 'latest', cursor: 'c1' });
    scrollTo(50 * 212);
    expect(await screen.findByText('second 5')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('a like in the home feed', () => {
  const feedOf = (...posts: CompactPost[]) => vi.spyOn(compactApi, 'feed').mockResolvedValue(aPostPage(posts));
  const card = (content: string) => screen.getByText(content).closest('article')!;
  const likeIn = (article: HTMLElement) => within(article).getByRole('button', { name: 'Like' });
  const countIn = (article: HTMLElement) =>
    article.ownerDocument.getElementById(within(article).getByRole('button', { name: 'Like' }).getAttribute('aria-describedby') ?? '')!.textContent;

  it('shows at once, and the server’s answer stays', async () => {
    const post = aCompactPost({ content: 'Worth a like', likeCount: 41 });
    feedOf(post);
    const answer = deferred<{ post: CompactPost }>();
    const like = vi.spyOn(compactApi, 'like').mockReturnValue(answer.promise);
    const user = userEvent.setup();
    renderHome();
    await screen.findByText('Worth a like');

    await user.click(likeIn(card('Worth a like')));
    expect(likeIn(card('Worth a like'))).toHaveAttribute('aria-pressed', 'true');
    expect(countIn(card('Worth a like'))).toBe('42');
    expect(like).toHaveBeenCalledWith(post._id);

    // Others liked it meanwhile: the back end counts 50, and that is what stays once the call is over.
    await act(async () => answer.resolve({ post: { ...post, likeCount: 50, likedByMe: true } }));
    expect(await screen.findByText('Post Liked !')).toBeInTheDocument();
    await waitFor(() => expect(countIn(card('Worth a like'))).toBe('50'));
    expect(likeIn(card('Worth a like'))).toHaveAttribute('aria-pressed', 'true');
    expect(useSession.getState().optimistic).toEqual({});
  });

  it('rolls back and says why when the back end refuses', async () => {
    const post = aCompactPost({ content: 'Refused like', likeCount: 7 });
    feedOf(post);
    const answer = deferred<{ post: CompactPost }>();
    vi.spyOn(compactApi, 'like').mockReturnValue(answer.promise);
    const user = userEvent.setup();
    renderHome();
    await screen.findByText('Refused like');

    await user.click(likeIn(card('Refused like')));
    expect(countIn(card('Refused like'))).toBe('8');
    await act(async () => answer.reject(new ApiError(400, 'Cannot like a post that is already liked.')));
    expect(await screen.findByText('Cannot like a post that is already liked.')).toBeInTheDocument();
    expect(likeIn(card('Refused like'))).toHaveAttribute('aria-pressed', 'false');
    expect(countIn(card('Refused like'))).toBe('7');
  });

  it('sends one call for a click and two more while it is on its way, and ends unliked', async () => {
    const post = aCompactPost({ content: 'Liked already', likeCount: 5, likedByMe: true });
    feedOf(post);
    const answer = deferred<{ post: CompactPost }>();
    const dislike = vi.spyOn(compactApi, 'dislike').mockReturnValue(answer.promise);
    const like = vi.spyOn(compactApi, 'like');
    const user = userEvent.setup();
    renderHome();
    await screen.findByText('Liked already');

    await user.click(likeIn(card('Liked already'))); // unlike: the call leaves
    await user.click(likeIn(card('Liked already'))); // like again, while it is on its way
    await user.click(likeIn(card('Liked already'))); // and unlike again
    expect(likeIn(card('Liked already'))).toHaveAttribute('aria-pressed', 'false');
    expect(countIn(card('Liked already'))).toBe('4');

    await act(async () => answer.resolve({ post: { ...post, likeCount: 4, likedByMe: false, dislikedByMe: true } }));
    expect(await screen.findByText('Post Disliked !')).toBeInTheDocument();
    expect(dislike).toHaveBeenCalledTimes(1);
    expect(like).not.toHaveBeenCalled();
    expect(likeIn(card('Liked already'))).toHaveAttribute('aria-pressed', 'false');
    expect(countIn(card('Liked already'))).toBe('4');
  });
});

describe('trending', () => {
  it('asks for the trending posts and shows the most liked first, the newest first among equals', async () => {
    const quiet = aCompactPost({ content: 'Five likes', likeCount: 5, createdAt: '2024-01-03T08:00:00+00:00' });
    const loved = aCompactPost({ content: 'Nine hundred likes', likeCount: 900, createdAt: '2024-01-01T08:00:00+00:00' });
    const early = aCompactPost({ content: 'Three likes, early', likeCount: 3, createdAt: '2024-01-02T08:00:00+00:00' });
    const late = aCompactPost({ content: 'Three likes, late', likeCount: 3, createdAt: '2024-01-04T08:00:00+00:00' });
    // Whatever order the answer has, the list shows the counts' order.
    const feed = vi.spyOn(compactApi, 'feed').mockResolvedValue(aPostPage([early, quiet, late, loved]));
    useFeedStore.setState({ trending: true });
    renderHome();
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(4));
    expect(feed).toHaveBeenCalledWith({ sort: 'trending', cursor: undefined });
    expect(feed).not.toHaveBeenCalledWith(expect.objectContaining({ sort: 'latest' }));
    const contents = screen.getAllByRole('article').map((article) => article.querySelector('.post-card__content')?.textContent);
    expect(contents).toEqual(['Nine hundred likes', 'Five likes', 'Three likes, late', 'Three likes, early']);
  });
});

describe('one’s own posts in the home feed', () => {
  const mine = aCompactPost({ content: 'Mine to delete' }, summaryOf(me));

  /**
   * Shows the feed (`mine` between two others) and deletes `mine` through its menu and the
   * confirmation, from which moment the clock is the test's. (Clicks on a fake clock are fireEvent's:
   * user-event waits on a timer after each action.)
   */
  async function deleteMine() {
    const feed = vi.spyOn(compactApi, 'feed').mockResolvedValue(aPostPage([newer, mine, older]));
    const remove = vi.spyOn(compactApi, 'deletePost').mockResolvedValue({ postId: mine._id });
    const user = userEvent.setup();
    renderHome();
    const article = (await screen.findByText('Mine to delete')).closest('article')!;
    await user.click(within(article).getByRole('button', { name: 'Post options' }));
    await user.click(screen.getByRole('menuitem', { name: 'Delete Post' }));
    const question = await screen.findByRole('dialog', { name: 'Delete post?' });
    vi.useFakeTimers();
    fireEvent.click(within(question).getByRole('button', { name: 'Delete' }));
    return { feed, remove };
  }

  const contents = () => screen.getAllByRole('article').map((article) => article.querySelector('.post-card__content')?.textContent);
  const wait = (ms: number) => act(() => vi.advanceTimersByTime(ms));

  afterEach(() => vi.useRealTimers());

  it('leave the list at once, with Undo offered; the deletion is sent when the undo window ends', async () => {
    const { feed, remove } = await deleteMine();
    expect(contents()).toEqual(['Newer and quiet', 'Older but loved']);
    expect(screen.getByText('Post Deleted!')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Undo' })).toBeInTheDocument();

    wait(UNDO_WINDOW_MS - 1);
    expect(remove).not.toHaveBeenCalled();
    wait(1);
    expect(remove).toHaveBeenCalledTimes(1);
    expect(remove).toHaveBeenCalledWith(mine._id);
    expect(screen.queryByRole('button', { name: 'Undo' })).toBeNull();

    await act(async () => {}); // the answer
    wait(1000); // the toast's way out
    expect(screen.queryByText('Post Deleted!')).toBeNull();
    expect(contents()).toEqual(['Newer and quiet', 'Older but loved']);
    expect(feed).toHaveBeenCalledTimes(1);
    expect(remove).toHaveBeenCalledTimes(1);
  });

  it('come back where they were on Undo, and no deletion is ever sent', async () => {
    const { remove } = await deleteMine();
    wait(UNDO_WINDOW_MS - 1000);
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    await act(async () => {});

    expect(contents()).toEqual(['Newer and quiet', 'Mine to delete', 'Older but loved']);
    wait(UNDO_WINDOW_MS * 2);
    expect(remove).not.toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: 'Undo' })).toBeNull();
  });

  it('come back, and the reason shows, when the deletion is refused', async () => {
    const { remove } = await deleteMine();
    remove.mockRejectedValue(new ApiError(503, 'The server had a problem. Please try again.'));
    wait(UNDO_WINDOW_MS);
    expect(remove).toHaveBeenCalledTimes(1);

    vi.useRealTimers();
    expect(await screen.findByText('The server had a problem. Please try again.')).toBeInTheDocument();
    expect(contents()).toEqual(['Newer and quiet', 'Mine to delete', 'Older but loved']);
  });
});

describe('the Following and Everyone tabs', () => {
  const mine = aCompactPost({ content: 'Followed and quiet', author: summaryOf(me), username: me.username });

  it('opens on Following, the people one follows and oneself, and keeps the choice in the address', async () => {
    const following = vi.spyOn(compactApi, 'followingPosts').mockResolvedValue(aPostPage([mine]));
    const everyone = serveFeed();
    const user = userEvent.setup();
    renderHome('/home');
    const tabs = screen.getByRole('tablist', { name: 'Home feeds' });
    const followingTab = within(tabs).getByRole('tab', { name: 'Following' });
    const everyoneTab = within(tabs).getByRole('tab', { name: 'Everyone' });
    expect(followingTab).toHaveAttribute('aria-selected', 'true');
    expect(everyoneTab).toHaveAttribute('aria-selected', 'false');
    const panel = screen.getByRole('tabpanel', { name: 'Following' });
    expect(within(panel).getByRole('heading', { name: 'Latest Posts' })).toBeInTheDocument();
    expect(await within(panel).findByText('Followed and quiet')).toBeInTheDocument();
    expect(following).toHaveBeenCalledWith({ sort: 'latest', cursor: undefined });
    expect(everyone).not.toHaveBeenCalled();

    // Arrow keys move between the tabs, as ARIA tabs do.
    followingTab.focus();
    await user.keyboard('{ArrowRight}');
    expect(everyoneTab).toHaveFocus();
    expect(everyoneTab).toHaveAttribute('aria-selected', 'true');
    expect(await within(screen.getByRole('tabpanel', { name: 'Everyone' })).findByText('Newer and quiet')).toBeInTheDocument();
    expect(everyone).toHaveBeenCalledWith({ sort: 'latest', cursor: undefined });

    await user.keyboard('{ArrowLeft}');
    expect(followingTab).toHaveAttribute('aria-selected', 'true');
  });

  it('opens on Everyone when the address says so (a reload keeps the tab)', async () => {
    serveFeed();
    const following = vi.spyOn(compactApi, 'followingPosts').mockResolvedValue(aPostPage([mine]));
    renderHome('/home?feed=everyone');
    expect(screen.getByRole('tab', { name: 'Everyone' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByText('Newer and quiet')).toBeInTheDocument();
    expect(following).not.toHaveBeenCalled();
  });

  it('sorts the Following list too: Trending asks for it by likes', async () => {
    const following = vi.spyOn(compactApi, 'followingPosts').mockResolvedValue(aPostPage([mine]));
    const user = userEvent.setup();
    renderHome('/home');
    await screen.findByText('Followed and quiet');
    await user.click(screen.getByRole('button', { name: 'Trending' }));
    await waitFor(() => expect(following).toHaveBeenCalledWith({ sort: 'trending', cursor: undefined }));
    expect(screen.getByRole('heading', { name: 'Trending Posts' })).toBeInTheDocument();
  });

  it('asks a new account with an empty Following list to follow people, with suggestions', async () => {
    vi.spyOn(compactApi, 'followingPosts').mockResolvedValue(aPostPage([]));
    renderHome('/home');
    const prompt = await screen.findByRole('region', { name: 'Follow people to fill your home' });
    expect(within(prompt).getByRole('region', { name: 'Who to follow' })).toHaveTextContent('Suggested people');
    expect(screen.queryByText('No posts yet.')).toBeNull();
  });

  it('shows the empty text, not the prompt, when nobody at all has posted yet under Everyone', async () => {
    vi.spyOn(compactApi, 'feed').mockResolvedValue(aPostPage([]));
    renderHome('/home?feed=everyone');
    expect(await screen.findByText('No posts yet.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Follow people to fill your home' })).toBeNull();
  });
});

describe('the timeline kept on this device', () => {
  const KEPT = 'chirp:kept-timeline:guestuser:feed:latest';

  /** A first visit that showed the list, written down a moment after it showed; then the page is left. */
  async function visitOnce() {
    serveFeed();
    const { unmount } = renderHome();
    await screen.findByText('Newer and quiet');
    await waitFor(() => expect(localStorage.getItem(KEPT)).not.toBeNull(), { timeout: 3000 });
    unmount();
    logInAs(me); // a new visit: nothing in the query cache
    vi.restoreAllMocks();
  }

  it('shows the list as it last showed, dated, under the alert when its first page cannot be loaded', async () => {
    await visitOnce();
    vi.spyOn(compactApi, 'feed').mockRejectedValue(new TypeError('Failed to fetch'));
    renderHome();
    expect(await screen.findByRole('alert', {}, { timeout: 4000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(screen.getByText(/^Showing your timeline as it was on /)).toBeInTheDocument();
    expect(within(screen.getByRole('feed', { name: 'Latest Posts' })).getAllByRole('article')).toHaveLength(2);
    expect(shownContents()).toEqual(['Newer and quiet', 'Older but loved']);
  });

  it('is kept for each list and each person: another list, or another person, finds none', async () => {
    await visitOnce();
    vi.spyOn(compactApi, 'feed').mockRejectedValue(new ApiError(404, 'Not found'));
    vi.spyOn(compactApi, 'followingPosts').mockRejectedValue(new ApiError(404, 'Not found'));
    const { unmount } = renderHome('/home');
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(screen.queryByText(/^Showing your timeline/)).toBeNull();
    unmount();

    logInAs(aProfile({ username: 'someone.else' }));
    renderHome();
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(screen.queryByText(/^Showing your timeline/)).toBeNull();
  });

  it('is removed when the person signs out', async () => {
    await visitOnce();
    act(() => useSession.setState({ username: null, token: null }));
    act(() => useSession.setState({ signedOut: true }));
    expect(localStorage.getItem(KEPT)).toBeNull();
  });
});
