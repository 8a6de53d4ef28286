/**
 * Adding a call is one descriptor: this toy `GET /api/ping` is added to the API's route table here,
 * and nowhere else. Each back end's test answers the extended table with its own handlers plus this
 * storage-free one, and `defineAddACallSuite` calls it through the client derived from the table:
 * typed, on Fastify with its schemas, and in the in-browser back end.
 */
import { API_ROUTES, createCompactClient, createSpecClient, defineRoute, type ApiRoutes, type Send } from '@chirp/contracts';
import { currentMoment, reply, type RouteHandler } from '@chirp/api-rules';
import { Type } from 'typebox';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { contractClient, type ContractContext } from './contract-client';

/** The toy call: a path parameter, a query, and an answer of its own. */
const PING = defineRoute({
  method: 'GET',
  path: '/ping/:name',
  auth: 'public',
  schemas: ({ queries }) => ({
    query: queries.view,
    // Closed: an answer's serialiser sends what its schema names, and nothing else.
    answer: Type.Object({ pong: Type.Literal(true), name: Type.String(), at: Type.String() }, { additionalProperties: false }),
  }),
});

/** The API's table and one more call. */
export const TABLE_WITH_PING: ApiRoutes & { ping: typeof PING } = { ...API_ROUTES, ping: PING };

/** The toy call's work: it needs no storage, so every back end answers it with this. */
export const pingHandler: RouteHandler<unknown> = async (call) =>
  // `internal` is not in the answer's schema: a back end that serialises by the schema leaves it out.
  reply({ pong: true, name: call.params.name, at: currentMoment().now, internal: 'not for callers' });

/** A `send` over the suites' caller, as the browser's client has one over its transport. */
const sendOver = (getContext: () => ContractContext): Send => {
  const { call } = contractClient(getContext);
  return async (method, path, { query, body }) => {
    const search = new URLSearchParams(query).toString();
    const answer = await call(method, search ? `${path}?${search}` : path, { body });
    if (answer.status >= 300) throw new Error(`${method} ${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
    return answer.body;
  };
};

export function defineAddACallSuite(getContext: () => ContractContext, { serialisedBySchema }: { serialisedBySchema: boolean }): void {
  describe('a call added to the route table', () => {
    it('is a typed function of the derived client, answered by the back end', async () => {
      const client = createSpecClient(TABLE_WITH_PING, sendOver(getContext));
      // The client's types come from the descriptor: the path's parameter, and the answer's schema.
      expectTypeOf(client.ping).parameter(0).toEqualTypeOf<{ params: { name: string } } & { query?: Partial<Record<string, string | number | undefined>> } & { body?: undefined }>();
      expectTypeOf(client.ping).returns.resolves.toEqualTypeOf<{ pong: true; name: string; at: string }>();

      const answer = await client.ping({ params: { name: 'a b' } });
      expect(answer).toEqual(expect.objectContaining({ pong: true, name: 'a b', at: expect.any(String) }));
      // The server serialises by the answer's schema; the in-browser back end sends what the handler gave.
      expect('internal' in answer).toBe(!serialisedBySchema);
    });

    it('keeps every call the table had, and the compact client has it too', async () => {
      const compact = createCompactClient(TABLE_WITH_PING, sendOver(getContext));
      expect(await compact.ping({ params: { name: 'x' } })).toEqual(expect.objectContaining({ pong: true, name: 'x' }));
      const { users, nextCursor } = await compact.users();
      expect(users.length).toBeGreaterThan(0);
      expect(nextCursor === null || typeof nextCursor === 'string').toBe(true);
    });
  });
}
