// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import type { StoredPost } from '../database';
import { DECIDED_ERRORS, LIMITS, SPEC_ERRORS } from '../decisions';
import { orderPosts, pagePosts } from '../paging';
import { formatTimestamp, TIMESTAMP_PATTERN } from '../timestamps';
import {
  characterCount,
  isAcceptedImage,
  isAcceptedWebsite,
  readCredentials,
  readJsonObject,
  readPageRequest,
  readPostData,
  readProfileEdit,
  readSignup,
} from '../validation';
import { refusalOf } from './refusal-of';

describe('reading bodies', () => {
  it('reads no body as {} and refuses malformed JSON or a non-object', () => {
    expect(readJsonObject(null)).toEqual({});
    expect(readJsonObject('  ')).toEqual({});
    expect(refusalOf(() => readJsonObject('{'))).toEqual({ status: 400, message: DECIDED_ERRORS.malformedJson });
    for (const text of ['null', '[]', '1', '"x"']) expect(refusalOf(() => readJsonObject(text)).message).toBe(DECIDED_ERRORS.bodyNotObject);
  });

  it('reads sign-up fields trimmed, with the defaults of spec 3', () => {
    expect(readSignup({ username: ' amy ', password: ' spaced pw ', firstName: 'A', lastName: 'B' })).toEqual({
      username: 'amy',
      password: ' spaced pw ',
      firstName: 'A',
      lastName: 'B',
      profilePic: '/avatars/default.svg',
      title: 'Add title',
      bio: 'Add bio',
      website: 'Add website',
      extras: {},
    });
  });

  it('checks sign-up in the order of spec 5: empty fields before the password length', () => {
    expect(refusalOf(() => readSignup({ username: '', password: 'short' })).message).toBe(SPEC_ERRORS.emptySignupField);
    expect(refusalOf(() => readSignup({ username: 'a', password: 'short', firstName: 'A', lastName: 'B' })).message).toBe(
      SPEC_ERRORS.passwordTooShort,
    );
  });

  it('reads credentials, refusing empty ones', () => {
    expect(readCredentials({ username: ' amy ', password: 'pw' })).toEqual({ username: 'amy', password: 'pw' });
    expect(refusalOf(() => readCredentials({ username: 'amy', password: '' })).message).toBe(SPEC_ERRORS.emptyCredentials);
  });

  it('reads a profile edit, keeping absent fields absent', () => {
    expect(readProfileEdit({ userData: { bio: ' hi ' } })).toEqual({
      bio: 'hi',
      profilePic: undefined,
      title: undefined,
      website: undefined,
      firstName: undefined,
      lastName: undefined,
      username: undefined,
      others: {},
    });
    expect(readProfileEdit({ userData: { firstName: ' Ada ', password: 'x' } })).toMatchObject({ firstName: 'Ada', others: { password: 'x' } });
    expect(refusalOf(() => readProfileEdit({ userData: [] })).message).toBe(DECIDED_ERRORS.missingObject('userData'));
  });

  it('reads post data: trimmed content, optional image, one of them required', () => {
    expect(readPostData({ postData: { content: ' hi \n' } })).toEqual({ content: 'hi' });
    expect(readPostData({ postData: { image: '/images/a.svg' } })).toEqual({ content: '', image: '/images/a.svg' });
    expect(refusalOf(() => readPostData({ postData: { content: ' ' } })).message).toBe(SPEC_ERRORS.emptyPost);
  });

  it('counts post length in characters, not UTF-16 units', () => {
    expect(characterCount('🐦🐦')).toBe(2);
    expect(readPostData({ postData: { content: '🐦'.repeat(LIMITS.maxPostContent) } }).content).toHaveLength(LIMITS.maxPostContent * 2);
  });
});

