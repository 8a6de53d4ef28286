import { api, ApiError, type User, useSession } from '@chirp/shared';
import { logInAs } from '@chirp/shared/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { makeUser, renderInApp } from '../../testing/session';
import SidePanel from './side-panel';

const me = makeUser('guestuser', { firstName: 'Guest', lastName: 'User', following: ['adarsh'] });
const adarsh = makeUser('adarsh', { firstName: 'Adarsh', lastName: 'Balika' });
const jane = makeUser('janedoe', { firstName: 'Jane', lastName: 'Doe' });
const rohit = makeUser('rohit', { firstName: 'Rohit', lastName: 'Sharma' });

/** The back end after the current user follows `person`: the reloaded list shows it. */
function afterFollowing(person: User): User[] {
  const updated = { ...me, following: [...me.following, { ...person }] };
  return [updated, adarsh, jane, rohit];
}

beforeEach(() => {
  logInAs(me, { users: [adarsh, jane, rohit] });
});

const searchBox = () => screen.getByRole('searchbox', { name: 'Search friend' });
const suggestionRow = (name: string) =>
  within(screen.getByRole('region', { name: 'Suggestions for you' }))
    .getByRole('link', { name: new RegExp(name) })
    .closest('li') as HTMLElement;

describe('Search friend', () => {
  it('finds people by part of their username, first or last name, ignoring case', async () => {
    renderInApp(<SidePanel variant="column" />);
    expect(searchBox()).toHaveAttribute('placeholder', 'Search friend');

    await userEvent.type(searchBox(), 'DOE');
    const results = screen.getByRole('list', { name: 'Search results' });
    expect(within(results).getAllByRole('link').map((link) => link.textContent)).toEqual(['Jane Doe@janedoe']);

    await userEvent.clear(searchBox());
    await userEvent.type(searchBox(), 'sh');
    expect(within(screen.getByRole('list', { name: 'Search results' })).getAllByRole('link')).toHaveLength(2);
    expect(screen.getByText('2 people found')).toBeInTheDocument();
  });

  it("says 'No such user is there...' when nobody matches, and never finds the current user", async () => {
    renderInApp(<SidePanel variant="column" />);
    await userEvent.type(searchBox(), 'guest');
    expect(screen.getByText('No such user is there...')).toBeVisible();
    expect(screen.queryByRole('list', { name: 'Search results' })).not.toBeInTheDocument();
  });

  it('links each result to the profile and clears the search once followed', async () => {
    renderInApp(<SidePanel variant="column" />);
    await userEvent.type(searchBox(), 'jane');
    const results = screen.getByRole('list', { name: 'Search results' });
    await userEvent.click(within(results).getByRole('link', { name: /Jane Doe/ }));
    expect(screen.getByTestId('location')).toHaveTextContent('/profile/janedoe');
    expect(searchBox()).toHaveValue('');
  });
});

