/**
 * Every failure answered in the API's one shape, `{ errors: [text] }` (spec 8): refusals of the
 * framework (a body too large, a content type it cannot read, too many requests), unknown calls, and
 * what went wrong unexpectedly (logged, never shown). Every answer is marked nosniff, and one that
 * carries a token or is meant for one caller is never kept by a cache.
 */
import { DECIDED_ERRORS } from '@chirp/api-rules';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { SERVER_ERRORS } from '../api/context';

export const sendErrors = (reply: FastifyReply, status: number, text: string) => reply.code(status).send({ errors: [text] });

export interface ErrorsOptions {
  bodyLimit: number;
  logger: boolean;
}

export const errorsPlugin = fp<ErrorsOptions>(
  async (app: FastifyInstance, { bodyLimit, logger }) => {
    app.setErrorHandler((error: { statusCode?: number; code?: string }, request, reply) => {
      const status = error.statusCode ?? 500;
      if (status === 429) return sendErrors(reply, 429, SERVER_ERRORS.tooManyAttempts);
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return sendErrors(reply, 413, SERVER_ERRORS.bodyTooLarge(bodyLimit));
      if (error.code?.startsWith('FST_ERR_CTP')) return sendErrors(reply, status < 500 ? status : 415, SERVER_ERRORS.badContentType);
      if (status >= 400 && status < 500) return sendErrors(reply, status, SERVER_ERRORS.badRequest);
      // Logged whatever LOG_REQUESTS says: request logs can be off, failures never go unseen.
      if (logger) request.log.error(error);
      else console.error(`The API failed on ${request.method} ${request.url}:`, error);
      return sendErrors(reply, 500, SERVER_ERRORS.unexpected);
    });
    app.addHook('onSend', async (request, reply) => {
      reply.header('x-content-type-options', 'nosniff');
      // A token in the answer (log in, sign-up) or an answer for one caller: never kept by a cache.
      if (request.headers.authorization !== undefined || request.url.startsWith('/api/auth/')) {
        reply.header('cache-control', 'no-store');
      }
    });
    app.setNotFoundHandler((request, reply) =>
      sendErrors(reply, 404, DECIDED_ERRORS.unknownCall(request.method, new URL(request.url, 'http://server').pathname)),
    );
  },
  { name: 'chirp-errors' },
);
