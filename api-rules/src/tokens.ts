/**
 * Tokens are HS256 JWTs carrying `_id` and `username` (spec 9: the token carries the user id and
 * username). The key belongs to the data set, so fresh seeds make every earlier token invalid.
 *
 * Signed and checked with Web Crypto's HMAC (in browsers and in Node alike) rather than a JWT
 * library: HS256 is all either back end issues or accepts, and the library was 5.5 KiB gzip of the
 * in-browser back end on the way to /home, a large share of the first load's budget. The checks are those the library made:
 * three base64url parts, a header naming HS256 and no `crit`, a valid signature, a JSON object
 * payload, and `exp` / `nbf` / `iat` numbers when present, `exp` in the future and `nbf` past.
 */
import { TOKEN_LIFETIME_SECONDS } from './decisions';

export interface TokenClaims {
  _id: string;
  username: string;
  /**
   * The account's session version when the token was issued (absent: 0). Changing the password or
   * signing out everywhere moves the account's on, and every token issued before stops working.
   */
  sv?: number;
}

const encoder = new TextEncoder();

const keys = new Map<string, Promise<CryptoKey>>();

function hmacKey(secret: string): Promise<CryptoKey> {
  let key = keys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
      'sign',
      'verify',
    ]);
    keys.set(secret, key);
  }
  return key;
}

function toBase64url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** Throws on text that is not base64url. */
function fromBase64url(text: string): Uint8Array<ArrayBuffer> {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) throw new Error('not base64url');
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(binary, (character) => character.charCodeAt(0));
}

const jsonPart = (value: object) => toBase64url(encoder.encode(JSON.stringify(value)));

/** A part's JSON object; throws when it is not one. */
function objectPart(part: string): Record<string, unknown> {
  const value: unknown = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(fromBase64url(part)));
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error('not a JSON object');
  return value as Record<string, unknown>;
}

/** The three parts of a compact JWS; throws on anything else. */
function partsOf(token: string): [string, string, string] {
  const parts = token.split('.');
  if (parts.length !== 3) throw new Error('not a compact JWS');
  return parts as [string, string, string];
}

const nowInSeconds = () => Math.floor(Date.now() / 1000);

/** 32 random bytes, hex-encoded: a new data set's token key. */
export function newTokenSecret(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(32)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export async function issueToken(secret: string, claims: TokenClaims): Promise<string> {
  const issuedAt = nowInSeconds();
  const signingInput = `${jsonPart({ alg: 'HS256', typ: 'JWT' })}.${jsonPart({
    _id: claims._id,
    username: claims.username,
    ...(claims.sv ? { sv: claims.sv } : {}),
    iat: issuedAt,
    exp: issuedAt + TOKEN_LIFETIME_SECONDS,
  })}`;
  const signature = await crypto.subtle.sign('HMAC', await hmacKey(secret), encoder.encode(signingInput));
  return `${signingInput}.${toBase64url(new Uint8Array(signature))}`;
}

/** Throws when a payload's time claims are not numbers, or say it is not valid now. */
function checkTimes(claims: Record<string, unknown>): void {
  const now = nowInSeconds();
  for (const name of ['exp', 'nbf', 'iat'] as const) {
    if (name in claims && typeof claims[name] !== 'number') throw new Error(`"${name}" is not a number`);
  }
  if (typeof claims.exp === 'number' && claims.exp <= now) throw new Error('expired');
  if (typeof claims.nbf === 'number' && claims.nbf > now) throw new Error('not valid yet');
}

/**
 * Tokens whose signature was found good, by key and token: a client sends the same token with every
 * call, and checking the HMAC again each time was a tenth of the server's time on a busy page.
 * Only the exact text that was checked is found here (a header holds no line break); its times are
 * checked again at each read.
 * Bounded: past `SIGNED_KEPT` entries the oldest goes.
 */
const signedGood = new Map<string, Readonly<Record<string, unknown>>>();
const SIGNED_KEPT = 5_000;

/** The payload of a token signed with `secret` that is valid now; throws otherwise. */
async function verifiedPayload(secret: string, token: string): Promise<Readonly<Record<string, unknown>>> {
  const known = signedGood.get(`${secret}\n${token}`);
  if (known) {
    checkTimes(known);
    return known;
  }
  const [header, payload, signature] = partsOf(token);
  const protectedHeader = objectPart(header);
  if (protectedHeader.alg !== 'HS256' || 'crit' in protectedHeader) throw new Error('not an HS256 token');
  const valid = await crypto.subtle.verify(
    'HMAC',
    await hmacKey(secret),
    fromBase64url(signature),
    encoder.encode(`${header}.${payload}`),
  );
  if (!valid) throw new Error('bad signature');
  const claims = Object.freeze(objectPart(payload));
  checkTimes(claims);
  if (signedGood.size >= SIGNED_KEPT) signedGood.delete(signedGood.keys().next().value!);
  signedGood.set(`${secret}\n${token}`, claims);
  return claims;
}

/**
 * The claims of an `authorization` header holding a token, raw (as the client sends it) or as
 * `Bearer <token>`; null for no token, a malformed or expired one, or a bad signature.
 */
export async function readToken(secret: string, header: string | null | undefined): Promise<TokenClaims | null> {
  const token = header?.trim().replace(/^Bearer\s+/i, '');
  if (!token) return null;
  try {
    const { _id, username, sv = 0 } = await verifiedPayload(secret, token);
    if (typeof _id !== 'string' || typeof username !== 'string' || !Number.isSafeInteger(sv)) return null;
    return sv === 0 ? { _id, username } : { _id, username, sv: sv as number };
  } catch {
    return null;
  }
}

/** When a token read by `readToken` stops being valid (ms since the epoch); null when it does not say. */
export function tokenExpiry(header: string): number | null {
  try {
    const { exp } = objectPart(partsOf(header.trim().replace(/^Bearer\s+/i, ''))[1]);
    return typeof exp === 'number' ? exp * 1000 : null;
  } catch {
    return null;
  }
}
