import { ApiError, compactApi, useSession } from '@chirp/session';
import { deferred, logInAs } from '@chirp/session/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cardOf, FakePostList, makeGuest, makePerson, pagesOf, renderInApp, serveProfiles } from '../../testing/session';
import ProfilePage from './profile-page';

const me = makeGuest({ postCount: 2, followingCount: 1, followerCount: 2 });
const jane = makePerson('janedoe', { firstName: 'Jane', lastName: 'Doe', website: 'janedoe.example', followedByMe: true, followerCount: 1 });
const rohit = makePerson('rohit', { firstName: 'Rohit', lastName: 'Sharma', postCount: 1 });

beforeEach(() => {
  logInAs(me);
  serveProfiles(me, jane, rohit);
});
afterEach(() => vi.restoreAllMocks());

const show = (userName: string) => renderInApp(<ProfilePage userName={userName} PostList={FakePostList} />, `/profile/${userName}`);

describe('profile details', () => {
  it('shows picture, full name as the heading, @username, title, bio, website and the counts the back end keeps', async () => {
    show('guestuser');
    expect(await screen.findByRole('heading', { level: 1, name: 'Guest User' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Profile picture' })).toHaveAttribute('src', '/avatars/guestuser.png');
    expect(screen.getByText('@guestuser')).toBeInTheDocument();
    expect(screen.getByText('Chief tester')).toBeInTheDocument();
    expect(screen.getByText('Tries every button.')).toBeInTheDocument();
    expect(screen.getByText((_, element) => element?.tagName === 'LI' && element.textContent === '2 Posts')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '1 Following' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '2 Followers' })).toBeInTheDocument();
  });

  it('links an http(s) website, opened safely in a new tab', async () => {
    show('guestuser');
    const link = await screen.findByRole('link', { name: 'https://chirp.example/guest' });
    expect(link).toHaveAttribute('href', 'https://chirp.example/guest');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('shows any other website text as plain text', async () => {
    show('janedoe');
    expect(await screen.findByText('janedoe.example')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'janedoe.example' })).not.toBeInTheDocument();
  });

  it('says clearly when nobody has that username, with a way home', async () => {
    show('nobody');
    expect(await screen.findByRole('heading', { level: 1, name: 'Profile not found' })).toBeInTheDocument();
    expect(screen.getByText('@nobody')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Home' })).toHaveAttribute('href', '/home');
  });

  it('shows a loader while the profile loads, then the profile', async () => {
    const answer = deferred<{ user: typeof jane }>();
    vi.spyOn(compactApi, 'profile').mockReturnValue(answer.promise);
    show('janedoe');
    expect(screen.getByText('Loading the profile')).toBeInTheDocument();
    answer.resolve({ user: jane });
    expect(await screen.findByRole('heading', { level: 1, name: 'Jane Doe' })).toBeInTheDocument();
  });

  it('says so when the profile cannot be loaded, and tries again on request', async () => {
    const profile = vi
      .spyOn(compactApi, 'profile')
      .mockRejectedValueOnce(new ApiError(500, 'The server had a problem. Please try again.'))
      .mockResolvedValueOnce({ user: jane });
    show('janedoe');
    expect(await screen.findByRole('alert')).toHaveTextContent('The server had a problem. Please try again.');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Jane Doe' })).toBeInTheDocument();
    expect(profile).toHaveBeenCalledTimes(2);
  });
});

describe('sign-up defaults', () => {
  const untouched = { title: 'Add title', bio: 'Add bio', website: 'Add website' };

  it('shows the owner the untouched title, bio and website as prompts that open the edit dialog', async () => {
    serveProfiles(makeGuest(untouched));
    show('guestuser');
    for (const prompt of ['Add title', 'Add bio', 'Add website']) {
      expect(await screen.findByRole('button', { name: prompt })).toBeInTheDocument();
    }
    await userEvent.click(screen.getByRole('button', { name: 'Add bio' }));
    expect(screen.getByRole('dialog', { name: 'Edit Profile' })).toBeInTheDocument();
    expect(screen.getByLabelText('Bio')).toHaveValue('Add bio');
  });

  it('shows a visitor none of them', async () => {
    serveProfiles(me, makePerson('rohit', untouched));
    show('rohit');
    expect(await screen.findByRole('heading', { level: 1, name: 'Rohit Tester' })).toBeInTheDocument();
    for (const prompt of ['Add title', 'Add bio', 'Add website']) {
      expect(screen.queryByText(prompt)).not.toBeInTheDocument();
    }
  });
});

describe('post tabs', () => {
  it('asks the feed’s list for the person’s posts, liked posts and own bookmarks, one tab at a time', async () => {
    show('guestuser');
    const panel = () => screen.getByRole('tabpanel');
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Posts', 'Liked Posts', 'Bookmark Post', 'Replies']);
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
    expect(within(panel()).getByRole('list', { name: 'Posts' })).toHaveTextContent('{"kind":"user","username":"guestuser"}Add a Post!');

    await userEvent.click(screen.getByRole('tab', { name: 'Liked Posts' }));
    expect(within(panel()).getByRole('list', { name: 'Liked Posts' })).toHaveTextContent('{"kind":"liked","username":"guestuser"}No Liked Posts!');
    expect(panel()).toHaveAccessibleName('Liked Posts');

    await userEvent.click(screen.getByRole('tab', { name: 'Bookmark Post' }));
    expect(within(panel()).getByRole('list', { name: 'Bookmark Post' })).toHaveTextContent('{"kind":"bookmarked"}No Bookmark Posts!');

    await userEvent.click(screen.getByRole('tab', { name: 'Replies' }));
    expect(within(panel()).getByRole('list', { name: 'Replies' })).toHaveTextContent('{"kind":"userReplies","username":"guestuser"}No replies yet');
  });

  it('shows a visitor only the person’s posts and replies: no liked or bookmarked posts, no prompt to post', async () => {
    show('rohit');
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Posts', 'Replies']);
    const panel = screen.getByRole('tabpanel');
    expect(within(panel).getByRole('list', { name: 'Posts' })).toHaveTextContent('{"kind":"user","username":"rohit"}No posts yet');
    expect(screen.queryByText('Add a Post!')).not.toBeInTheDocument();
  });

  it('moves between tabs with the arrow, Home and End keys', async () => {
    show('guestuser');
    await userEvent.click(await screen.findByRole('tab', { name: 'Posts' }));
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Liked Posts' })).toHaveFocus();
    expect(screen.getByRole('tab', { name: 'Liked Posts' })).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Replies' })).toHaveFocus();
    await userEvent.keyboard('{Home}');
    expect(screen.getByRole('tab', { name: 'Posts' })).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'Replies' })).toHaveAttribute('aria-selected', 'true');
  });
});

