import type { User } from '@chirp/shared';
import { aUser } from '@chirp/shared/testing';
import { describe, expect, it } from 'vitest';
import { fullName, isFollowing, searchUsers, suggestedUsers } from './people';

function user(username: string, firstName: string, lastName: string, following: string[] = []): User {
  return aUser({
    _id: `id-${username}`,
    username,
    firstName,
    lastName,
    following: following.map((name) => ({ _id: `id-${name}`, username: name, firstName: '', lastName: '', profilePic: '' })),
  });
}

const me = user('guestuser', 'Guest', 'User', ['adarsh']);
const users = [me, user('adarsh', 'Adarsh', 'Balika'), user('janedoe', 'Jane', 'Doe'), user('rohit', 'Rohit', 'Sharma')];

describe('searchUsers', () => {
  it('matches part of a username, first or last name, whatever the case', () => {
    expect(searchUsers(users, 'JANE', 'guestuser').map((u) => u.username)).toEqual(['janedoe']);
    expect(searchUsers(users, 'shar', 'guestuser').map((u) => u.username)).toEqual(['rohit']);
    expect(searchUsers(users, 'edo', 'guestuser').map((u) => u.username)).toEqual(['janedoe']);
    expect(searchUsers(users, 'a', 'guestuser').map((u) => u.username)).toEqual(['adarsh', 'janedoe', 'rohit']);
  });

  it('never lists the current user', () => {
    expect(searchUsers(users, 'guest', 'guestuser')).toEqual([]);
  });

  it('matches nobody for a blank query', () => {
    expect(searchUsers(users, '   ', 'guestuser')).toEqual([]);
  });
});

describe('suggestedUsers', () => {
  it('leaves out the current user and the people they follow', () => {
    expect(suggestedUsers(users, 'guestuser', me).map((u) => u.username)).toEqual(['janedoe', 'rohit']);
  });
});

describe('people helpers', () => {
  it('joins first and last name', () => {
    expect(fullName({ firstName: 'Jane', lastName: 'Doe' })).toBe('Jane Doe');
  });
  it('tells whether a user follows someone', () => {
    expect(isFollowing(me, 'id-adarsh')).toBe(true);
    expect(isFollowing(me, 'id-rohit')).toBe(false);
    expect(isFollowing(null, 'id-rohit')).toBe(false);
  });
});
