/**
 * The compact form (`?view=compact`) and the read calls beyond spec 7, against a base URL and a
 * `fetch` only: the same suite runs on Mirage, the server on PGlite and the server on PostgreSQL.
 */
import { GUEST_CREDENTIALS, type CompactPost, type PersonCard, type Profile } from '@chirp/contracts';
import { beforeEach, describe, expect, it } from 'vitest';
import { DECIDED_ERRORS, LIMITS, TIMESTAMP_PATTERN } from '@chirp/api-rules';
import { contractClient, UUID_PATTERN, type Answer, type ContractContext } from './contract-client';
import { expectRefusal } from './spec-form-tools';

const GUEST = GUEST_CREDENTIALS.username;
const PRIYA = 'priya.nair';
const SUMMARY_KEYS = ['_id', 'firstName', 'lastName', 'profilePic', 'username'];
const POST_KEYS = [
  '_id', 'author', 'bookmarkedByMe', 'content', 'createdAt', 'dislikedByMe', 'likeCount', 'likedByMe', 'mentions', 'replyCount',
  'repostCount', 'repostedByMe', 'updatedAt', 'username',
];
/** Keys a compact post has only sometimes: an image, what a reply replies to, what a quote quotes, who reposted it into Following. */
const OPTIONAL_POST_KEYS = new Set(['image', 'imageAlt', 'images', 'replyTo', 'replyingTo', 'quoteOf', 'quote', 'repostedBy']);
const PERSON_KEYS = [...SUMMARY_KEYS, 'followedByMe'].sort();
const PROFILE_KEYS = [...PERSON_KEYS, 'bio', 'createdAt', 'followerCount', 'followingCount', 'postCount', 'title', 'updatedAt', 'website'].sort();

export function expectCompactPost(post: CompactPost) {
  expect(Object.keys(post).filter((key) => !OPTIONAL_POST_KEYS.has(key)).sort()).toEqual(POST_KEYS);
  expect(post._id).toMatch(UUID_PATTERN);
  expect(Object.keys(post.author).sort()).toEqual(SUMMARY_KEYS);
  expect(post.author.username).toBe(post.username);
  expect(post.author.profilePic.length).toBeLessThanOrEqual(LIMITS.maxInlinePicture);
  expect(post.createdAt).toMatch(TIMESTAMP_PATTERN);
}

function expectPerson(person: PersonCard) {
  expect(Object.keys(person).sort()).toEqual(PERSON_KEYS);
  expect(person.profilePic.length).toBeLessThanOrEqual(LIMITS.maxInlinePicture);
}

function expectProfile(profile: Profile) {
  expect(Object.keys(profile).sort()).toEqual(PROFILE_KEYS);
  expect(profile.profilePic.length).toBeLessThanOrEqual(LIMITS.maxInlinePicture);
}

export { expectRefusal };

const size = (answer: Answer) => JSON.stringify(answer.body).length;

/** A `data:` PNG address of about `bytes` decoded bytes (the back ends check the prefix and the size). */
export function dataImage(bytes: number): string {
  const chunk = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
  const payload = 'A'.repeat(Math.ceil((bytes * 4) / 3 / 4) * 4);
  return `data:image/png;base64,${payload.length > chunk.length ? payload : chunk}`;
}

