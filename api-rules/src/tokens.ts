/**
 * Tokens are HS256 JWTs carrying `_id` and `username` (spec 9: the token carries the user id and
 * username). The key belongs to the data set, so fresh seeds make every earlier token invalid.
 */
import { SignJWT, decodeJwt, jwtVerify } from 'jose';
import { TOKEN_LIFETIME } from './decisions';

export interface TokenClaims {
  _id: string;
  username: string;
}

const keyBytes = (secret: string) => new TextEncoder().encode(secret);

/** 32 random bytes, hex-encoded: a new data set's token key. */
export function newTokenSecret(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(32)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export function issueToken(secret: string, claims: TokenClaims): Promise<string> {
  return new SignJWT({ _id: claims._id, username: claims.username })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt()
    .setExpirationTime(TOKEN_LIFETIME)
    .sign(keyBytes(secret));
}

/**
 * The claims of an `authorization` header holding a token, raw (as the client sends it) or as
 * `Bearer <token>`; null for no token, a malformed or expired one, or a bad signature.
 */
export async function readToken(secret: string, header: string | null | undefined): Promise<TokenClaims | null> {
  const token = header?.trim().replace(/^Bearer\s+/i, '');
  if (!token) return null;
  try {
    const { payload } = await jwtVerify(token, keyBytes(secret), { algorithms: ['HS256'] });
    const { _id, username } = payload;
    return typeof _id === 'string' && typeof username === 'string' ? { _id, username } : null;
  } catch {
    return null;
  }
}

/** When a token read by `readToken` stops being valid (ms since the epoch); null when it does not say. */
export function tokenExpiry(header: string): number | null {
  try {
    const { exp } = decodeJwt(header.trim().replace(/^Bearer\s+/i, ''));
    return typeof exp === 'number' ? exp * 1000 : null;
  } catch {
    return null;
  }
}
