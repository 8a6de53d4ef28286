// @vitest-environment happy-dom
import { GUEST_CREDENTIALS, PRESET_AVATARS, DEFAULT_AVATAR } from '@chirp/contracts';
import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from '../passwords';
import { isStoredPost, isStoredUser, PASSWORD_HASH_ITERATIONS, TIMESTAMP_PATTERN } from '@chirp/api-rules';
import { createSeedDatabase, SEED_HASH_ITERATIONS, SEED_PASSWORD } from '../seeds';
import { UUID_PATTERN } from '@chirp/contract-tests';

/** The pictures the shell ships (shell/public), by URL path, with their contents. */
const shipped = Object.fromEntries(
  Object.entries(import.meta.glob<string>('../../../shell/public/**/*.{svg,png,jpg,webp}', { query: '?raw', import: 'default', eager: true })).map(
    ([file, contents]) => [file.replace('../../../shell/public', ''), contents],
  ),
);

describe('the seed data', () => {
  it('is 8 users and 16 posts of valid shapes, with random UUIDs', async () => {
    const db = await createSeedDatabase();
    expect(db.users).toHaveLength(8);
    expect(db.posts).toHaveLength(16);
    expect(db.users.every(isStoredUser) && db.posts.every(isStoredPost)).toBe(true);
    const ids = [...db.users, ...db.posts].map((entity) => entity._id);
    expect(ids.every((id) => UUID_PATTERN.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(24);
    const again = await createSeedDatabase();
    expect(again.users[0]!._id).not.toBe(db.users[0]!._id);
    expect(again.tokenSecret).not.toBe(db.tokenSecret);
  });

  it('has the guest account with the fixed credentials, and the shared seed password for the others', async () => {
    const db = await createSeedDatabase();
    const guest = db.users.find((user) => user.username === GUEST_CREDENTIALS.username)!;
    expect(await verifyPassword(GUEST_CREDENTIALS.password, guest.passwordHash)).toBe(true);
    const other = db.users.find((user) => user !== guest)!;
    expect(await verifyPassword(SEED_PASSWORD, other.passwordHash)).toBe(true);
  });

  it('hashes the published demo passwords with few iterations, and what a person chooses with the full count', async () => {
    const db = await createSeedDatabase();
    expect(db.users.every((user) => user.passwordHash.startsWith(`pbkdf2-sha256$${SEED_HASH_ITERATIONS}$`))).toBe(true);
    expect(await hashPassword('a password of my own')).toMatch(new RegExp(`^pbkdf2-sha256\\$${PASSWORD_HASH_ITERATIONS}\\$`));
  });

  it('uses timestamps of the spec form, and like counts from 39 to 9432', async () => {
    const db = await createSeedDatabase();
    const stamps = [...db.users, ...db.posts].flatMap((entity) => [entity.createdAt, entity.updatedAt]);
    expect(stamps.every((stamp) => TIMESTAMP_PATTERN.test(stamp))).toBe(true);
    const counts = db.posts.map((post) => post.likes.likeCount);
    expect([Math.min(...counts), Math.max(...counts)]).toEqual([39, 9432]);
  });

  it('keeps follow lists symmetric and points only at existing users and posts', async () => {
    const db = await createSeedDatabase();
    const userIds = new Set(db.users.map((user) => user._id));
    const postIds = new Set(db.posts.map((post) => post._id));
    for (const user of db.users) {
      for (const id of user.following) expect(db.users.find((other) => other._id === id)!.followers).toContain(user._id);
      for (const id of user.followers) expect(db.users.find((other) => other._id === id)!.following).toContain(user._id);
      expect(user.bookmarks.every((id) => postIds.has(id))).toBe(true);
    }
    expect(db.posts.every((post) => post.likes.likedBy.every((id) => userIds.has(id)))).toBe(true);
  });

  it('has a picture for every user and uses the preset avatars, websites both URLs and plain text', async () => {
    const db = await createSeedDatabase();
    const pictures = db.users.map((user) => user.profilePic);
    expect(pictures).toEqual(expect.arrayContaining([...PRESET_AVATARS, DEFAULT_AVATAR]));
    expect(db.users.filter((user) => /^https?:\/\//.test(user.website)).length).toBeGreaterThan(4);
    expect(db.users.filter((user) => !/^https?:\/\//.test(user.website))).toHaveLength(1);
    expect(db.users.some((user) => user.website.startsWith('http://'))).toBe(true);
  });

  it('refers only to small pictures the shell ships', async () => {
    const db = await createSeedDatabase();
    const files = [
      ...new Set([...db.users.map((user) => user.profilePic), ...db.posts.flatMap((post) => (post.image ? [post.image] : [])), ...PRESET_AVATARS, DEFAULT_AVATAR]),
    ];
    expect(db.posts.filter((post) => post.image).length).toBeGreaterThanOrEqual(3);
    for (const file of files) {
      expect(shipped[file], file).toBeDefined();
      expect(new Blob([shipped[file]]).size, file).toBeLessThan(2048);
    }
  });
});
