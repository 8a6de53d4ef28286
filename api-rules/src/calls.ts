/**
 * A call and its answer as plain values, for any HTTP layer (Mirage in the browser, Fastify on the
 * server), and the one place where refusals become `{ errors: [text] }`.
 */
import { Refusal, type Moment } from './database';
import { formatTimestamp } from './timestamps';

export interface ApiCall {
  method: string;
  /** The path of the call, for messages. */
  path: string;
  /** Route parameters, already URL-decoded. */
  params: Record<string, string>;
  query: URLSearchParams;
  /** Header names in lower case. */
  headers: Record<string, string | undefined>;
  body: string | null;
  /** Where the caller reached this back end (scheme and host), for URLs in answers; the server's only. */
  origin?: string;
  /** The caller's address, as far as the back end can tell (per-address limits); the server's only. */
  clientAddress?: string;
  /** Set when the back end validated the body against its schema and it does not match: what is wrong. */
  bodyMismatch?: string;
}

export interface ApiReply {
  status: number;
  body: unknown;
  /** Headers a back end adds (e.g. Retry-After); names in lower case. */
  headers?: Record<string, string>;
}

export const reply = (body: unknown, status = 200): ApiReply => ({ status, body });

/**
 * Runs a handler: a `Refusal` becomes its status and text; any other failure is the back end's to
 * answer (`unexpected`: log it, and a 500 with `errors`, spec 8).
 */
export async function answerCall<Services>(
  handler: (call: ApiCall, services: Services) => Promise<ApiReply>,
  call: ApiCall,
  services: Services,
  unexpected: (error: unknown) => ApiReply,
): Promise<ApiReply> {
  try {
    return await handler(call, services);
  } catch (error) {
    if (!(error instanceof Refusal)) return unexpected(error);
    return { ...reply({ errors: [error.message] }, error.status), ...(error.headers ? { headers: error.headers } : {}) };
  }
}

/** The moment of a call: the time (this machine's zone) and fresh random UUIDs. */
export function currentMoment(): Moment {
  return { now: formatTimestamp(new Date()), newId: () => crypto.randomUUID() };
}
