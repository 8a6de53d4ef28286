/**
 * Passwords: Node's scrypt (memory-hard: N = 2^15, r = 8, p = 1 uses 32 MiB per hash), salted. A
 * hash reads `scrypt$<N>$<r>$<p>$<salt>$<hash>` (base64), so the cost can be raised later and old
 * hashes still verify.
 */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const SCHEME = 'scrypt';
const KEY_BYTES = 32;
export const SCRYPT_COST = { N: 2 ** 15, r: 8, p: 1 } as const;

/** scrypt's parameters: N (CPU and memory), r (block size), p (parallelism). */
export interface PasswordCost {
  N: number;
  r: number;
  p: number;
}

/** The cost as one text, to key what is made per cost. */
export const costKey = ({ N, r, p }: PasswordCost) => `scrypt N=${N} r=${r} p=${p}`;

function derive(password: string, salt: Buffer, cost: PasswordCost): Promise<Buffer> {
  const options: ScryptOptions = { ...cost, maxmem: 256 * cost.N * cost.r };
  return new Promise((resolve, reject) => {
    scrypt(password, salt, KEY_BYTES, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

export async function hashPassword(password: string, cost: PasswordCost = SCRYPT_COST): Promise<string> {
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

/** What the routes hash and check passwords with: one cost for every new hash, and its dummy. */
export interface Passwords {
  hash(password: string): Promise<string>;
  verify(password: string, stored: string): Promise<boolean>;
  /**
   * A hash of nothing anyone knows, made once, at the cost of every new hash: a log-in with an
   * unknown name checks against it, so that it takes as long as a wrong password.
   */
  dummy(): Promise<string>;
}

/**
 * The server's passwords at `cost`. Only the server's own tests pass a lower cost (ServerConfig's
 * `passwordCost`, which no environment variable sets): a hash is most of a sign-up's or log-in's
 * CPU, and most tests are not about passwords.
 */
export function passwordsAt(cost: PasswordCost = SCRYPT_COST): Passwords {
  let dummy: Promise<string> | undefined;
  return {
    hash: (password) => hashPassword(password, cost),
    verify: verifyPassword,
    dummy: () => (dummy ??= hashPassword(randomBytes(16).toString('hex'), cost)),
  };
}
