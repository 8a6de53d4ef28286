/**
 * The API through HTTP for the benchmarks (bench:scale, bench:cluster): single calls with their bytes,
 * log ins, and autocannon runs whose changes each carry a fresh (user, item) pair.
 */
import autocannon from 'autocannon';
import { track } from './cleanups.mjs';
import { round } from './figures.mjs';

export async function call(apiUrl, method, path, token, body) {
  const response = await fetch(`${apiUrl}${path}`, {
    method,
    headers: { ...(token ? { authorization: token } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  return { status: response.status, bytes: Buffer.byteLength(text), text };
}

export async function logInThroughApi(apiUrl, username, password) {
  const answer = await call(apiUrl, 'POST', '/api/auth/login?view=compact', undefined, { username, password });
  if (answer.status !== 200) throw new Error(`Log in as ${username}: ${answer.status} ${answer.text.slice(0, 200)}`);
  return { token: JSON.parse(answer.text).encodedToken, bytes: answer.bytes };
}

/**
 * `request` (autocannon's) against `apiUrl` with `connections` for `seconds`; answers the figures, the largest answer
 * seen and, behind the local cluster's load balancer, how many answers each instance gave (its X-Chirp-Instance header).
 */
export function runAutocannon(apiUrl, name, request, { connections, seconds }) {
  let largest = 0;
  const answeredBy = {};
  const onResponse = (_status, body, _context, headers = {}) => {
    largest = Math.max(largest, Buffer.byteLength(body ?? ''));
    const instance = headers['x-chirp-instance'] ?? headers['X-Chirp-Instance'];
    if (instance) answeredBy[instance] = (answeredBy[instance] ?? 0) + 1;
  };
  const withBody = { ...request, onResponse };
  return new Promise((resolve, reject) => {
    let release = () => {};
    const instance = autocannon({ url: apiUrl, connections, duration: seconds, requests: [withBody] }, (error, result) => {
      void release();
      return error
        ? reject(error)
        : resolve({
            call: name,
            connections,
            reqPerSec: round(result.requests.average, 1),
            p50Ms: result.latency.p50,
            meanMs: result.latency.average,
            p99Ms: result.latency.p99,
            requests: result.requests.total,
            non2xx: result.non2xx,
            errors: result.errors,
            largestAnswerBytes: largest,
            ...(Object.keys(answeredBy).length ? { answeredBy } : {}),
          });
    });
    release = track(() => instance.stop());
  });
}

/**
 * POST requests over (user, item) pairs: `tokens` (one per user) × `items`. The n-th request takes the n-th pair, so
 * every pair is new (nothing refused as a repeat) and requests made at the same moment come from different people about
 * different items (bench/server's pairing). The count goes on across the requests made from one `freshPairs`.
 */
export function freshPairs(tokens, items) {
  let counter = 0;
  const pairAt = (index) => {
    const turn = Math.floor(index / tokens.length);
    return { token: tokens[index % tokens.length], item: items[(index + turn) % items.length] };
  };
  return (path) => ({
    method: 'POST',
    setupRequest: (request) => {
      const { token, item } = pairAt(counter++);
      return { ...request, path: path(item), headers: { authorization: token } };
    },
  });
}

/** A token for each of `users` ({ username }), logged in through `apiUrl`. */
export async function logInEach(apiUrl, users, password) {
  const tokens = [];
  for (const user of users) tokens.push((await logInThroughApi(apiUrl, user.username, password)).token);
  return tokens;
}

/** The feed page as the person with `token` asks for it. */
export const feedRequest = (token) => ({ method: 'GET', setupRequest: (request) => ({ ...request, path: '/api/posts?view=compact', headers: { authorization: token } }) });

/**
 * The like, bookmark and follow of the load tests, each over fresh pairs (`fixtures.postIds`, the bookmarks from the
 * other end, away from the likes; `fixtures.followIds`). A request may be run again: its pairs go on.
 */
export function toggleRequests(tokens, { postIds, followIds }) {
  const likes = freshPairs(tokens, postIds);
  const bookmarks = freshPairs(tokens, [...postIds].reverse());
  const follows = freshPairs(tokens, followIds);
  return [
    { call: 'POST /api/posts/like/{id}?view=compact', request: likes((id) => `/api/posts/like/${id}?view=compact`) },
    { call: 'POST /api/users/bookmark/{id}?view=compact', request: bookmarks((id) => `/api/users/bookmark/${id}?view=compact`) },
    { call: 'POST /api/users/follow/{id}?view=compact', request: follows((id) => `/api/users/follow/${id}?view=compact`) },
  ];
}
