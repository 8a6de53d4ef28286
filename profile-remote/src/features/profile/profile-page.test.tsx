import { api, ApiError, type Post, useSession } from '@chirp/shared';
import { logInAs } from '@chirp/shared/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { makeGuest, makePost, makeUser, renderInApp } from '../../testing/session';
import ProfilePage, { type PostListProps } from './profile-page';

/** Stands in for the feed's post list: what the profile hands it is what matters here. */
function FakePostList({ posts, emptyText, label }: PostListProps) {
  return (
    <ul aria-label={label}>
      {posts.length === 0 ? <li>{emptyText}</li> : posts.map((post: Post) => <li key={post._id}>{post.content}</li>)}
    </ul>
  );
}

const me = makeGuest({
  following: ['janedoe'],
  followers: ['janedoe', 'rohit'],
  bookmarks: ['p3'],
});
const jane = makeUser('janedoe', {
  firstName: 'Jane',
  lastName: 'Doe',
  website: 'janedoe.example',
  followers: ['guestuser'],
  following: ['guestuser'],
});
const rohit = makeUser('rohit', { firstName: 'Rohit', lastName: 'Sharma', following: ['guestuser'] });
const posts = [
  makePost('p1', 'guestuser'),
  makePost('p2', 'guestuser', ['janedoe']),
  makePost('p3', 'janedoe', ['guestuser']),
  makePost('p4', 'rohit'),
];

beforeEach(() => logInAs(me, { users: [jane, rohit], posts }));

const show = (userName: string) =>
  renderInApp(<ProfilePage userName={userName} PostList={FakePostList} />, `/profile/${userName}`);

describe('profile details', () => {
  it('shows picture, full name as the heading, @username, title, bio, website and counts', () => {
    show('guestuser');
    expect(screen.getByRole('heading', { level: 1, name: 'Guest User' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Profile picture' })).toHaveAttribute('src', '/avatars/guestuser.png');
    expect(screen.getByText('@guestuser')).toBeInTheDocument();
    expect(screen.getByText('Chief tester')).toBeInTheDocument();
    expect(screen.getByText('Tries every button.')).toBeInTheDocument();
    expect(screen.getByText((_, element) => element?.tagName === 'LI' && element.textContent === '2 Posts')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '1 Following' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '2 Followers' })).toBeInTheDocument();
  });

  it('links an http(s) website, opened safely in a new tab', () => {
    show('guestuser');
    const link = screen.getByRole('link', { name: 'https://chirp.example/guest' });
    expect(link).toHaveAttribute('href', 'https://chirp.example/guest');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('shows any other website text as plain text', () => {
    show('janedoe');
    expect(screen.getByText('janedoe.example')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'janedoe.example' })).not.toBeInTheDocument();
  });

  it('says clearly when nobody has that username, with a way home', () => {
    show('nobody');
    expect(screen.getByRole('heading', { level: 1, name: 'Profile not found' })).toBeInTheDocument();
    expect(screen.getByText('@nobody')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Home' })).toHaveAttribute('href', '/home');
  });

  it('shows a loader while the users load, then the profile', async () => {
    useSession.setState({ users: [] });
    vi.spyOn(api, 'getUsers').mockResolvedValue({ users: [me, jane, rohit] });
    show('janedoe');
    expect(screen.getByText('Loading the profile')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Jane Doe' })).toBeInTheDocument();
  });

  it('says so when the users cannot be loaded, and tries again on request', async () => {
    useSession.setState({ users: [] });
    const getUsers = vi
      .spyOn(api, 'getUsers')
      .mockRejectedValueOnce(new ApiError(500, 'The server had a problem. Please try again.'))
      .mockResolvedValueOnce({ users: [me, jane, rohit] });
    show('janedoe');
    expect(await screen.findByRole('alert')).toHaveTextContent('The server had a problem. Please try again.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Jane Doe' })).toBeInTheDocument();
    expect(getUsers).toHaveBeenCalledTimes(2);
  });
});

describe('post tabs', () => {
  it('shows the posts, liked posts and bookmarked posts of the person, one tab at a time', async () => {
    show('guestuser');
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Posts', 'Liked Posts', 'Bookmark Post']);
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
    const panel = () => screen.getByRole('tabpanel');
    expect(within(panel()).getByRole('list', { name: 'Posts' })).toHaveTextContent('Post p1 by guestuser');
    expect(panel()).toHaveTextContent('Post p2 by guestuser');

    await userEvent.click(screen.getByRole('tab', { name: 'Liked Posts' }));
    expect(within(panel()).getByRole('list', { name: 'Liked Posts' })).toHaveTextContent('Post p3 by janedoe');
    expect(panel()).toHaveAccessibleName('Liked Posts');

    await userEvent.click(screen.getByRole('tab', { name: 'Bookmark Post' }));
    expect(within(panel()).getByRole('list', { name: 'Bookmark Post' })).toHaveTextContent('Post p3 by janedoe');
  });

  it('hands the post list the empty texts of the spec', async () => {
    show('rohit');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Post p4 by rohit');
    await userEvent.click(screen.getByRole('tab', { name: 'Liked Posts' }));
    expect(screen.getByRole('tabpanel')).toHaveTextContent('No Liked Posts!');
    await userEvent.click(screen.getByRole('tab', { name: 'Bookmark Post' }));
    expect(screen.getByRole('tabpanel')).toHaveTextContent('No Bookmark Posts!');

    useSession.setState({ allPosts: [] });
    await userEvent.click(screen.getByRole('tab', { name: 'Posts' }));
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Add a Post!');
  });

  it('moves between tabs with the arrow, Home and End keys', async () => {
    show('guestuser');
    await userEvent.click(screen.getByRole('tab', { name: 'Posts' }));
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Liked Posts' })).toHaveFocus();
    expect(screen.getByRole('tab', { name: 'Liked Posts' })).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Bookmark Post' })).toHaveFocus();
    await userEvent.keyboard('{Home}');
    expect(screen.getByRole('tab', { name: 'Posts' })).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'Bookmark Post' })).toHaveAttribute('aria-selected', 'true');
  });
});

