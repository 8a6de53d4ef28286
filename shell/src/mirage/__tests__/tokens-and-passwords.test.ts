// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from '../passwords';
import { issueToken, newTokenSecret, readToken } from '@chirp/api-rules';
import { forgeToken, tokenClaims, unsignedToken } from '@chirp/api-rules/contract';

describe('passwords', () => {
  it('stores a salted PBKDF2 hash, never the password', async () => {
    const [first, second] = [await hashPassword('guest@chirp1', 1000), await hashPassword('guest@chirp1', 1000)];
    expect(first).toMatch(/^pbkdf2-sha256\$1000\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(first).not.toContain('guest@chirp1');
    expect(first).not.toBe(second);
  });

  it('verifies the exact password only', async () => {
    const stored = await hashPassword('Secret pass 1', 1000);
    expect(await verifyPassword('Secret pass 1', stored)).toBe(true);
    expect(await verifyPassword('secret pass 1', stored)).toBe(false);
    expect(await verifyPassword('Secret pass 1 ', stored)).toBe(false);
  });

  it('refuses stored values that are not its hashes', async () => {
    for (const stored of ['', 'plain', 'pbkdf2-sha256$0$AA==$AA==', 'md5$1$a$b', 'pbkdf2-sha256$10$%%%$AA==']) {
      expect(await verifyPassword('x', stored)).toBe(false);
    }
  });
});

describe('tokens', () => {
  const claims = { _id: 'id-1', username: 'amy' };

  it('issues an HS256 JWT carrying _id and username, with an expiry', async () => {
    const secret = newTokenSecret();
    const token = await issueToken(secret, claims);
    expect(JSON.parse(atob(token.split('.')[0]!))).toMatchObject({ alg: 'HS256' });
    expect(tokenClaims(token)).toMatchObject({ ...claims, exp: expect.any(Number), iat: expect.any(Number) });
    expect(await readToken(secret, token)).toEqual(claims);
    expect(await readToken(secret, `Bearer ${token}`)).toEqual(claims);
    expect(await readToken(secret, `  bearer   ${token} `)).toEqual(claims);
  });

  it('reads nothing from a missing, malformed, forged, unsigned or other-key token', async () => {
    const secret = newTokenSecret();
    const otherKey = await issueToken(newTokenSecret(), claims);
    for (const header of [undefined, null, '', 'Bearer ', 'abc', 'a.b.c', await forgeToken(claims), unsignedToken(claims), otherKey]) {
      expect(await readToken(secret, header)).toBeNull();
    }
  });

  it('makes a new key each time', () => {
    expect(newTokenSecret()).toMatch(/^[0-9a-f]{64}$/);
    expect(newTokenSecret()).not.toBe(newTokenSecret());
  });
});
