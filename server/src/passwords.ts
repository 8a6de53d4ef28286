/**
 * Passwords: Node's scrypt (memory-hard: N = 2^15, r = 8, p = 1 uses 32 MiB per hash), salted. A
 * hash reads `scrypt$<N>$<r>$<p>$<salt>$<hash>` (base64), so the cost can be raised later and old
 * hashes still verify.
 */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const SCHEME = 'scrypt';
const KEY_BYTES = 32;
export const SCRYPT_COST = { N: 2 ** 15, r: 8, p: 1 } as const;

function derive(password: string, salt: Buffer, cost: { N: number; r: number; p: number }): Promise<Buffer> {
  const options: ScryptOptions = { ...cost, maxmem: 256 * cost.N * cost.r };
  return new Promise((resolve, reject) => {
    scrypt(password, salt, KEY_BYTES, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

export async function hashPassword(password: string, cost = SCRYPT_COST): Promise<string> {
  const salt = randomBytes(16);
  const hash = await derive(password, salt, cost);
  return [SCHEME, cost.N, cost.r, cost.p, salt.toString('base64'), hash.toString('base64')].join('$');
}

/** False for a wrong password and for a stored value that is not one of our hashes. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, saltText, hashText] = stored.split('$');
  const cost = { N: Number(n), r: Number(r), p: Number(p) };
  if (scheme !== SCHEME || !saltText || !hashText || !Object.values(cost).every((value) => Number.isInteger(value) && value > 0)) {
    return false;
  }
  try {
    const expected = Buffer.from(hashText, 'base64');
    const actual = await derive(password, Buffer.from(saltText, 'base64'), cost);
    return expected.length === actual.length && timingSafeEqual(expected, actual);
  } catch {
    return false;
  }
}