describe('own profile and other profiles', () => {
  it('offers Edit Profile and Sign out on the own profile, and no Follow button', async () => {
    show('guestuser');
    expect(await screen.findByRole('button', { name: 'Edit Profile' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Follow/ })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
    expect(useSession.getState().token).toBeNull();
    expect(await screen.findByText('Successfully Logged Out')).toBeInTheDocument();
  });

  it('offers the Theme choice beside Sign out on a phone, where there is no account menu', async () => {
    const { happyDOM } = window as unknown as { happyDOM: { setViewport: (size: { width: number; height: number }) => void } };
    happyDOM.setViewport({ width: 390, height: 844 });
    try {
      show('guestuser');
      await userEvent.click(await screen.findByRole('button', { name: 'Theme' }));
      await userEvent.click(within(screen.getByRole('menu', { name: 'Theme' })).getByRole('menuitemradio', { name: 'Dark' }));
      expect(document.documentElement).toHaveAttribute('data-theme', 'dark');
      await userEvent.click(screen.getByRole('button', { name: 'Theme' }));
      expect(screen.getByRole('menuitemradio', { name: 'Dark' })).toHaveAttribute('aria-checked', 'true');
    } finally {
      happyDOM.setViewport({ width: 1024, height: 768 });
      document.documentElement.removeAttribute('data-theme');
    }
  });

  it('leaves the Theme choice to the account menu on wider screens', async () => {
    show('guestuser');
    expect(await screen.findByRole('button', { name: 'Sign out' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Theme' })).not.toBeInTheDocument();
  });

  it("shows 'Following' for someone followed; a click unfollows at once, and the answer stays", async () => {
    const answer = deferred<Awaited<ReturnType<typeof compactApi.unfollow>>>();
    const unfollow = vi.spyOn(compactApi, 'unfollow').mockReturnValue(answer.promise);
    show('janedoe');
    await userEvent.click(await screen.findByRole('button', { name: 'Following' }));

    // On the click: the button and the count, before the back end answers.
    expect(screen.getByRole('button', { name: 'Follow' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '0 Followers' })).toBeInTheDocument();
    expect(unfollow).toHaveBeenCalledWith('id-janedoe');

    answer.resolve({ user: { ...me, followingCount: 0 }, followUser: { ...jane, followedByMe: false, followerCount: 0 } });
    expect(await screen.findByText('Unfollowed janedoe')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Follow' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '0 Followers' })).toBeInTheDocument();
    expect(useSession.getState().currentUser?.followingCount).toBe(0);
  });

  it("shows 'Follow' for someone not followed; a click follows and says so", async () => {
    const follow = vi
      .spyOn(compactApi, 'follow')
      .mockResolvedValue({ user: { ...me, followingCount: 2 }, followUser: { ...rohit, followedByMe: true, followerCount: 1 } });
    show('rohit');
    await userEvent.click(await screen.findByRole('button', { name: 'Follow' }));
    expect(follow).toHaveBeenCalledWith('id-rohit');
    expect(await screen.findByText('Following rohit')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Following' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '1 Followers' })).toBeInTheDocument();
  });

  it('sends one call at a time: a second quick click waits for the first answer, then undoes it', async () => {
    const answer = deferred<Awaited<ReturnType<typeof compactApi.follow>>>();
    const follow = vi.spyOn(compactApi, 'follow').mockReturnValue(answer.promise);
    const unfollow = vi
      .spyOn(compactApi, 'unfollow')
      .mockResolvedValue({ user: me, followUser: rohit });
    show('rohit');
    await userEvent.click(await screen.findByRole('button', { name: 'Follow' }));
    await userEvent.click(screen.getByRole('button', { name: 'Following' }));
    expect(screen.getByRole('button', { name: 'Follow' })).toBeInTheDocument();
    answer.resolve({ user: me, followUser: { ...rohit, followedByMe: true, followerCount: 1 } });
    // The follow went through; the second click then needs exactly one unfollow.
    await waitFor(() => expect(unfollow).toHaveBeenCalledTimes(1));
    expect(follow).toHaveBeenCalledTimes(1);
    expect(await screen.findByRole('button', { name: 'Follow' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '0 Followers' })).toBeInTheDocument();
  });

  it('sends nothing more for two further clicks made while the first call is on its way', async () => {
    const answer = deferred<Awaited<ReturnType<typeof compactApi.follow>>>();
    const follow = vi.spyOn(compactApi, 'follow').mockReturnValue(answer.promise);
    const unfollow = vi.spyOn(compactApi, 'unfollow');
    show('rohit');
    await userEvent.click(await screen.findByRole('button', { name: 'Follow' }));
    expect(screen.getByRole('button', { name: '1 Followers' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Following' }));
    await userEvent.click(screen.getByRole('button', { name: 'Follow' }));
    expect(screen.getByRole('button', { name: 'Following' })).toBeInTheDocument();
    expect(follow).toHaveBeenCalledTimes(1);

    answer.resolve({ user: { ...me, followingCount: 2 }, followUser: { ...rohit, followedByMe: true, followerCount: 1 } });
    expect(await screen.findByText('Following rohit')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Following' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '1 Followers' })).toBeInTheDocument();
    expect(follow).toHaveBeenCalledTimes(1);
    expect(unfollow).not.toHaveBeenCalled();
  });

  it('puts the button and the count back, with the back end’s message, when the follow is refused', async () => {
    vi.spyOn(compactApi, 'follow').mockRejectedValue(new ApiError(400, 'You are already following this user.'));
    show('rohit');
    await userEvent.click(await screen.findByRole('button', { name: 'Follow' }));
    expect(await screen.findByText('You are already following this user.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Follow' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '0 Followers' })).toBeInTheDocument();
  });
});

describe('following and followers dialogs', () => {
  it('lists the people followed, each linking to their profile; a link closes the dialog', async () => {
    const following = vi.spyOn(compactApi, 'following').mockImplementation(pagesOf([cardOf(jane)]));
    show('guestuser');
    await userEvent.click(await screen.findByRole('button', { name: '1 Following' }));
    const dialog = screen.getByRole('dialog', { name: 'Following' });
    expect(within(dialog).getByRole('heading', { level: 2, name: 'Following' })).toBeInTheDocument();
    const link = await within(dialog).findByRole('link', { name: /Jane Doe/ });
    expect(link).toHaveAttribute('href', '/profile/janedoe');
    expect(following).toHaveBeenCalledWith('id-guestuser', { cursor: undefined });

    await userEvent.click(link);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/profile/janedoe');
  });

  it('lists the followers a page at a time, and closes with the close button, giving focus back', async () => {
    vi.spyOn(compactApi, 'followers').mockImplementation(pagesOf([cardOf(jane)], [cardOf(rohit)]));
    show('guestuser');
    const opener = await screen.findByRole('button', { name: '2 Followers' });
    await userEvent.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Followers' });
    await within(dialog).findByRole('link', { name: /Jane Doe/ });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Show more' }));
    await within(dialog).findByRole('link', { name: /Rohit Sharma/ });
    expect(within(dialog).getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual(['/profile/janedoe', '/profile/rohit']);
    expect(within(dialog).queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(opener).toHaveFocus();
  });

  it('offers Follow or Following beside each person but oneself, and a click follows at once', async () => {
    vi.spyOn(compactApi, 'followers').mockImplementation(pagesOf([cardOf(jane), cardOf(rohit), cardOf(me)]));
    const follow = vi.spyOn(compactApi, 'follow').mockResolvedValue({ user: me, followUser: { ...rohit, followedByMe: true } });
    show('janedoe');
    await userEvent.click(await screen.findByRole('button', { name: '1 Followers' }));
    const dialog = screen.getByRole('dialog', { name: 'Followers' });
    const row = async (name: RegExp) => (await within(dialog).findByRole('link', { name })).closest('li') as HTMLElement;
    expect(within(await row(/Jane Doe/)).getByRole('button', { name: 'Following' })).toBeInTheDocument();
    expect(within(await row(/Guest User/)).queryByRole('button')).not.toBeInTheDocument();
    await userEvent.click(within(await row(/Rohit Sharma/)).getByRole('button', { name: 'Follow' }));
    expect(within(await row(/Rohit Sharma/)).getByRole('button', { name: 'Following' })).toBeInTheDocument();
    expect(follow).toHaveBeenCalledWith('id-rohit');
  });

  it('uses the spec’s empty texts', async () => {
    vi.spyOn(compactApi, 'following').mockImplementation(pagesOf([]));
    vi.spyOn(compactApi, 'followers').mockImplementation(pagesOf([]));
    show('rohit');
    await userEvent.click(await screen.findByRole('button', { name: '0 Following' }));
    expect(await screen.findByText('Following no one !')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    await userEvent.click(screen.getByRole('button', { name: '0 Followers' }));
    expect(await screen.findByText('No Followers yet !')).toBeInTheDocument();
  });

  it('says why a list could not load, and tries again', async () => {
    vi.spyOn(compactApi, 'followers')
      .mockRejectedValueOnce(new ApiError(500, 'The server had a problem. Please try again.'))
      .mockImplementation(pagesOf([cardOf(jane)]));
    show('guestuser');
    await userEvent.click(await screen.findByRole('button', { name: '2 Followers' }));
    const dialog = screen.getByRole('dialog', { name: 'Followers' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The server had a problem. Please try again.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Retry' }));
    expect(await within(dialog).findByRole('link', { name: /Jane Doe/ })).toBeInTheDocument();
  });
});

describe('muting and blocking from a profile', () => {
  it('offers Mute and Block on someone else’s profile (none on one’s own); muting says so', async () => {
    const mute = vi.spyOn(compactApi, 'mute').mockResolvedValue({ relation: { userId: 'id-rohit', mutedByMe: true, blockedByMe: false } });
    show('rohit');
    await userEvent.click(await screen.findByRole('button', { name: 'More options' }));
    const menu = screen.getByRole('menu', { name: 'More options' });
    expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Mute @rohit', 'Block @rohit']);
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Mute @rohit' }));
    expect(mute).toHaveBeenCalledWith('id-rohit');
    expect(await screen.findByText('Muted @rohit')).toBeInTheDocument();
  });

  it('offers Unmute and Unblock to undo them, and a blocked profile says so, with no Follow button', async () => {
    serveProfiles(me, { ...rohit, mutedByMe: true, blockedByMe: true, bio: '', title: '', website: '' });
    const unblock = vi.spyOn(compactApi, 'unblock').mockResolvedValue({ relation: { userId: 'id-rohit', mutedByMe: true, blockedByMe: false } });
    show('rohit');
    expect(await screen.findByRole('note')).toHaveTextContent('You have blocked this account.');
    expect(screen.queryByRole('button', { name: 'Follow' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'More options' }));
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Unmute @rohit', 'Unblock @rohit']);
    await userEvent.click(screen.getByRole('menuitem', { name: 'Unblock @rohit' }));
    expect(unblock).toHaveBeenCalledWith('id-rohit');
    expect(await screen.findByText('Unblocked @rohit')).toBeInTheDocument();
  });

  it('tells someone who was blocked that the account blocked them', async () => {
    serveProfiles(me, { ...rohit, blocksMe: true, bio: '', title: '', website: '' });
    show('rohit');
    expect(await screen.findByRole('note')).toHaveTextContent('This account has blocked you.');
    expect(screen.queryByRole('button', { name: 'Follow' })).toBeNull();
  });

  it('offers no menu on one’s own profile', async () => {
    show(me.username);
    expect(await screen.findByRole('button', { name: 'Edit Profile' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'More options' })).toBeNull();
  });
});