export function defineCompactSuite(getContext: () => ContractContext): void {
  const api = contractClient(getContext);
  const { call } = api;

  beforeEach(async () => {
    await getContext().reset();
  });

  /** Every page of a compact list, following the cursors. */
  async function allPages(path: string, token?: string, key: 'posts' | 'users' = 'posts') {
    const items: { _id: string }[] = [];
    let cursor: string | null = null;
    for (let pages = 0; pages < 50; pages += 1) {
      const separator = path.includes('?') ? '&' : '?';
      const answer: Answer = await call('GET', `${path}${separator}limit=5${cursor ? `&cursor=${cursor}` : ''}`, { token });
      expect(answer.status).toBe(200);
      items.push(...answer.body[key]);
      cursor = answer.body.nextCursor;
      if (cursor === null) return items;
    }
    throw new Error(`${path} never ended`);
  }

  describe('compact post lists', () => {
    it('answers a page of compact posts, newest first, and pages through the same posts as the full list', async () => {
      const full = await api.posts();
      const first = await call('GET', '/posts?view=compact');
      expect(first.status).toBe(200);
      expect(first.body.posts).toHaveLength(16);
      expect(first.body.nextCursor).toBeNull();
      first.body.posts.forEach(expectCompactPost);
      expect(first.body.posts.map((post: CompactPost) => post._id)).toEqual(full.map((post) => post._id));
      const paged = await allPages('/posts?view=compact');
      expect(paged.map((post) => post._id)).toEqual(full.map((post) => post._id));
      const first5 = await call('GET', '/posts?view=compact&limit=5');
      expect(first5.body.posts).toHaveLength(5);
      expect(first5.body.nextCursor).toEqual(expect.any(String));
    });

    it('carries counts and the caller’s own reactions, never the lists of likers', async () => {
      const { token, user } = await api.loginGuest();
      const [post] = await api.postsOf(PRIYA);
      await call('POST', `/posts/like/${post!._id}`, { token });
      await call('POST', `/users/bookmark/${post!._id}`, { token });
      const anonymous = (await call('GET', `/posts/${post!._id}?view=compact`)).body.post as CompactPost;
      expect(anonymous).toMatchObject({ likeCount: post!.likes.likeCount + 1, likedByMe: false, bookmarkedByMe: false });
      const mine = (await call('GET', `/posts/${post!._id}?view=compact`, { token })).body.post as CompactPost;
      expectCompactPost(mine);
      expect(mine).toMatchObject({ likeCount: post!.likes.likeCount + 1, likedByMe: true, dislikedByMe: false, bookmarkedByMe: true });
      expect(JSON.stringify(mine)).not.toContain(user._id);
      const trending = await call('GET', '/posts?view=compact&sort=trending&limit=3', { token });
      const counts = trending.body.posts.map((entry: CompactPost) => entry.likeCount);
      expect(counts).toEqual([...counts].sort((a, b) => b - a));
    });

    it('pages one author’s posts and refuses an unknown author', async () => {
      const posts = (await call('GET', `/posts/user/${PRIYA}?view=compact`)).body.posts as CompactPost[];
      expect(posts).toHaveLength(2);
      expect(posts.every((post) => post.username === PRIYA)).toBe(true);
      expect((await call('GET', '/posts/user/nobody-here?view=compact')).status).toBe(404);
    });

    it('refuses a view it does not know, a bad limit and a cursor it did not make', async () => {
      expectRefusal(await call('GET', '/posts?view=tiny'), 400, DECIDED_ERRORS.badView);
      expectRefusal(await call('GET', '/posts?view=compact&limit=101'), 400, DECIDED_ERRORS.badLimit);
      expect((await call('GET', '/posts?view=compact&cursor=bm90LWEtY3Vyc29y')).status).toBe(400);
    });
  });

  describe('compact changes answer only what changed', () => {
    it('like and dislike answer the post, small', async () => {
      const { token } = await api.loginGuest();
      const [post] = await api.postsOf(PRIYA);
      const liked = await call('POST', `/posts/like/${post!._id}?view=compact`, { token });
      expect(liked.status).toBe(201);
      expect(Object.keys(liked.body)).toEqual(['post']);
      expectCompactPost(liked.body.post);
      expect(liked.body.post).toMatchObject({ _id: post!._id, likeCount: post!.likes.likeCount + 1, likedByMe: true });
      expect(size(liked)).toBeLessThan(2048);
      const disliked = await call('POST', `/posts/dislike/${post!._id}?view=compact`, { token });
      expect(disliked.body.post).toMatchObject({ likeCount: post!.likes.likeCount, likedByMe: false, dislikedByMe: true });
    });

    it('a refused compact change is refused as in the full form', async () => {
      const { token } = await api.loginGuest();
      const [post] = await api.postsOf(PRIYA);
      await call('POST', `/posts/like/${post!._id}?view=compact`, { token });
      const again = await call('POST', `/posts/like/${post!._id}?view=compact`, { token });
      expect(again.status).toBe(400);
      expect((await call('POST', `/posts/like/${post!._id}?view=compact`)).status).toBe(401);
    });

    it('create, edit and delete answer the post, then its id', async () => {
      const { token } = await api.loginGuest();
      const created = await call('POST', '/posts?view=compact', { token, body: { postData: { content: 'Compact hello' } } });
      expect(created.status).toBe(201);
      expectCompactPost(created.body.post);
      expect(created.body.post).toMatchObject({ content: 'Compact hello', username: GUEST, likeCount: 0, likedByMe: false });
      const id = created.body.post._id as string;
      const edited = await call('POST', `/posts/edit/${id}?view=compact`, { token, body: { postData: { content: 'Edited' } } });
      expect(edited.body.post).toMatchObject({ _id: id, content: 'Edited' });
      const deleted = await call('DELETE', `/posts/${id}?view=compact`, { token });
      expect(deleted).toMatchObject({ status: 201, body: { postId: id } });
      expect((await call('GET', `/posts/${id}?view=compact`)).status).toBe(404);
    });

    it('an image keeps its description: shown in the compact form, replaced by an edit, dropped with the image, never in the spec form', async () => {
      const { token } = await api.loginGuest();
      const postData = (fields: Record<string, unknown>) => ({ token, body: { postData: { content: 'Harbour', ...fields } } });
      const created = await call('POST', '/posts?view=compact', postData({ image: '/images/sourdough.svg', imageAlt: '  Fishing boats at dawn  ' }));
      expect(created.status).toBe(201);
      expectCompactPost(created.body.post);
      expect(created.body.post.imageAlt).toBe('Fishing boats at dawn');
      const id = created.body.post._id as string;
      expect((await call('GET', `/posts/${id}?view=compact`)).body.post.imageAlt).toBe('Fishing boats at dawn');
      // The spec's form keeps its shape.
      expect((await call('GET', `/posts/${id}`)).body.post).not.toHaveProperty('imageAlt');

      const edited = await call('POST', `/posts/edit/${id}?view=compact`, postData({ image: '/images/sourdough.svg', imageAlt: 'Three boats' }));
      expect(edited.body.post.imageAlt).toBe('Three boats');
      const withoutImage = await call('POST', `/posts/edit/${id}?view=compact`, postData({ imageAlt: 'No image to describe' }));
      expect(withoutImage.body.post).not.toHaveProperty('imageAlt');
      expect(withoutImage.body.post).not.toHaveProperty('image');

      expectRefusal(
        await call('POST', '/posts?view=compact', postData({ image: '/images/sourdough.svg', imageAlt: 'x'.repeat(LIMITS.maxImageAlt + 1) })),
        400,
        DECIDED_ERRORS.imageAltTooLong,
      );
      expectRefusal(await call('POST', '/posts?view=compact', postData({ image: '/images/sourdough.svg', imageAlt: 5 })), 400, DECIDED_ERRORS.notText('imageAlt'));
    });

    it('bookmark answers the post id and its state; the bookmarked list pages them', async () => {
      const { token } = await api.loginGuest();
      const [post] = await api.postsOf(PRIYA);
      const added = await call('POST', `/users/bookmark/${post!._id}?view=compact`, { token });
      expect(added.body).toEqual({ postId: post!._id, bookmarkedByMe: true });
      const list = (await call('GET', '/posts/bookmarked', { token })).body;
      expect(list.posts.map((entry: CompactPost) => entry._id)).toContain(post!._id);
      list.posts.forEach(expectCompactPost);
      expect(list.posts.every((entry: CompactPost) => entry.bookmarkedByMe)).toBe(true);
      const removed = await call('POST', `/users/remove-bookmark/${post!._id}?view=compact`, { token });
      expect(removed.body).toEqual({ postId: post!._id, bookmarkedByMe: false });
      const after = (await call('GET', '/posts/bookmarked', { token })).body.posts as CompactPost[];
      expect(after.map((entry) => entry._id)).not.toContain(post!._id);
      expect((await call('GET', '/posts/bookmarked')).status).toBe(401);
    });

    it('follow answers both people as profiles, their counts moved', async () => {
      const { token, user } = await api.loginGuest();
      const [stranger] = (await call('GET', '/suggestions', { token })).body.users as PersonCard[];
      const before = (await call('GET', `/users/by-username/${stranger!.username}`)).body.user as Profile;
      const mineBefore = (await call('GET', `/users/by-username/${GUEST}`)).body.user as Profile;
      const followed = await call('POST', `/users/follow/${before._id}?view=compact`, { token });
      expect(followed.status).toBe(201);
      expectProfile(followed.body.user);
      expectProfile(followed.body.followUser);
      expect(followed.body.followUser).toMatchObject({ _id: before._id, followerCount: before.followerCount + 1, followedByMe: true });
      expect(followed.body.user).toMatchObject({ _id: user._id, followingCount: mineBefore.followingCount + 1 });
      expect(size(followed)).toBeLessThan(2048);
      const unfollowed = await call('POST', `/users/unfollow/${before._id}?view=compact`, { token });
      expect(unfollowed.body.followUser).toMatchObject({ followerCount: before.followerCount, followedByMe: false });
    });

    it('log in and profile edits answer a profile', async () => {
      const login = await call('POST', '/auth/login?view=compact', { body: GUEST_CREDENTIALS });
      expect(login.status).toBe(200);
      expectProfile(login.body.foundUser);
      expect(login.body.encodedToken).toEqual(expect.any(String));
      const token = login.body.encodedToken as string;
      const edited = await call('POST', '/users/edit?view=compact', { token, body: { userData: { bio: 'Short' } } });
      expectProfile(edited.body.user);
      expect(edited.body.user.bio).toBe('Short');
    });
  });

  describe('profiles and people', () => {
    it('finds a profile by username with its counts', async () => {
      const full = await api.userNamed(PRIYA);
      const answer = await call('GET', `/users/by-username/${PRIYA}`);
      expect(answer.status).toBe(200);
      expectProfile(answer.body.user);
      expect(answer.body.user).toMatchObject({
        _id: full._id,
        postCount: 2,
        followerCount: full.followers.length,
        followingCount: full.following.length,
        followedByMe: false,
      });
      expect((await call('GET', '/users/by-username/nobody-here')).status).toBe(404);
      const byId = await call('GET', `/users/${full._id}?view=compact`);
      expect(byId.body.user).toEqual(answer.body.user);
    });

    it('pages followers and following', async () => {
      const full = await api.userNamed(PRIYA);
      const followers = await allPages(`/users/${full._id}/followers`, undefined, 'users');
      expect(followers.map((person) => person._id).sort()).toEqual(full.followers.map((person) => person._id).sort());
      (followers as PersonCard[]).forEach(expectPerson);
      const following = await allPages(`/users/${full._id}/following`, undefined, 'users');
      expect(following.map((person) => person._id).sort()).toEqual(full.following.map((person) => person._id).sort());
      expect((await call('GET', `/users/${full._id}/followers?cursor=garbage`)).status).toBe(400);
    });

    it('searches people by username, first or last name, case-insensitively', async () => {
      const priya = await api.userNamed(PRIYA);
      const byName = (await call('GET', `/search/users?q=${encodeURIComponent(priya.firstName.toUpperCase())}`)).body.users as PersonCard[];
      expect(byName.map((person) => person.username)).toContain(PRIYA);
      byName.forEach(expectPerson);
      const byLast = (await call('GET', `/search/users?q=${encodeURIComponent(priya.lastName.toLowerCase())}`)).body.users as PersonCard[];
      expect(byLast.map((person) => person.username)).toContain(PRIYA);
      expect((await call('GET', '/search/users?q=zzzz-nobody')).body).toEqual({ users: [], nextCursor: null });
      expectRefusal(await call('GET', '/search/users?q=%20'), 400, DECIDED_ERRORS.noSearchText);
      const everyone = await allPages('/search/users?q=a', undefined, 'users');
      expect(new Set(everyone.map((person) => person._id)).size).toBe(everyone.length);
    });

    it('suggests people the caller does not follow, never the caller', async () => {
      const { token, user } = await api.loginGuest();
      const suggested = await allPages('/suggestions', token, 'users');
      const ids = suggested.map((person) => person._id);
      expect(ids).not.toContain(user._id);
      for (const followed of user.following) expect(ids).not.toContain(followed._id);
      const all = await api.users();
      expect(ids.length).toBe(all.length - 1 - user.following.length);
      expect((await call('GET', '/suggestions')).status).toBe(401);
    });

    it('lists the people who like a post, by username, a page at a time; a post that is not there is not found', async () => {
      const guest = await api.loginGuest();
      const marcus = await api.loginSeedUser('marcus_bell');
      const [post] = await api.postsOf(PRIYA);
      const likersPath = `/posts/${post!._id}/likers`;
      const before = (await allPages(likersPath, undefined, 'users')) as PersonCard[];
      for (const { token } of [guest, marcus]) expect((await call('POST', `/posts/like/${post!._id}`, { token })).status).toBe(201);
      const likers = (await allPages(likersPath, guest.token, 'users')) as PersonCard[];
      const expected = [...new Set([...before.map((person) => person.username), GUEST, 'marcus_bell'])].sort();
      expect(likers.map((person) => person.username)).toEqual(expected);
      likers.forEach(expectPerson);
      // Taking the like back takes the person off the list.
      await call('POST', `/posts/dislike/${post!._id}`, { token: marcus.token });
      expect(((await allPages(likersPath, undefined, 'users')) as PersonCard[]).map((person) => person.username)).not.toContain('marcus_bell');
      expectRefusal(await call('GET', '/posts/00000000-0000-4000-8000-000000000000/likers'), 404, DECIDED_ERRORS.postNotFound);
      expect((await call('GET', `${likersPath}?cursor=garbage`)).status).toBe(400);
    });

    it('lists the posts a user likes', async () => {
      const { token } = await api.loginGuest();
      const [post] = await api.postsOf(PRIYA);
      await call('POST', `/posts/like/${post!._id}`, { token });
      const liked = (await call('GET', `/posts/user/${GUEST}/liked`, { token })).body.posts as CompactPost[];
      expect(liked.map((entry) => entry._id)).toContain(post!._id);
      expect(liked.every((entry) => entry.likedByMe)).toBe(true);
      expect((await call('GET', '/posts/user/nobody-here/liked')).status).toBe(404);
    });
  });

  describe('searching posts', () => {
    async function postAs(token: string, content: string): Promise<string> {
      const created = await call('POST', '/posts?view=compact', { token, body: { postData: { content } } });
      expect(created.status).toBe(201);
      return created.body.post._id as string;
    }
    const ids = (answer: Answer) => (answer.body.posts as CompactPost[]).map((post) => post._id);

    it('finds posts with every word in any case, newest first, tags as words too', async () => {
      const { token } = await api.loginGuest();
      const tagged = await postAs(token, 'Baking a #zanzibarloaf today');
      const plain = await postAs(token, 'Another ZanzibarLoaf, fresh from the oven');
      await postAs(token, 'bigzanzibarloaf is a different word');
      const found = await call('GET', '/search/posts?q=zanzibarloaf', { token });
      expect(found.status).toBe(200);
      expect(ids(found)).toEqual([plain, tagged]);
      for (const post of found.body.posts as CompactPost[]) expectCompactPost(post);
      expect(found.body.nextCursor).toBeNull();
      expect(ids(await call('GET', `/search/posts?q=${encodeURIComponent('FRESH zanzibarloaf')}`))).toEqual([plain]);
      expect(ids(await call('GET', '/search/posts?q=zanzibarloaf&view=compact&limit=1'))).toEqual([plain]);
    });

    it('finds a #tag only where it stands as a tag', async () => {
      const { token } = await api.loginGuest();
      const tagged = await postAs(token, 'Crumb shot #zanzibarloaf');
      await postAs(token, 'Plain zanzibarloaf, no tag');
      expect(ids(await call('GET', `/search/posts?q=${encodeURIComponent('#zanzibarloaf')}`))).toEqual([tagged]);
    });

    it('pages a long result through its cursors, each post once', async () => {
      const { token } = await api.loginGuest();
      const made: string[] = [];
      for (let index = 0; index < 7; index += 1) made.push(await postAs(token, `Zanzibarloaf number ${index}`));
      const paged = await allPages('/search/posts?q=zanzibarloaf');
      expect(paged.map((post) => post._id)).toEqual([...made].reverse());
    });

    it('answers an empty page when nothing matches, and refuses an empty or overlong search', async () => {
      expect((await call('GET', '/search/posts?q=qqqzzznothing')).body).toEqual({ posts: [], nextCursor: null });
      expectRefusal(await call('GET', '/search/posts?q=%20%20'), 400, DECIDED_ERRORS.noSearchText);
      expectRefusal(await call('GET', '/search/posts'), 400, DECIDED_ERRORS.noSearchText);
      expectRefusal(await call('GET', `/search/posts?q=${'a'.repeat(LIMITS.maxSearchText + 1)}`), 400, DECIDED_ERRORS.searchTextTooLong);
    });
  });

  describe('bounded pictures', () => {
    it('refuses a profile picture over 256 KB and a post image over 1 MB', async () => {
      const { token } = await api.loginGuest();
      expectRefusal(
        await call('POST', '/users/edit', { token, body: { userData: { profilePic: dataImage(LIMITS.maxProfilePictureBytes + 1024) } } }),
        400,
        DECIDED_ERRORS.profilePictureTooLarge,
      );
      expect((await call('POST', '/users/edit', { token, body: { userData: { profilePic: dataImage(201 * 1024) } } })).status).toBe(201);
      expectRefusal(
        await call('POST', '/posts', { token, body: { postData: { content: 'big', image: dataImage(LIMITS.maxPostImageBytes + 1024) } } }),
        400,
        DECIDED_ERRORS.postImageTooLarge,
      );
    });
  });
}
