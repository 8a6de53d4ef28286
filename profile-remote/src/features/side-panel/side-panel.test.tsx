import { type PeoplePage, type Profile } from '@chirp/contracts';
import { ApiError, compactApi } from '@chirp/session';
import { deferred, logInAs } from '@chirp/session/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cardOf, makePerson, pagesOf, renderInApp } from '../../testing/session';
import SidePanel from './side-panel';

const me = makePerson('guestuser', { firstName: 'Guest', lastName: 'User', followingCount: 1 });
const adarsh = makePerson('adarsh', { firstName: 'Adarsh', lastName: 'Balika', followedByMe: true });
const jane = makePerson('janedoe', { firstName: 'Jane', lastName: 'Doe' });
const rohit = makePerson('rohit', { firstName: 'Rohit', lastName: 'Sharma' });
const everyone = [me, adarsh, jane, rohit];

/** The back end's search (spec 5): part of the username, first or last name, any case; everyone. */
async function search(text: string): Promise<PeoplePage> {
  const needle = text.toLowerCase();
  const found = everyone.filter((person) => [person.username, person.firstName, person.lastName].some((field) => field.toLowerCase().includes(needle)));
  return { users: found.map(cardOf), nextCursor: null };
}

/** The answer to a follow of `person`: both profiles as the back end then holds them. */
const followed = (person: Profile) => ({ user: { ...me, followingCount: me.followingCount + 1 }, followUser: { ...person, followedByMe: true, followerCount: 1 } });

let suggestions: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  logInAs(me);
  vi.spyOn(compactApi, 'searchPeople').mockImplementation(search);
  suggestions = vi.spyOn(compactApi, 'suggestions').mockImplementation(pagesOf([cardOf(jane), cardOf(rohit)]));
});
afterEach(() => vi.restoreAllMocks());

const searchBox = () => screen.getByRole('searchbox', { name: 'Search friend' });
const suggestionRow = (name: string) =>
  within(screen.getByRole('region', { name: 'Suggestions for you' }))
    .getByRole('link', { name: new RegExp(name) })
    .closest('li') as HTMLElement;
const findRow = async (name: string) =>
  (await within(screen.getByRole('region', { name: 'Suggestions for you' })).findByRole('link', { name: new RegExp(name) })).closest(
    'li',
  ) as HTMLElement;

describe('Search friend', () => {
  it('leaves the search to the search page’s own box there, on both layouts; the suggestions stay', async () => {
    renderInApp(
      <>
        <SidePanel variant="column" />
        <SidePanel variant="dropdown" />
      </>,
      '/search?q=jane',
    );
    expect(await screen.findByRole('region', { name: 'Suggestions for you' })).toBeInTheDocument();
    expect(screen.queryByRole('searchbox')).not.toBeInTheDocument();
  });

  it('finds people by part of their username, first or last name, ignoring case', async () => {
    renderInApp(<SidePanel variant="column" />);
    expect(searchBox()).toHaveAttribute('placeholder', 'Search friend');

    await userEvent.type(searchBox(), 'DOE');
    const results = await screen.findByRole('list', { name: 'Search results' });
    expect(within(results).getAllByRole('link').map((link) => link.textContent)).toEqual(['Jane Doe@janedoe']);

    await userEvent.clear(searchBox());
    await userEvent.type(searchBox(), 'sh');
    expect(await screen.findByText('2 people found')).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Search results' })).getAllByRole('link')).toHaveLength(2);
    // One call per pause in typing, not one per key.
    expect(vi.mocked(compactApi.searchPeople).mock.calls.map(([text]) => text)).toEqual(['DOE', 'sh']);
  });

  it('opens the search page on Enter, with people and posts, and leaves the search to its box', async () => {
    renderInApp(<SidePanel variant="column" />);
    await userEvent.type(searchBox(), 'doe{Enter}');
    expect(screen.getByTestId('location')).toHaveTextContent('/search');
    expect(screen.queryByRole('searchbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Search results' })).not.toBeInTheDocument();
  });

  it("says 'No such user is there...' when nobody matches, and never finds the current user", async () => {
    renderInApp(<SidePanel variant="column" />);
    await userEvent.type(searchBox(), 'guest');
    expect(await screen.findByText('No such user is there...')).toBeVisible();
    expect(screen.queryByRole('list', { name: 'Search results' })).not.toBeInTheDocument();
  });

  it('looks past a page of results that held only the current user', async () => {
    const searchPeople = vi.spyOn(compactApi, 'searchPeople').mockImplementation(pagesOf([cardOf(me)], [cardOf(jane)]));
    renderInApp(<SidePanel variant="column" />);
    await userEvent.type(searchBox(), 'e');
    const results = await screen.findByRole('list', { name: 'Search results' });
    expect(within(results).getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual(['/profile/janedoe']);
    expect(searchPeople).toHaveBeenLastCalledWith('e', { cursor: 'c1' });
    expect(screen.queryByText('No such user is there...')).not.toBeInTheDocument();
  });

  it('links each result to the profile and clears the search once followed', async () => {
    renderInApp(<SidePanel variant="column" />);
    await userEvent.type(searchBox(), 'jane');
    const results = await screen.findByRole('list', { name: 'Search results' });
    await userEvent.click(within(results).getByRole('link', { name: /Jane Doe/ }));
    expect(screen.getByTestId('location')).toHaveTextContent('/profile/janedoe');
    expect(searchBox()).toHaveValue('');
  });
});

