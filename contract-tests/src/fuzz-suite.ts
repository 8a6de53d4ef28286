/**
 * Generated bad input at every route of the table: malformed paths, parameters, queries, bodies and
 * headers (fast-check). Whatever comes in, the answer is a 4xx with `{ errors: [text] }` (a read may
 * also answer 200), never a 5xx, and nothing changes. The bad-input suite holds the cases people
 * thought of; this one looks for the ones nobody did.
 */
import fc from 'fast-check';
import { beforeEach, expect, it } from 'vitest';
import { EMAIL_PATTERN } from '@chirp/contracts';
import { API_ROUTES, type RouteSpec } from '@chirp/api-rules';
import { contractClient, type CallOptions, type ContractContext, type Method } from './contract-client';

/** Text that breaks decoders: bad percent-encoding, NUL, lone surrogates, path tricks, huge and odd values. */
const NASTY = [
  '%', '%%', '%E0%A4%A', '%C0%AF', '%00', '\u0000', '\uD800', '..', '../..', '%2e%2e%2f', '__proto__', 'constructor', 'null',
  'x'.repeat(5000), ' ', '\t', '🐦'.repeat(50), '${jndi:x}', "' OR 1=1 --", '<script>', 'data:image/png,%', 'data:image/png;base64,!!!!',
];
const nasty = fc.constantFrom(...NASTY);
/** encodeURIComponent, with a lone surrogate (which it cannot encode) sent as the bytes UTF-8 forbids. */
const escape = (text: string) => text.replace(/[^]/gu, (char) => {
  try {
    return encodeURIComponent(char);
  } catch {
    return '%ED%A0%80';
  }
});
const anyText = fc.oneof(fc.string({ unit: 'binary', maxLength: 40 }), nasty, fc.string({ unit: 'binary', maxLength: 40 }).map(escape));
/** A path segment as sent: raw (it may be malformed), with the characters a URL cannot carry escaped. */
const segment = fc.oneof(nasty, fc.string({ unit: 'binary', maxLength: 40 }), fc.uuid()).map((text) =>
  text.replace(/[#?/\\\s]/g, escape).replace(/[^\x21-\x7e%]/gu, escape),
);
const printable = fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code)), maxLength: 300 });
const badDataUrl = fc.constantFrom('data:image/png,%', 'data:image/png,%E0%A4%A', 'data:image/png;base64,%%%', 'data:image/png;base64,a b');
/** A JSON value of any shape, never a well-formed body for the route. */
const wrongValue = fc.oneof(fc.jsonValue(), anyText, fc.constant(null), fc.array(fc.jsonValue(), { maxLength: 3 }));

const isEmptyObject = (value: unknown) => typeof value === 'object' && value !== null && !Array.isArray(value) && Object.keys(value).length === 0;

/** Bodies each route must refuse: the right outline with a malformed or wrongly typed field, or no outline at all. */
function badBodies(route: RouteSpec): fc.Arbitrary<string> {
  const raw = fc.oneof(printable, fc.constantFrom('{', '[]', 'null', '"x"', '{"a":', '{}'));
  const shaped = (() => {
    switch (route.body) {
      case 'signup':
        return fc.record({
          username: fc.oneof(anyText, wrongValue),
          password: fc.oneof(wrongValue, fc.constant('long enough')),
          firstName: fc.oneof(anyText, wrongValue),
          lastName: fc.oneof(anyText, wrongValue),
          profilePic: fc.oneof(badDataUrl, wrongValue.filter((value) => typeof value !== 'string')),
        });
      case 'credentials':
        return fc.record({ username: wrongValue.filter((value) => typeof value !== 'string'), password: wrongValue });
      case 'profileEdit':
        // An empty userData is a well-formed edit that changes no field.
        return fc.record({ userData: fc.oneof(wrongValue.filter((value) => !isEmptyObject(value)), fc.record({ profilePic: badDataUrl, bio: anyText })) });
      case 'postData':
        return fc.record({ postData: fc.oneof(wrongValue, fc.record({ content: anyText, image: badDataUrl })) });
      case 'accountEdit':
        return fc.record(
          {
            firstName: wrongValue.filter((value) => typeof value !== 'string'),
            email: fc.oneof(anyText.filter((text) => text.trim() !== '' && !EMAIL_PATTERN.test(text.trim())), wrongValue.filter((value) => typeof value !== 'string')),
          },
          { requiredKeys: [] },
        );
      default:
        return fc.jsonValue();
    }
  })();
  return fc.oneof(raw, shaped.map((value) => JSON.stringify(value)));
}

