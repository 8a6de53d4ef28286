/** CORS for the shell's origins: the headers a browser client on another origin sends and must read. */
import cors from '@fastify/cors';
import { READ_YOUR_WRITES } from '@chirp/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export const crossOriginPlugin = fp<{ origins: string[] }>(
  async (app: FastifyInstance, { origins }) => {
    await app.register(cors, {
      origin: origins,
      methods: ['GET', 'POST', 'PUT', 'DELETE'],
      allowedHeaders: ['authorization', 'content-type', 'last-event-id', READ_YOUR_WRITES.readAfterHeader],
      // Link: a whole list cut at its maximum names the rest; a browser client on another origin must see it.
      exposedHeaders: [READ_YOUR_WRITES.writtenHeader, 'link'],
      maxAge: 600,
    });
  },
  { name: 'chirp-cross-origin' },
);