describe('Suggestions for you', () => {
  it('lists everyone but the current user and the people they follow, each with a Follow button', () => {
    renderInApp(<SidePanel variant="column" />);
    const region = screen.getByRole('region', { name: 'Suggestions for you' });
    expect(within(region).getByRole('heading', { level: 2, name: 'Suggestions for you' })).toBeInTheDocument();
    const links = within(region).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/profile/janedoe', '/profile/rohit']);
    expect(within(suggestionRow('Jane Doe')).getByRole('button', { name: 'Follow' })).toBeInTheDocument();
    expect(within(suggestionRow('Rohit Sharma')).getByRole('button', { name: 'Follow' })).toBeInTheDocument();
  });

  it('follows a person at once: they leave the list on the click, the call and the toast follow', async () => {
    let answer: (value: { user: User; followUser: User }) => void = () => {};
    const follow = vi.spyOn(api, 'follow').mockImplementation(() => new Promise((resolve) => (answer = resolve)));
    const getUsers = vi.spyOn(api, 'getUsers');
    renderInApp(<SidePanel variant="column" />);

    await userEvent.click(within(suggestionRow('Jane Doe')).getByRole('button', { name: 'Follow' }));

    // Shown before the back end answers: no waiting on two round trips.
    expect(screen.queryByRole('link', { name: /Jane Doe/ })).not.toBeInTheDocument();
    expect(follow).toHaveBeenCalledWith('id-janedoe');
    // Focus moves to the next person's Follow button rather than getting lost.
    expect(within(suggestionRow('Rohit Sharma')).getByRole('button', { name: 'Follow' })).toHaveFocus();
    const [meAfter] = afterFollowing(jane);
    answer({ user: meAfter!, followUser: jane });
    expect(await screen.findByText('Following janedoe')).toBeInTheDocument();
    expect(getUsers).not.toHaveBeenCalled();
    expect(screen.queryByRole('link', { name: /Jane Doe/ })).not.toBeInTheDocument();
  });

  it('counts rapid clicks on several suggestions, each its own follow', async () => {
    const answers: ((value: { user: User; followUser: User }) => void)[] = [];
    const follow = vi.spyOn(api, 'follow').mockImplementation(() => new Promise((resolve) => answers.push(resolve)));
    renderInApp(<SidePanel variant="column" />);

    await userEvent.click(within(suggestionRow('Jane Doe')).getByRole('button', { name: 'Follow' }));
    await userEvent.click(within(suggestionRow('Rohit Sharma')).getByRole('button', { name: 'Follow' }));

    expect(follow.mock.calls.map(([id]) => id)).toEqual(['id-janedoe', 'id-rohit']);
    expect(screen.queryByRole('link', { name: /Jane Doe|Rohit Sharma/ })).not.toBeInTheDocument();
    // The first answer knows only the first follow: the second stays shown until its own answer.
    const [meAfterJane] = afterFollowing(jane);
    answers[0]!({ user: meAfterJane!, followUser: jane });
    expect(await screen.findByText('Following janedoe')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Rohit Sharma/ })).not.toBeInTheDocument();
    answers[1]!({ user: { ...meAfterJane!, following: [...meAfterJane!.following, { ...rohit }] }, followUser: rohit });
    expect(await screen.findByText('Following rohit')).toBeInTheDocument();
  });

  it('shows the error message when following fails, and keeps the person listed', async () => {
    vi.spyOn(api, 'follow').mockRejectedValue(new ApiError(400, 'User Already following'));
    const getUsers = vi.spyOn(api, 'getUsers');
    renderInApp(<SidePanel variant="column" />);

    await userEvent.click(within(suggestionRow('Jane Doe')).getByRole('button', { name: 'Follow' }));

    expect(await screen.findByText('User Already following')).toBeInTheDocument();
    expect(getUsers).not.toHaveBeenCalled();
    // Rolled back: the person is suggested again.
    expect(within(suggestionRow('Jane Doe')).getByRole('button', { name: 'Follow' })).toBeInTheDocument();
  });

  it("says 'Followed all' when the current user follows everyone", () => {
    logInAs({ ...me, following: [adarsh, jane, rohit] }, { users: [adarsh, jane, rohit] });
    renderInApp(<SidePanel variant="column" />);
    expect(screen.getByText('Followed all')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Follow' })).not.toBeInTheDocument();
  });

  it('shows a loader until the users arrive', () => {
    useSession.setState({ users: [] });
    renderInApp(<SidePanel variant="column" />);
    expect(screen.getByText('Loading suggestions')).toBeInTheDocument();
    expect(screen.queryByText('Followed all')).not.toBeInTheDocument();
  });
});

describe('phone dropdown', () => {
  it('shows only the search box until it is focused, then the suggestions', async () => {
    renderInApp(<SidePanel variant="dropdown" />);
    expect(screen.queryByRole('heading', { name: 'Suggestions for you' })).not.toBeInTheDocument();

    await userEvent.click(searchBox());
    expect(screen.getByRole('heading', { name: 'Suggestions for you' })).toBeVisible();
    expect(screen.getByRole('link', { name: /Jane Doe/ })).toBeVisible();
  });

  it('shows search results instead of suggestions while the box has text', async () => {
    renderInApp(<SidePanel variant="dropdown" />);
    await userEvent.type(searchBox(), 'rohit');
    expect(screen.getByRole('list', { name: 'Search results' })).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Suggestions for you' })).not.toBeInTheDocument();

    await userEvent.clear(searchBox());
    await userEvent.type(searchBox(), 'zzz');
    expect(screen.getByText('No such user is there...')).toBeVisible();
  });

  it('closes on Escape, keeping the text and the focus in the box', async () => {
    renderInApp(<SidePanel variant="dropdown" />);
    await userEvent.type(searchBox(), 'jane');
    await userEvent.keyboard('{Escape}');
    // Hidden panels leave the accessibility tree, so the role query no longer finds the list.
    expect(screen.queryByRole('list', { name: 'Search results' })).toBeNull();
    expect(screen.getByText('Jane Doe')).not.toBeVisible();
    expect(searchBox()).toHaveValue('jane');
    expect(searchBox()).toHaveFocus();
  });

  it('closes on a click outside it and after a profile link is followed', async () => {
    renderInApp(
      <div>
        <SidePanel variant="dropdown" />
        <p>Elsewhere</p>
      </div>,
    );
    await userEvent.click(searchBox());
    await userEvent.click(screen.getByText('Elsewhere'));
    expect(screen.queryByRole('heading', { name: 'Suggestions for you' })).not.toBeInTheDocument();

    await userEvent.click(searchBox());
    await userEvent.click(screen.getByRole('link', { name: /Rohit Sharma/ }));
    expect(screen.getByTestId('location')).toHaveTextContent('/profile/rohit');
    expect(screen.queryByRole('heading', { name: 'Suggestions for you' })).not.toBeInTheDocument();
  });

  it('clears the box once a search result is followed', async () => {
    renderInApp(<SidePanel variant="dropdown" />);
    await userEvent.type(searchBox(), 'jane');
    await userEvent.click(within(screen.getByRole('list', { name: 'Search results' })).getByRole('link'));
    expect(screen.getByTestId('location')).toHaveTextContent('/profile/janedoe');
    expect(searchBox()).toHaveValue('');
    expect(screen.queryByRole('list', { name: 'Search results' })).toBeNull();
  });
});
