/** Live updates: this instance's streams, fed by the database's NOTIFY (so every instance hears every change). */
import { LIVE } from '@chirp/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { DEFAULT_LIVE_LIMITS, type ServerConfig } from '../config';
import type { Sql } from '../db/sql';
import { loadSessionVersion } from '../db/records';
import { eventsRoute } from '../live/events-route';
import { startLiveHub } from '../live/hub';

export const livePlugin = fp<{ sql: Sql; jwtSecret: string; limits?: ServerConfig['live'] }>(
  async (app: FastifyInstance, { sql, jwtSecret, limits }) => {
    const hub = await startLiveHub(sql, { heartbeatMs: LIVE.heartbeatMs });
    app.addHook('onClose', () => hub.close());
    eventsRoute(app, hub, { jwtSecret, sessionVersion: (userId) => loadSessionVersion(sql, userId), ...DEFAULT_LIVE_LIMITS, ...limits });
  },
  { name: 'chirp-live' },
);
