/**
 * Which reads a read replica answers (server/README.md, "Read replica"), and the WAL position
 * a change answers so that the caller's next reads, through any instance, see it.
 */
import type { API_ROUTES, RouteName } from '@chirp/api-rules';
import { READ_YOUR_WRITES } from '@chirp/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ReadReplica } from '../db/read-replica';
import type { Services } from './context';

type ReadRoute = { [Name in RouteName]: (typeof API_ROUTES)[Name]['method'] extends 'GET' ? Name : never }[RouteName];

/**
 * Every read of the route table (a new one does not compile until it is placed here), and where it is
 * answered when a replica is configured. The lists — a page, a whole list, the unread count over one —
 * go to the replica: they are most of the reads, and one a moment old is still a true list. A single
 * post or profile stays on the primary: a replica that has not replayed it yet would answer 404 (a
 * profile right after sign-up ends the session; a post opened from a link says it does not exist).
 */
export const READ_FROM: Record<ReadRoute, 'replica' | 'primary'> = {
  users: 'replica',
  bookmarks: 'replica',
  user: 'primary',
  // One's own settings and lists of people muted or blocked, right after changing them.
  account: 'primary',
  mutedPeople: 'primary',
  mutedWords: 'primary',
  blockedPeople: 'primary',
  // What moderators act on, as it is now.
  reportedPosts: 'primary',
  moderationLog: 'primary',
  // Rare, rate-limited, and expected to hold what was done a moment before.
  exportAccount: 'primary',
  posts: 'replica',
  postsOfUser: 'replica',
  post: 'primary',
  bookmarkedPosts: 'replica',
  followingPosts: 'replica',
  likedPosts: 'replica',
  userByUsername: 'primary',
  followers: 'replica',
  following: 'replica',
  likers: 'replica',
  reposters: 'replica',
  searchUsers: 'replica',
  searchPosts: 'replica',
  suggestions: 'replica',
  thread: 'primary',
  replies: 'replica',
  repliesOfUser: 'replica',
  notifications: 'replica',
  unreadNotifications: 'replica',
};

const fromReplica = (name: string) => (READ_FROM as Partial<Record<string, string>>)[name] === 'replica';
/** Calls that change nothing: their answers name no WAL position. */
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);
const READ_AFTER = READ_YOUR_WRITES.readAfterHeader.toLowerCase();

/**
 * With a replica: every change that succeeded answers the primary's WAL position after its commit, and
 * the answered function gives a route the services it runs with — the replica's database for a list
 * read the replica can answer for this caller. Without one: the services as they are, no header.
 */
export function routeReads(
  app: FastifyInstance,
  services: Services,
  replica: ReadReplica | undefined,
): (route: string, request: FastifyRequest) => Promise<Services> {
  if (!replica) return async () => services;
  app.addHook('onSend', async (request, reply) => {
    if (READS.has(request.method) || reply.statusCode < 200 || reply.statusCode >= 300) return;
    try {
      reply.header(READ_YOUR_WRITES.writtenHeader, await replica.writtenPosition());
    } catch (error) {
      // The change is made; only the caller's next reads may miss it (from a lagging replica).
      console.warn(`The primary's WAL position could not be read after ${request.method} ${request.url}:`, error);
    }
  });
  return async (route, request) => {
    if (!fromReplica(route)) return services;
    const readAfter = request.headers[READ_AFTER];
    return { ...services, sql: await replica.sqlFor(Array.isArray(readAfter) ? readAfter[0] : readAfter) };
  };
}
