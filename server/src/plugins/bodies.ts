/**
 * Request bodies kept as text for the rules, which say what is wrong with malformed JSON in the
 * contract's words, and parsed for the schema check; what is not JSON is checked as no body.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

const RAW_BODY = Symbol('raw body');
type WithRawBody = FastifyRequest & { [RAW_BODY]?: string };

/** The body as it came, before JSON parsing (null without one). */
export const rawBody = (request: FastifyRequest): string | null => (request as WithRawBody)[RAW_BODY] ?? null;

export const bodiesPlugin = fp(
  async (app: FastifyInstance) => {
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', { parseAs: 'string' }, (request, text, done) => {
      (request as WithRawBody)[RAW_BODY] = text as string;
      let value: unknown;
      try {
        value = JSON.parse(text as string);
      } catch {
        value = undefined;
      }
      done(null, value);
    });
  },
  { name: 'chirp-bodies' },
);