describe('Suggestions for you', () => {
  it('lists the people the back end suggests, each with a Follow button', async () => {
    renderInApp(<SidePanel variant="column" />);
    const region = screen.getByRole('region', { name: 'Suggestions for you' });
    expect(within(region).getByRole('heading', { level: 2, name: 'Suggestions for you' })).toBeInTheDocument();
    const links = await within(region).findAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/profile/janedoe', '/profile/rohit']);
    expect(within(suggestionRow('Jane Doe')).getByRole('button', { name: 'Follow' })).toBeInTheDocument();
    expect(within(suggestionRow('Rohit Sharma')).getByRole('button', { name: 'Follow' })).toBeInTheDocument();
  });

  it('follows a person at once: they leave the list on the click, the call and the toast follow', async () => {
    const answer = deferred<ReturnType<typeof followed>>();
    const follow = vi.spyOn(compactApi, 'follow').mockReturnValue(answer.promise);
    renderInApp(<SidePanel variant="column" />);

    await userEvent.click(within(await findRow('Jane Doe')).getByRole('button', { name: 'Follow' }));

    // Shown before the back end answers: no waiting on two round trips.
    expect(screen.queryByRole('link', { name: /Jane Doe/ })).not.toBeInTheDocument();
    expect(follow).toHaveBeenCalledWith('id-janedoe');
    // Focus moves to the next person's Follow button rather than getting lost.
    expect(within(suggestionRow('Rohit Sharma')).getByRole('button', { name: 'Follow' })).toHaveFocus();
    answer.resolve(followed(jane));
    expect(await screen.findByText('Following janedoe')).toBeInTheDocument();
    expect(suggestions).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('link', { name: /Jane Doe/ })).not.toBeInTheDocument();
  });

  it('counts rapid clicks on several suggestions, each its own follow', async () => {
    const answers = [deferred<ReturnType<typeof followed>>(), deferred<ReturnType<typeof followed>>()];
    const follow = vi
      .spyOn(compactApi, 'follow')
      .mockReturnValueOnce(answers[0]!.promise)
      .mockReturnValueOnce(answers[1]!.promise);
    renderInApp(<SidePanel variant="column" />);

    await userEvent.click(within(await findRow('Jane Doe')).getByRole('button', { name: 'Follow' }));
    await userEvent.click(within(suggestionRow('Rohit Sharma')).getByRole('button', { name: 'Follow' }));

    expect(follow.mock.calls.map(([id]) => id)).toEqual(['id-janedoe', 'id-rohit']);
    expect(screen.queryByRole('link', { name: /Jane Doe|Rohit Sharma/ })).not.toBeInTheDocument();
    // The first answer knows only the first follow: the second stays shown until its own answer.
    answers[0]!.resolve(followed(jane));
    expect(await screen.findByText('Following janedoe')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Rohit Sharma/ })).not.toBeInTheDocument();
    answers[1]!.resolve(followed(rohit));
    expect(await screen.findByText('Following rohit')).toBeInTheDocument();
    expect(screen.getByText('Followed all')).toBeInTheDocument();
  });

  it('shows the error message when following fails, and keeps the person listed', async () => {
    vi.spyOn(compactApi, 'follow').mockRejectedValue(new ApiError(400, 'User Already following'));
    renderInApp(<SidePanel variant="column" />);

    await userEvent.click(within(await findRow('Jane Doe')).getByRole('button', { name: 'Follow' }));

    expect(await screen.findByText('User Already following')).toBeInTheDocument();
    // Rolled back: the person is suggested again.
    expect(within(suggestionRow('Jane Doe')).getByRole('button', { name: 'Follow' })).toBeInTheDocument();
  });

  it("says 'Followed all' when the back end has nobody left to suggest", async () => {
    suggestions.mockImplementation(pagesOf([]));
    renderInApp(<SidePanel variant="column" />);
    expect(await screen.findByText('Followed all')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Follow' })).not.toBeInTheDocument();
  });

  it('shows a loader until the suggestions arrive', async () => {
    const answer = deferred<PeoplePage>();
    suggestions.mockReturnValue(answer.promise);
    renderInApp(<SidePanel variant="column" />);
    expect(screen.getByText('Loading suggestions')).toBeInTheDocument();
    expect(screen.queryByText('Followed all')).not.toBeInTheDocument();
    answer.resolve({ users: [cardOf(rohit)], nextCursor: null });
    expect(await screen.findByRole('link', { name: /Rohit Sharma/ })).toBeInTheDocument();
  });

  it('offers more suggestions a page at a time', async () => {
    suggestions.mockImplementation(pagesOf([cardOf(jane)], [cardOf(rohit)]));
    renderInApp(<SidePanel variant="column" />);
    await findRow('Jane Doe');
    await userEvent.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await findRow('Rohit Sharma')).toBeInTheDocument();
    expect(suggestions).toHaveBeenLastCalledWith({ cursor: 'c1' });
  });

  it('brings the next page by itself once everyone shown has been followed', async () => {
    suggestions.mockImplementation(pagesOf([cardOf(jane)], [cardOf(rohit)]));
    const answer = deferred<ReturnType<typeof followed>>();
    vi.spyOn(compactApi, 'follow').mockReturnValue(answer.promise);
    renderInApp(<SidePanel variant="column" />);
    await userEvent.click(within(await findRow('Jane Doe')).getByRole('button', { name: 'Follow' }));
    // Neither 'Followed all' nor a button to click while more people are on their way.
    expect(screen.getByText('Loading suggestions')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
    answer.resolve(followed(jane));
    expect(await findRow('Rohit Sharma')).toBeInTheDocument();
    expect(suggestions).toHaveBeenLastCalledWith({ cursor: 'c1' });
    expect(screen.queryByRole('link', { name: /Jane Doe/ })).not.toBeInTheDocument();
    expect(screen.queryByText('Followed all')).not.toBeInTheDocument();
  });

  it('says why the suggestions could not load, and tries again', async () => {
    suggestions.mockRejectedValueOnce(new ApiError(500, 'The server had a problem. Please try again.'));
    renderInApp(<SidePanel variant="column" />);
    const region = screen.getByRole('region', { name: 'Suggestions for you' });
    expect(await within(region).findByRole('alert')).toHaveTextContent('The server had a problem. Please try again.');
    await userEvent.click(within(region).getByRole('button', { name: 'Retry' }));
    expect(await findRow('Jane Doe')).toBeInTheDocument();
  });
});

