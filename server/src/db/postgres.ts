import pg from 'pg';
import type { ChannelListener, Queryable, Rows, Sql } from './sql';

/** Deadlocks and serialization failures are retried: the transaction is run again from the start. */
const RETRIED_CODES = new Set(['40001', '40P01']);
const MAX_ATTEMPTS = 5;

function queryable(client: pg.Pool | pg.PoolClient): Queryable {
  return {
    async query<Row>(text: string, params?: readonly unknown[]): Promise<Rows<Row>> {
      const result = await client.query(text, params as unknown[] | undefined);
      return { rows: result.rows as Row[] };
    },
    async exec(text: string) {
      await client.query(text);
    },
  };
}

export interface PostgresOptions {
  connectionString: string;
  /** A schema to work in (created when missing), e.g. a fresh one per test run. */
  schema?: string;
  maxConnections?: number;
}

export async function openPostgres(options: PostgresOptions): Promise<Sql> {
  const { connectionString, schema } = options;
  if (schema !== undefined && !/^[a-z_][a-z0-9_]{0,62}$/.test(schema)) throw new Error(`Not a plain schema name: ${schema}`);
  if (schema) {
    const admin = new pg.Client({ connectionString });
    await admin.connect();
    try {
      await admin.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
    } finally {
      await admin.end();
    }
  }
  const pool = new pg.Pool({
    connectionString,
    max: options.maxConnections ?? 10,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  // An idle client that loses its connection must not crash the process; the pool replaces it.
  pool.on('error', (error) => console.warn('PostgreSQL connection lost:', error.message));
  return {
    kind: 'postgres',
    ...queryable(pool),
    async transaction(work) {
      for (let attempt = 1; ; attempt += 1) {
        const client = await pool.connect();
        try {
          await client.query('BEGIN');
          const result = await work(queryable(client));
          await client.query('COMMIT');
          return result;
        } catch (error) {
          await client.query('ROLLBACK').catch(() => undefined);
          const code = (error as { code?: string }).code;
          if (!(code && RETRIED_CODES.has(code) && attempt < MAX_ATTEMPTS)) throw error;
        } finally {
          client.release();
        }
      }
    },
    listen: (channel, listener) => listenOn({ connectionString, ...(schema ? { options: `-c search_path=${schema}` } : {}) }, channel, listener),
    close: () => pool.end(),
  };
}

const RELISTEN_FIRST_MS = 250;
const RELISTEN_MAX_MS = 10_000;

/**
 * LISTEN on a connection of its own (notifications arrive on the session that listens, so it cannot
 * be a pooled one). A lost connection is opened again, waiting longer each time; `listening` tells the
 * caller each time it listens, so it can read what it missed meanwhile.
 */
async function listenOn(connection: pg.ClientConfig, channel: string, listener: ChannelListener): Promise<() => Promise<void>> {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(channel)) throw new Error(`Not a plain channel name: ${channel}`);
  let stopped = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  let wait = RELISTEN_FIRST_MS;

  const connect = async (): Promise<void> => {
    const next = new pg.Client(connection);
    next.on('notification', (message) => {
      if (message.channel === channel && message.payload !== undefined) listener.message(message.payload);
    });
    const lost = (error?: Error) => {
      if (client !== next) return;
      client = undefined;
      next.removeAllListeners('end');
      next.end().catch(() => undefined);
      if (stopped) return;
      console.warn(`Listening on ${channel}: connection lost${error ? ` (${error.message})` : ''}; connecting again.`);
      schedule();
    };
    next.on('error', lost);
    next.on('end', () => lost());
    client = next;
    try {
      await next.connect();
      await next.query(`LISTEN ${channel}`);
    } catch (error) {
      client = undefined;
      next.removeAllListeners('end');
      next.end().catch(() => undefined);
      throw error;
    }
    wait = RELISTEN_FIRST_MS;
    listener.listening();
  };
  const schedule = () => {
    retry = setTimeout(() => {
      if (stopped) return;
      connect().catch((error: Error) => {
        if (stopped) return;
        console.warn(`Listening on ${channel} failed (${error.message}); trying again in ${wait} ms.`);
        schedule();
      });
    }, wait);
    wait = Math.min(wait * 2, RELISTEN_MAX_MS);
  };

  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const last = client;
    client = undefined;
    await last?.end().catch(() => undefined);
  };
}
