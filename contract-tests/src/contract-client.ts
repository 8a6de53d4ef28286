/**
 * A bare HTTP caller for the contract suites: only a base URL and a `fetch`, so the same suites can
 * run against Mirage here and against a real server later.
 */
import { GUEST_CREDENTIALS, type Post, type User } from '@chirp/contracts';
import { SignJWT } from 'jose';
import { SEED_PASSWORD } from '@chirp/api-rules';

export interface ContractContext {
  /** Origin (and prefix) before `/api`, e.g. 'http://localhost:3000'. */
  baseUrl: string;
  fetch: typeof fetch;
  /** Puts the seed data back. */
  reset: () => Promise<void>;
  /** Signs a token with the server's own key; tests that need it are skipped when absent. */
  signToken?: (claims: { _id: string; username: string }) => Promise<string>;
  /**
   * Where the back end's stored data still holds any of `needles` (in any case): every table of the
   * server's schema, every collection of the in-browser back end, each place named once.
   */
  traces?: (needles: readonly string[]) => Promise<string[]>;
}

export interface Answer {
  status: number;
  // The contract is checked field by field; `any` keeps the tests readable.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
  contentType: string | null;
}

export interface CallOptions {
  token?: string;
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as is (for malformed bodies). */
  rawBody?: string;
  headers?: Record<string, string>;
}

export type Method = 'GET' | 'POST' | 'DELETE' | 'PUT' | 'PATCH';

export function contractClient(getContext: () => ContractContext) {
  async function call(method: Method, path: string, options: CallOptions = {}): Promise<Answer> {
    const { baseUrl, fetch } = getContext();
    const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
    if (options.token !== undefined) headers.authorization = options.token;
    const body = options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
    if (body !== undefined) headers['content-type'] ??= 'application/json';
    const response = await fetch(`${baseUrl}/api${path}`, { method, headers, body });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // left as text: the tests say what they expect
    }
    return { status: response.status, body: parsed, contentType: response.headers.get('content-type') };
  }

  async function login(username: string, password: string) {
    const answer = await call('POST', '/auth/login', { body: { username, password } });
    if (answer.status !== 200) throw new Error(`login of ${username} failed: ${answer.status} ${JSON.stringify(answer.body)}`);
    return { token: answer.body.encodedToken as string, user: answer.body.foundUser as User };
  }

  const loginGuest = () => login(GUEST_CREDENTIALS.username, GUEST_CREDENTIALS.password);
  const loginSeedUser = (username: string) => login(username, SEED_PASSWORD);

  async function users(): Promise<User[]> {
    return (await call('GET', '/users')).body.users;
  }

  async function userNamed(username: string): Promise<User> {
    const found = (await users()).find((user) => user.username === username);
    if (!found) throw new Error(`no user ${username}`);
    return found;
  }

  async function posts(): Promise<Post[]> {
    return (await call('GET', '/posts')).body.posts;
  }

  async function postsOf(username: string): Promise<Post[]> {
    return (await call('GET', `/posts/user/${encodeURIComponent(username)}`)).body.posts;
  }

  /** Everything a call could change, as the API shows it (plus the given users' bookmarks). */
  async function snapshot(...tokens: string[]) {
    const bookmarks = await Promise.all(tokens.map(async (token) => (await call('GET', '/users/bookmark', { token })).body));
    return { users: await users(), posts: await posts(), bookmarks };
  }

  return { call, login, loginGuest, loginSeedUser, users, userNamed, posts, postsOf, snapshot };
}

export type ContractClient = ReturnType<typeof contractClient>;

/** A well-formed HS256 token signed with a key the server does not have. */
export function forgeToken(claims: { _id: string; username: string }): Promise<string> {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuedAt()
    .sign(new TextEncoder().encode('not-the-server-key-not-the-server-key'));
}

/** An unsigned token (`alg: none`), which a careless verifier would accept. */
export function unsignedToken(claims: { _id: string; username: string }): string {
  const encode = (value: object) =>
    btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  return `${encode({ alg: 'none', typ: 'JWT' })}.${encode(claims)}.`;
}

/** The claims of a JWT, read without verifying it. */
export function tokenClaims(token: string): Record<string, unknown> {
  const part = token.split('.')[1] ?? '';
  return JSON.parse(atob(part.replace(/-/g, '+').replace(/_/g, '/')));
}

export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
