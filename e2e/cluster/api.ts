/** Calls the cluster tests make straight to the API (through the load balancer or to one instance). */
import { randomUUID } from 'node:crypto';

export interface Answer {
  status: number;
  headers: Headers;
  body: { encodedToken?: string; errors?: string[]; post?: { _id: string }; posts?: Array<{ _id: string; content: string }> };
}

export async function call(url: string, path: string, init: { method?: string; body?: unknown; token?: string; headers?: Record<string, string> } = {}): Promise<Answer> {
  const response = await fetch(`${url}/api${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: {
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(init.token ? { authorization: init.token } : {}),
      ...init.headers,
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return { status: response.status, headers: response.headers, body: (await response.json()) as Answer['body'] };
}

/** Signs a new person up and logs them in; answers their name, password and token. */
export async function newAccount(url: string, firstName: string) {
  const username = `${firstName.toLowerCase()}.${randomUUID().slice(0, 8)}`;
  const password = `pass-${randomUUID().slice(0, 8)}`;
  const signup = await call(url, '/auth/signup', { body: { username, password, firstName, lastName: 'Tester' } });
  if (signup.status !== 201) throw new Error(`Sign-up answered ${signup.status}: ${JSON.stringify(signup.body)}`);
  const login = await call(url, '/auth/login', { body: { username, password } });
  if (!login.body.encodedToken) throw new Error(`Log in answered ${login.status}: ${JSON.stringify(login.body)}`);
  return { username, password, token: login.body.encodedToken };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