describe('own profile and other profiles', () => {
  it('offers Edit Profile and Sign out on the own profile, and no Follow button', async () => {
    show('guestuser');
    expect(screen.getByRole('button', { name: 'Edit Profile' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Follow/ })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
    expect(useSession.getState().token).toBeNull();
    expect(await screen.findByText('Successfully Logged Out')).toBeInTheDocument();
  });

  it("shows 'Following' for someone followed; a click unfollows and says so", async () => {
    const unfollow = vi.spyOn(api, 'unfollow').mockResolvedValue({ user: me, followUser: jane });
    const afterwards = { ...me, following: [] };
    vi.spyOn(api, 'getUsers').mockResolvedValue({ users: [afterwards, { ...jane, followers: [] }, rohit] });
    show('janedoe');
    expect(screen.queryByRole('button', { name: 'Edit Profile' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Following' }));

    expect(unfollow).toHaveBeenCalledWith('id-janedoe');
    expect(await screen.findByText('Unfollowed janedoe')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Follow' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '0 Followers' })).toBeInTheDocument();
  });

  it("shows 'Follow' for someone not followed; a click follows and says so", async () => {
    const follow = vi.spyOn(api, 'follow').mockResolvedValue({ user: me, followUser: rohit });
    const afterwards = { ...me, following: [...me.following, rohit] };
    vi.spyOn(api, 'getUsers').mockResolvedValue({ users: [afterwards, jane, { ...rohit, followers: [me] }] });
    show('rohit');

    await userEvent.click(screen.getByRole('button', { name: 'Follow' }));

    expect(follow).toHaveBeenCalledWith('id-rohit');
    expect(await screen.findByText('Following rohit')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Following' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '1 Followers' })).toBeInTheDocument();
  });

  it('shows the back end’s message when the follow toggle fails', async () => {
    vi.spyOn(api, 'follow').mockRejectedValue(new ApiError(404, 'You cannot follow yourself'));
    show('rohit');
    await userEvent.click(screen.getByRole('button', { name: 'Follow' }));
    expect(await screen.findByText('You cannot follow yourself')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Follow' })).toBeInTheDocument();
  });
});

describe('following and followers dialogs', () => {
  it('lists the people followed, each linking to their profile; a link closes the dialog', async () => {
    show('guestuser');
    const opener = screen.getByRole('button', { name: '1 Following' });
    await userEvent.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Following' });
    expect(within(dialog).getByRole('heading', { level: 2, name: 'Following' })).toBeInTheDocument();
    // The users list has the current name, not the copy kept in the follow list.
    const link = within(dialog).getByRole('link', { name: /Jane Doe/ });
    expect(link).toHaveAttribute('href', '/profile/janedoe');

    await userEvent.click(link);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/profile/janedoe');
  });

  it('lists the followers and closes with the close button, giving focus back', async () => {
    show('guestuser');
    const opener = screen.getByRole('button', { name: '2 Followers' });
    await userEvent.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Followers' });
    expect(within(dialog).getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual([
      '/profile/janedoe',
      '/profile/rohit',
    ]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(opener).toHaveFocus();
  });

  it('uses the spec’s empty texts', async () => {
    const loner = makeUser('loner', { firstName: 'Lone', lastName: 'Wolf' });
    logInAs(me, { users: [loner], posts });
    show('loner');
    await userEvent.click(screen.getByRole('button', { name: '0 Following' }));
    expect(screen.getByRole('dialog', { name: 'Following' })).toHaveTextContent('Following no one !');
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    await userEvent.click(screen.getByRole('button', { name: '0 Followers' }));
    expect(screen.getByRole('dialog', { name: 'Followers' })).toHaveTextContent('No Followers yet !');
  });
});
