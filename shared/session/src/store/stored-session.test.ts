import { beforeEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@chirp/contracts';
import { readClaims, readStoredSession } from './stored-session';

const NOW = Date.UTC(2026, 10, 24);
const part = (value: unknown) => btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const jwt = (claims: unknown) => `${part({ alg: 'HS256' })}.${part(claims)}.c2ln`;
const later = NOW / 1000 + 3600;

beforeEach(() => localStorage.clear());

describe('a stored session', () => {
  it('keeps a JWT naming a user, unexpired, stored with that user’s name', () => {
    localStorage.setItem(STORAGE_KEYS.token, jwt({ _id: 'u1', username: 'ann', exp: later }));
    localStorage.setItem(STORAGE_KEYS.username, 'ann');
    expect(readStoredSession(NOW)).toMatchObject({ username: 'ann', claims: { _id: 'u1', username: 'ann' }, discarded: false });
  });

  it.each([
    ['garbled', { token: 'garbage', username: 'ann' }],
    ['not JSON inside', { token: 'a.b.c', username: 'ann' }],
    ['expired', { token: jwt({ _id: 'u1', username: 'ann', exp: NOW / 1000 - 1 }), username: 'ann' }],
    ['without a user', { token: jwt({ sub: 'x', exp: later }), username: 'ann' }],
    ['without its username key', { token: jwt({ _id: 'u1', username: 'ann', exp: later }) }],
    ['for another name', { token: jwt({ _id: 'u1', username: 'ann', exp: later }), username: 'bob' }],
    ['a name without a token', { username: 'ann' }],
  ])('drops one that is %s, clearing the session’s keys (the theme stays)', (_name, stored: Record<string, string>) => {
    for (const [key, value] of Object.entries(stored)) localStorage.setItem(key, value);
    localStorage.setItem(STORAGE_KEYS.theme, 'light');
    expect(readStoredSession(NOW)).toEqual({ token: null, username: null, claims: null, discarded: true });
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.username)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.theme)).toBe('light');
  });

  it('is no session, and nothing to say, when nothing is stored', () => {
    expect(readStoredSession(NOW)).toEqual({ token: null, username: null, claims: null, discarded: false });
  });

  it('reads the claims of a token, or null', () => {
    expect(readClaims(jwt({ _id: 'u1', username: 'ann' }), NOW)).toEqual({ _id: 'u1', username: 'ann', exp: undefined });
    expect(readClaims(jwt({ _id: 'u1', username: 'ann', exp: 'soon' }), NOW)).toBeNull();
    expect(readClaims(jwt([1, 2]), NOW)).toBeNull();
    expect(readClaims('x.y', NOW)).toBeNull();
  });
});
