// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { hashPassword, verifyPassword } from '../passwords';
import { issueToken, newTokenSecret, readToken, tokenExpiry } from '@chirp/api-rules';
import { jwtVerify, SignJWT } from 'jose';
import { forgeToken, tokenClaims, unsignedToken } from '@chirp/contract-tests';

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

  it('reads tokens a JWT library signed, and signs tokens it accepts (sessions survive the change)', async () => {
    const secret = newTokenSecret();
    const key = new TextEncoder().encode(secret);
    const signed = await new SignJWT({ ...claims }).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).setIssuedAt().setExpirationTime('7d').sign(key);
    expect(await readToken(secret, signed)).toEqual(claims);
    const { payload, protectedHeader } = await jwtVerify(await issueToken(secret, claims), key, { algorithms: ['HS256'] });
    expect(protectedHeader).toEqual({ alg: 'HS256', typ: 'JWT' });
    expect(payload.exp! - payload.iat!).toBe(7 * 24 * 60 * 60);
    expect(tokenExpiry(`Bearer ${signed}`)).toBe((tokenClaims(signed).exp as number) * 1000);
  });

  it('reads nothing from an expired, not yet valid, other-algorithm or critical-header token', async () => {
    const secret = newTokenSecret();
    const key = new TextEncoder().encode(secret);
    const now = Math.floor(Date.now() / 1000);
    const sign = (header: { alg: string; crit?: string[] }, extra: Record<string, unknown>) =>
      new SignJWT({ ...claims, ...extra }).setProtectedHeader({ ...header, typ: 'JWT' }).sign(key);
    for (const token of [
      await sign({ alg: 'HS256' }, { exp: now - 1 }),
      await sign({ alg: 'HS256' }, { exp: now }),
      await sign({ alg: 'HS256' }, { nbf: now + 60 }),
      await sign({ alg: 'HS256' }, { exp: 'never' }),
      await sign({ alg: 'HS512' }, {}),
      await new SignJWT({ ...claims }).setProtectedHeader({ alg: 'HS256', crit: ['b64'], b64: true }).sign(key),
    ]) {
      expect(await readToken(secret, token)).toBeNull();
    }
  });

  describe('a token read before (its signature is remembered)', () => {
    afterEach(() => vi.useRealTimers());

    it('is still refused once it has expired', async () => {
      const secret = newTokenSecret();
      const token = await issueToken(secret, claims);
      expect(await readToken(secret, token)).toEqual(claims);
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime((tokenClaims(token).exp as number) * 1000);
      expect(await readToken(secret, token)).toBeNull();
      expect(await readToken(secret, `Bearer ${token}`)).toBeNull();
    });

    it('is refused with another key, and a copy with one character changed is refused', async () => {
      const secret = newTokenSecret();
      const token = await issueToken(secret, claims);
      expect(await readToken(secret, token)).toEqual(claims);
      expect(await readToken(newTokenSecret(), token)).toBeNull();
      const last = token.at(-2) === 'A' ? 'B' : 'A';
      expect(await readToken(secret, `${token.slice(0, -2)}${last}${token.at(-1)}`)).toBeNull();
      expect(await readToken(secret, token)).toEqual(claims);
    });
  });

  it('makes a new key each time', () => {
    expect(newTokenSecret()).toMatch(/^[0-9a-f]{64}$/);
    expect(newTokenSecret()).not.toBe(newTokenSecret());
  });
});
