/** Every failed call becomes one of these: what the caller (and the person) needs, nothing more. */
export class ApiError extends Error {
  readonly status: number;

  constructor(status: number, message: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
  }
}

const NETWORK_MESSAGE = 'Cannot reach the server. Check your connection and try again.';

/** The sentence to show a person for any thrown value. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  if (error instanceof TypeError) return NETWORK_MESSAGE;
  if (error instanceof Error && error.message) return error.message;
  return 'Something went wrong. Please try again.';
}

/** The message of a refused call: the first entry of `errors`, as spec section 8 says. */
export function messageFromBody(body: unknown, status: number): string {
  if (body && typeof body === 'object' && 'errors' in body) {
    const errors = (body as { errors: unknown }).errors;
    if (Array.isArray(errors) && errors.length > 0) {
      const first = errors[0];
      if (typeof first === 'string') return first;
      if (first && typeof first === 'object' && 'message' in first) return String(first.message);
    }
  }
  return status >= 500 ? 'The server had a problem. Please try again.' : `Request failed (${status})`;
}
