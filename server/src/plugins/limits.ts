/** Rate limits (on log-in and sign-up, per route), counted in the database so they hold across instances. */
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Sql } from '../db/sql';
import { clientOf, databaseRateLimitStore } from '../limits';

export const limitsPlugin = fp<{ sql: Sql }>(
  async (app: FastifyInstance, { sql }) => {
    await app.register(rateLimit, { global: false, store: databaseRateLimitStore(sql), keyGenerator: (request) => clientOf(request.ip) });
  },
  { name: 'chirp-limits' },
);
