/**
 * `GET /api/events`: the signed-in person's live updates as Server-Sent Events (one long answer, simpler than a socket). The token
 * goes in the Authorization header, as on every other call (the page reads the stream with fetch).
 * A client that comes back sends `Last-Event-ID` and first receives what it missed; one too far
 * behind is told `resync`. A comment line every LIVE.heartbeatMs keeps the stream open.
 *
 * The stream's first message names it (LIVE.streamEvent); with that id the page says which posts it
 * shows (`PUT /api/events/{streamId}/posts`), and other people's like counts reach the stream for
 * those posts only, one per post a second at most (like-pacing.ts).
 */
import { formatServerSentEvent, formatStreamOpened, LIVE, readShownPosts, SHOWN_POSTS_ERRORS, type LiveEvent } from '@chirp/contracts';
import { readToken, SPEC_ERRORS, tokenExpiry } from '@chirp/api-rules';
import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { LiveHub, StoredEvent } from './hub';
import { likePacer } from './like-pacing';
import { isStreamOf, newStreamId } from './stream-ids';

export interface EventsRouteOptions {
  jwtSecret: string;
  /** The account's current session version (undefined: no such account). */
  sessionVersion: (userId: string) => Promise<number | undefined>;
  /** Streams one person may hold open on one instance (tabs, devices). */
  maxStreamsPerUser: number;
  /** Streams one client address (an IPv6 /64) may hold open on one instance, whoever is signed in. */
  maxStreamsPerAddress: number;
  /** Streams one instance holds in all. */
  maxStreams: number;
}

/** Texts of this route's refusals. */
export const LIVE_ERRORS = {
  tooManyStreams: 'Too many live connections for this account. Close a tab and try again.',
  tooManyFromAddress: 'Too many live connections from your network. Close a tab and try again.',
  full: 'This server cannot take more live connections now. Try again in a moment.',
} as const;

/** A stream whose client reads slower than this much unsent data is closed: it comes back and catches up. */
const MAX_BUFFERED_BYTES = 512 * 1024;
/**
 * Until its page names the posts it shows, a stream keeps other people's like counts (the latest
 * per post, up to this many) rather than send or drop them: those of a catch-up, and those that come
 * while the page's call is on its way, reach the posts it then names. After FIRST_POSTS_WAIT_MS it
 * keeps none: a stream whose page never names posts hears only its own person's likes.
 */
const MAX_KEPT_LIKES = 1000;
const FIRST_POSTS_WAIT_MS = 10_000;

/**
 * The address streams are counted by: an IPv6 client usually holds a whole /64, so counting its
 * addresses one by one would cap nothing. IPv4 addresses written as IPv6 count as IPv4.
 */
export function streamAddressOf(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (!ip.includes(':')) return ip;
  // An IPv4 tail (::1.2.3.4) stands for the last two groups, a zone (%eth0) for none.
  const groupsOf = (part: string | undefined) => (part ? part.split(':').flatMap((group) => (group.includes('.') ? ['0', '0'] : [group])) : []);
  const [head, tail] = ip.split('%')[0]!.split('::');
  const before = groupsOf(head);
  const after = groupsOf(tail);
  const groups = tail === undefined ? before : [...before, ...Array<string>(Math.max(0, 8 - before.length - after.length)).fill('0'), ...after];
  return `${groups.slice(0, 4).map((group) => parseInt(group, 16).toString(16)).join(':')}::/64`;
}

/**
 * The claims of a token of the account's current session, as every other call takes it; null for
 * none, one that is not valid, or one of a session ended since (a password changed, "sign out everywhere").
 */
async function currentClaims(options: EventsRouteOptions, authorization: string | undefined) {
  const claims = await readToken(options.jwtSecret, authorization);
  if (!claims) return null;
  const current = await options.sessionVersion(claims._id);
  return current === undefined || current !== (claims.sv ?? 0) ? null : claims;
}

