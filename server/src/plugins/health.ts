/** For load balancers: /health says the process answers; /ready that it can reach its database too. */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { SERVER_ERRORS } from '../api/context';
import type { Sql } from '../db/sql';
import { sendErrors } from './errors';

export const healthPlugin = fp<{ sql: Sql }>(
  async (app: FastifyInstance, { sql }) => {
    app.get('/health', async () => ({ ok: true }));
    app.get('/ready', async (_request, reply) => {
      try {
        await sql.query('SELECT 1');
        return { ok: true };
      } catch (error) {
        console.error('Not ready: the database does not answer.', error);
        return sendErrors(reply, 503, SERVER_ERRORS.notReady);
      }
    });
  },
  { name: 'chirp-health' },
);