interface BadRequest {
  method: Method;
  path: string;
  options: CallOptions;
  /** A call that may succeed (a read); anything else must be refused. */
  mayAnswer: boolean;
}

const query = fc.oneof(
  fc.constant(''),
  printable.map((text) => `?${text.replace(/#/g, '%23')}`),
  fc
    .array(fc.tuple(fc.constantFrom('limit', 'cursor', 'sort', 'view', 'q', 'x'), fc.oneof(anyText, nasty)), { maxLength: 4 })
    .map((pairs) => (pairs.length ? `?${pairs.map(([key, value]) => `${key}=${value.replace(/[#&\s]/g, escape)}`).join('&')}` : '')),
);

function requestFor(token: string, route: RouteSpec): fc.Arbitrary<BadRequest> {
  const hasParameter = route.path.includes(':');
  const path = route.path.split('/').map((part) => (part.startsWith(':') ? segment : fc.constant(part)));
  // A valid token only where the path or the body is malformed: with it, a well-formed call could succeed.
  const protectedWithGoodInput = route.method !== 'GET' && !hasParameter && route.body === undefined;
  const authorization = fc.oneof(
    fc.constant<string | undefined>(protectedWithGoodInput ? 'Bearer nonsense' : token),
    fc.constant<string | undefined>(undefined),
    printable,
  );
  return fc.record({
    segments: fc.tuple(...path),
    query,
    authorization,
    // fetch sends no body with a GET.
    body: route.body ? badBodies(route) : route.method === 'GET' ? fc.constant(undefined) : fc.option(badBodies(route), { nil: undefined }),
    contentType: fc.option(fc.constantFrom('application/json', 'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data'), {
      nil: undefined,
    }),
  }).map(({ segments, query: search, authorization: auth, body, contentType }) => ({
    method: route.method,
    path: `${segments.join('/')}${search}`,
    options: { token: auth, rawBody: body, headers: contentType ? { 'content-type': contentType } : ({} as Record<string, string>) },
    mayAnswer: route.method === 'GET',
  }));
}

/** Paths and methods no route has. */
const unknownCall = fc.record({
  method: fc.constantFrom<Method>('GET', 'POST', 'DELETE', 'PUT', 'PATCH'),
  segments: fc.array(segment, { minLength: 1, maxLength: 4 }),
}).map(({ method, segments }) => ({ method, path: `/${segments.join('/')}`, options: {}, mayAnswer: method === 'GET' }));

export function defineFuzzSuite(getContext: () => ContractContext, { runs = 300 }: { runs?: number } = {}): void {
  const api = contractClient(getContext);

  beforeEach(async () => {
    await getContext().reset();
  });

  it(`answers ${runs} generated malformed calls with a 4xx and { errors }, never a 5xx, and changes nothing`, { timeout: 120_000 }, async () => {
    const { token } = await api.loginGuest();
    const before = await api.snapshot(token);
    const routes = Object.values(API_ROUTES) as RouteSpec[];
    const anyRequest = fc.oneof(fc.constantFrom(...routes).chain((route) => requestFor(token, route)), unknownCall);
    await fc.assert(
      fc.asyncProperty(anyRequest, async (request) => {
        // '..' segments that climb out of /api are resolved by the URL itself: such a call never reaches the API.
        fc.pre(new URL(`${getContext().baseUrl}/api${request.path}`).pathname.startsWith('/api'));
        let answer;
        try {
          answer = await api.call(request.method, request.path, request.options);
        } catch (error) {
          // What fetch itself refuses to send (a header it cannot carry) never reaches a back end.
          fc.pre(!(error instanceof TypeError));
          throw error;
        }
        const where = `${request.method} ${request.path.slice(0, 120)}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 200)}`;
        expect(answer.status, where).toBeLessThan(500);
        if (answer.status >= 400) {
          expect(answer.body, where).toEqual({ errors: [expect.stringMatching(/\S/)] });
        } else {
          expect(request.mayAnswer, where).toBe(true);
        }
      }),
      { numRuns: runs },
    );
    expect(await api.snapshot(token)).toEqual(before);
  });
}