export function eventsRoute(app: FastifyInstance, hub: LiveHub, options: EventsRouteOptions): void {
  // Open streams never end by themselves: closing the server ends them (clients go to another instance).
  const open = new Set<ServerResponse>();
  const fromAddress = new Map<string, number>();
  app.addHook('preClose', async () => open.forEach((response) => response.end()));
  app.get(`/api${LIVE.path}`, async (request, reply) => {
    const authorization = request.headers.authorization;
    const claims = await currentClaims(options, authorization);
    if (!claims) return reply.code(401).send({ errors: [SPEC_ERRORS.invalidToken] });
    if (hub.connections(claims._id) >= options.maxStreamsPerUser) {
      return reply.code(429).header('retry-after', '30').send({ errors: [LIVE_ERRORS.tooManyStreams] });
    }
    const address = streamAddressOf(request.ip);
    if ((fromAddress.get(address) ?? 0) >= options.maxStreamsPerAddress) {
      return reply.code(429).header('retry-after', '30').send({ errors: [LIVE_ERRORS.tooManyFromAddress] });
    }
    if (hub.connections() >= options.maxStreams) {
      return reply.code(503).header('retry-after', '5').send({ errors: [LIVE_ERRORS.full] });
    }

    reply.hijack();
    const response = reply.raw;
    // Headers set by hooks so far (CORS) are on the reply: a hijacked reply writes its own.
    response.writeHead(200, {
      ...(reply.getHeaders() as Record<string, string>),
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      // Proxies that buffer answers (nginx) would hold the events back.
      'x-accel-buffering': 'no',
    });
    response.socket?.setNoDelay(true);
    open.add(response);
    fromAddress.set(address, (fromAddress.get(address) ?? 0) + 1);

    const userId = claims._id;
    const sent = new Set<string>();
    let pending: StoredEvent[] | null = [];
    /** The posts the page named; null until it names them, and meanwhile other people's counts are kept. */
    let shown: ReadonlySet<string> | null = null;
    const kept = new Map<string, StoredEvent>();
    // A count held back by the pacing goes out after newer events: it carries no id then, so the
    // id the client comes back with is never an older one.
    let lastSentId = -1n;
    const write = (text: string) => {
      if (response.destroyed) return;
      response.write(text);
      if (response.writableLength > MAX_BUFFERED_BYTES) response.destroy();
    };
    const send = (stored: StoredEvent) => {
      if (sent.has(stored.id)) return;
      sent.add(stored.id);
      if (stored.transient) return write(formatServerSentEvent(undefined, stored.event));
      const id = BigInt(stored.id);
      write(formatServerSentEvent(id > lastSentId ? stored.id : undefined, stored.event));
      if (id > lastSentId) lastSentId = id;
    };
    const pacer = likePacer(send);
    const route = (stored: StoredEvent) => {
      const { event } = stored;
      if (event.type !== 'likes' || event.by === userId) return send(stored);
      // The hub sends only the counts of the posts named, but a catch-up holds every post's.
      if (shown) {
        if (shown.has(event.postId)) pacer.pace(stored);
        return;
      }
      kept.delete(event.postId);
      if (kept.size < MAX_KEPT_LIKES) kept.set(event.postId, stored);
    };
    const streamId = newStreamId(options.jwtSecret, userId);
    const unsubscribe = hub.subscribe({
      userId,
      streamId,
      // Until the catch-up below is written, live events wait behind it.
      deliver: (stored) => (pending ? pending.push(stored) : route(stored)),
      showing: (postIds) => {
        shown = postIds;
        for (const [postId, stored] of kept) if (postIds.has(postId)) pacer.pace(stored);
        kept.clear();
      },
      heartbeat: () => write(':\n\n'),
    });
    const noPostsNamed = setTimeout(() => {
      if (!shown) void hub.showPosts(userId, streamId, []);
    }, FIRST_POSTS_WAIT_MS);
    // The stream ends when the token does: the client connects again with its new one, or signs out.
    const expiry = authorization ? tokenExpiry(authorization) : null;
    const expire = expiry === null ? undefined : setTimeout(() => response.end(), Math.max(0, expiry - Date.now()));
    response.on('close', () => {
      open.delete(response);
      const left = (fromAddress.get(address) ?? 1) - 1;
      if (left > 0) fromAddress.set(address, left);
      else fromAddress.delete(address);
      unsubscribe();
      pacer.stop();
      clearTimeout(noPostsNamed);
      clearTimeout(expire);
    });

    try {
      write(formatStreamOpened(streamId, LIVE.firstRetryMs));
      const lastId = request.headers['last-event-id'];
      const missed = typeof lastId === 'string' && lastId !== '' ? await hub.replay(lastId.trim(), userId) : undefined;
      if (missed === null) {
        const resync: LiveEvent = { type: 'resync' };
        write(formatServerSentEvent(await hub.latestId(), resync));
      } else if (missed) {
        missed.forEach(route);
      } else {
        // A new client: where it starts, so it can come back to here.
        write(`id: ${await hub.latestId()}\nevent: ready\ndata: {}\n\n`);
      }
      const waiting = pending;
      pending = null;
      waiting.forEach(route);
      // The ids sent are kept only while a catch-up and the same events arriving live can meet.
      setTimeout(() => sent.clear(), 5000).unref();
    } catch (error) {
      console.error('A live stream could not start:', error);
      response.destroy();
    }
  });

  // Names the posts a stream's page shows. Any instance answers: the stream id says whose stream
  // it is, and the hub tells the instance that holds it.
  app.put<{ Params: { streamId: string } }>(`/api${LIVE.path}/:streamId/posts`, async (request, reply) => {
    const claims = await currentClaims(options, request.headers.authorization);
    if (!claims) return reply.code(401).send({ errors: [SPEC_ERRORS.invalidToken] });
    const read = readShownPosts(request.body);
    if ('error' in read) return reply.code(400).send({ errors: [read.error] });
    if (!isStreamOf(options.jwtSecret, request.params.streamId, claims._id)) {
      return reply.code(404).send({ errors: [SHOWN_POSTS_ERRORS.unknownStream] });
    }
    await hub.showPosts(claims._id, request.params.streamId, read.postIds);
    return reply.code(204).send();
  });
}
