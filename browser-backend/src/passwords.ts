/**
 * Salted PBKDF2-SHA-256 with Web Crypto. A hash reads `pbkdf2-sha256$<iterations>$<salt>$<hash>`
 * (base64), so the iteration count can be raised later and old hashes still verify.
 */
import { PASSWORD_HASH_ITERATIONS } from '@chirp/api-rules';

const SCHEME = 'pbkdf2-sha256';
const HASH_BITS = 256;

const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (char) => char.charCodeAt(0));

async function derive(password: string, salt: Uint8Array<ArrayBuffer>, iterations: number): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(password), 'PBKDF2', false, ['deriveBits']);
  const bits = await crypto.subtle.deriveBits({ name: 'PBKDF2', hash: 'SHA-256', salt, iterations }, key, HASH_BITS);
  return new Uint8Array(bits);
}

export async function hashPassword(password: string, iterations = PASSWORD_HASH_ITERATIONS): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const hash = await derive(password, salt, iterations);
  return [SCHEME, iterations, toBase64(salt), toBase64(hash)].join('$');
}

/** False for a wrong password and for a stored value that is not one of our hashes. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, iterationText, saltText, hashText] = stored.split('$');
  const iterations = Number(iterationText);
  if (scheme !== SCHEME || !Number.isInteger(iterations) || iterations < 1 || !saltText || !hashText) return false;
  try {
    const expected = fromBase64(hashText);
    const actual = await derive(password, fromBase64(saltText), iterations);
    // Compares every byte whatever the first difference, as a server should.
    let difference = expected.length ^ actual.length;
    actual.forEach((byte, index) => {
      difference |= byte ^ (expected[index] ?? 0);
    });
    return difference === 0;
  } catch {
    return false;
  }
}
