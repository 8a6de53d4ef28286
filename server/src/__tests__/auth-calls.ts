/** Log-in and sign-up calls as a client sees them: the status, the body and the limits' headers. */
export interface AuthAnswer {
  status: number;
  body: { errors?: string[] };
  retryAfter: string | null;
  /** X-RateLimit-Remaining: calls this address has left in the window. */
  remaining: string | null;
}

/** `POST /api/auth/login` or `/api/auth/signup`; behind a trusted proxy, `headers` can name the client (X-Forwarded-For). */
export async function authCall(url: string, call: 'login' | 'signup', body: object, headers: Record<string, string> = {}): Promise<AuthAnswer> {
  const answer = await fetch(`${url}/api/auth/${call}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return {
    status: answer.status,
    body: (await answer.json()) as AuthAnswer['body'],
    retryAfter: answer.headers.get('retry-after'),
    remaining: answer.headers.get('x-ratelimit-remaining'),
  };
}

/** A client at `address`, as the one load balancer in front (TRUST_PROXY=1) tells the server. */
export const from = (address: string) => ({ 'x-forwarded-for': address });