describe('phone dropdown', () => {
  it('shows only the search box until it is focused, then the suggestions', async () => {
    renderInApp(<SidePanel variant="dropdown" />);
    expect(screen.queryByRole('heading', { name: 'Suggestions for you' })).not.toBeInTheDocument();

    await userEvent.click(searchBox());
    expect(screen.getByRole('heading', { name: 'Suggestions for you' })).toBeVisible();
    expect(await screen.findByRole('link', { name: /Jane Doe/ })).toBeVisible();
  });

  it('shows search results instead of suggestions while the box has text', async () => {
    renderInApp(<SidePanel variant="dropdown" />);
    await userEvent.type(searchBox(), 'rohit');
    expect(await screen.findByRole('list', { name: 'Search results' })).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Suggestions for you' })).not.toBeInTheDocument();

    await userEvent.clear(searchBox());
    await userEvent.type(searchBox(), 'zzz');
    expect(await screen.findByText('No such user is there...')).toBeVisible();
  });

  it('closes on Escape, keeping the text and the focus in the box', async () => {
    renderInApp(<SidePanel variant="dropdown" />);
    await userEvent.type(searchBox(), 'jane');
    await screen.findByRole('list', { name: 'Search results' });
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
    await userEvent.click(await screen.findByRole('link', { name: /Rohit Sharma/ }));
    expect(screen.getByTestId('location')).toHaveTextContent('/profile/rohit');
    expect(screen.queryByRole('heading', { name: 'Suggestions for you' })).not.toBeInTheDocument();
  });

  it('clears the box once a search result is followed', async () => {
    renderInApp(<SidePanel variant="dropdown" />);
    await userEvent.type(searchBox(), 'jane');
    await userEvent.click(within(await screen.findByRole('list', { name: 'Search results' })).getByRole('link'));
    expect(screen.getByTestId('location')).toHaveTextContent('/profile/janedoe');
    expect(searchBox()).toHaveValue('');
    expect(screen.queryByRole('list', { name: 'Search results' })).toBeNull();
  });
});
