/**
 * Work every instance repeats while it is open: removing uploads nobody came to use after their grace
 * period, and log-in limits that expired. Each removal is one row's delete, so instances sweeping
 * together do no harm.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Sql } from '../db/sql';
import type { ImageStore } from '../image-store';
import { LIMITS_SWEEP_MS, sweepExpiredLimits } from '../limits';
import { sweepUnusedUploads } from '../quotas';

/** Runs `task` every `everyMs` from when the app is ready until it closes. */
function repeatWhileOpen(app: FastifyInstance, everyMs: number, task: () => unknown): void {
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    timer = setInterval(task, everyMs);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}

export const sweepersPlugin = fp<{ sql: Sql; store: ImageStore; unusedUploadGraceMs: number }>(
  async (app: FastifyInstance, { sql, store, unusedUploadGraceMs }) => {
    repeatWhileOpen(app, Math.min(unusedUploadGraceMs, 10 * 60_000), () =>
      sweepUnusedUploads(sql, store, unusedUploadGraceMs).catch((error: unknown) => console.error('The sweep of unused uploads failed:', error)),
    );
    repeatWhileOpen(app, LIMITS_SWEEP_MS, () =>
      sweepExpiredLimits(sql).catch((error: unknown) => console.error('The sweep of expired log-in limits failed:', error)),
    );
  },
  { name: 'chirp-sweepers' },
);