describe('images and websites', () => {
  it.each([
    ['https://example.com/a.png', true],
    ['http://example.com/a', true],
    ['data:image/png;base64,AAAA', true],
    ['data:image/svg+xml,%3Csvg%3E', true],
    ['/images/tide-pool.svg', true],
    ['/avatars/avatar-1.svg', true],
    ['/images/../secret.svg', false],
    ['/other/a.svg', false],
    ['//evil.example/a.png', false],
    ['javascript:alert(1)', false],
    ['data:text/html,<script>', false],
    ['ftp://example.com/a.png', false],
    ['https://', false],
    ['', false],
  ])('image %s → %s', (url, accepted) => {
    expect(isAcceptedImage(url)).toBe(accepted);
  });

  it('bounds the length of http(s) addresses', () => {
    expect(isAcceptedImage(`https://example.com/${'a'.repeat(LIMITS.maxHttpUrl)}`)).toBe(false);
  });

  it.each([
    ['https://example.com', true],
    ['Find me at the market', true],
    ['example.com', true],
    ['javascript:alert(1)', false],
    ['JavaScript:alert(1)', false],
    ['mailto:me@example.com', false],
  ])('website %s → %s', (text, accepted) => {
    expect(isAcceptedWebsite(text)).toBe(accepted);
  });
});

describe('timestamps', () => {
  it('formats YYYY-MM-DDTHH:mm:ss±hh:mm in the given offset', () => {
    const instant = new Date('2026-11-02T03:45:00Z');
    expect(formatTimestamp(instant, 330)).toBe('2026-11-02T09:15:00+05:30');
    expect(formatTimestamp(instant, -300)).toBe('2026-11-01T22:45:00-05:00');
    expect(formatTimestamp(instant, 0)).toBe('2026-11-02T03:45:00+00:00');
    expect(formatTimestamp(new Date())).toMatch(TIMESTAMP_PATTERN);
    expect(Date.parse(formatTimestamp(instant, 330))).toBe(instant.getTime());
  });
});

describe('paging', () => {
  const at = (id: string, createdAt: string, likeCount: number): StoredPost => ({
    _id: id,
    content: id,
    username: 'u',
    likes: { likeCount, likedBy: [], dislikedBy: [] },
    createdAt,
    updatedAt: createdAt,
  });
  const posts = [
    at('a', '2026-01-01T10:00:00+00:00', 5),
    at('b', '2026-01-01T12:00:00+02:00', 50), // the same instant as a
    at('c', '2026-01-03T00:00:00+00:00', 1),
    at('d', '2026-01-02T00:00:00+00:00', 50),
  ];

  it('orders latest by instant (whatever the offset), ties by id', () => {
    expect(orderPosts(posts, 'latest').map((post) => post._id)).toEqual(['c', 'd', 'a', 'b']);
  });

  it('orders trending by likes, then newest', () => {
    expect(orderPosts(posts, 'trending').map((post) => post._id)).toEqual(['d', 'b', 'a', 'c']);
  });

  it('walks pages with cursors and ends with null', () => {
    const first = pagePosts(posts, { sort: 'trending', page: { limit: 3 } });
    expect(first.posts.map((post) => post._id)).toEqual(['d', 'b', 'a']);
    const second = pagePosts(posts, { sort: 'trending', page: { limit: 3, cursor: first.nextCursor! } });
    expect(second).toEqual({ posts: [posts[2]], nextCursor: null });
    expect(pagePosts(posts, { sort: 'latest', page: { limit: 4 } }).nextCursor).toBeNull();
  });

  it('refuses a cursor made for the other order, or forged', () => {
    const { nextCursor } = pagePosts(posts, { sort: 'latest', page: { limit: 1 } });
    expect(refusalOf(() => pagePosts(posts, { sort: 'trending', page: { limit: 1, cursor: nextCursor! } })).status).toBe(400);
    const forged = btoa(JSON.stringify({ sort: 'latest', key: ['x', 'y'] }));
    expect(refusalOf(() => pagePosts(posts, { sort: 'latest', page: { limit: 1, cursor: forged } })).message).toBe(DECIDED_ERRORS.badCursor);
  });

  it('reads paging parameters', () => {
    expect(readPageRequest(new URLSearchParams(''))).toEqual({ sort: 'latest' });
    expect(readPageRequest(new URLSearchParams('sort=trending'))).toEqual({ sort: 'trending' });
    expect(readPageRequest(new URLSearchParams('limit=7'))).toEqual({ sort: 'latest', page: { limit: 7, cursor: undefined } });
    expect(readPageRequest(new URLSearchParams('cursor=abc'))).toEqual({ sort: 'latest', page: { limit: LIMITS.defaultPageSize, cursor: 'abc' } });
    for (const query of ['limit=0', 'limit=101', 'limit=1.5', 'limit=1000000', 'limit=%201']) {
      expect(refusalOf(() => readPageRequest(new URLSearchParams(query))).message).toBe(DECIDED_ERRORS.badLimit);
    }
  });
});
