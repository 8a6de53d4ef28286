import { createHash } from 'node:crypto';
import pg from 'pg';
import type { ChannelListener, Queryable, QueryOptions, Rows, Sql } from './sql';

/** Deadlocks and serialization failures are retried: the transaction is run again from the start. */
const RETRIED_CODES = new Set(['40001', '40P01']);
const MAX_ATTEMPTS = 5;

/**
 * Whether a pool's connections keep the hot reads prepared. Between the server and PostgreSQL, a
 * transaction-mode pooler that does not track prepared statements (PgBouncer before 1.21, or without
 * `max_prepared_statements`) hands a statement prepared on one server connection to another; the
 * first such failure turns preparing off for the pool, and the read is asked again unprepared.
 */
interface Preparing {
  on: boolean;
}

/** PostgreSQL's answers when a named statement is missing on the server connection, or already there. */
const PREPARED_ELSEWHERE = new Set(['26000', '42P05']);

/** The names given, by text: a hot read's text is kilobytes, and hashing it again at every call showed in profiles. */
const names = new Map<string, string>();
/** Past this many texts (a statement's text varies with the call's shape, never with its values) the names are forgotten. */
const NAMES_KEPT = 1_000;

/** One name per text, the same on every connection and instance. */
function statementName(text: string): string {
  let name = names.get(text);
  if (!name) {
    if (names.size >= NAMES_KEPT) names.clear();
    name = `chirp_${createHash('sha1').update(text).digest('hex').slice(0, 32)}`;
    names.set(text, name);
  }
  return name;
}

function queryable(client: pg.Pool | pg.PoolClient, preparing?: Preparing): Queryable {
  return {
    async query<Row>(text: string, params?: readonly unknown[], options?: QueryOptions): Promise<Rows<Row>> {
      const values = params as unknown[] | undefined;
      if (options?.prepared && preparing?.on) {
        try {
          const result = await client.query({ name: statementName(text), text, values });
          return { rows: result.rows as Row[] };
        } catch (error) {
          if (!(error instanceof pg.DatabaseError && PREPARED_ELSEWHERE.has(error.code ?? ''))) throw error;
          // Said once, whichever of the reads under way failed first.
          if (preparing.on) console.warn(`Prepared statements are off for this pool (${error.message}): is a transaction-mode pooler in between?`);
          preparing.on = false;
        }
      }
      const result = await client.query(text, values);
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
  /**
   * The connection LISTEN uses (DATABASE_LISTEN_URL): a direct one, as a transaction-mode pooler cannot
   * hold a session's LISTEN. Default: `connectionString`.
   */
  listenConnectionString?: string;
}

const PLAIN_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/**
 * What every connection of ours starts with: the schema as a startup option (`search_path`), as
 * nothing else in the server keeps session state. A transaction-mode pooler does not pass that option
 * on (server/README.md, "Read replica"); `openPostgres` checks that it arrived.
 */
const connectionSettings = (connectionString: string, schema: string | undefined): pg.ClientConfig => ({
  connectionString,
  ...(schema ? { options: `-c search_path=${schema}` } : {}),
});

/** A pool of connections; `lost` hears of an idle one's failure (the pool replaces it). */
export function openPool(
  options: Omit<PostgresOptions, 'listenConnectionString'> & { connectTimeoutMs?: number },
  lost: (error: Error) => void = (error) => console.warn('PostgreSQL connection lost:', error.message),
): pg.Pool {
  const pool = new pg.Pool({
    ...connectionSettings(options.connectionString, options.schema),
    max: options.maxConnections ?? 10,
    connectionTimeoutMillis: options.connectTimeoutMs ?? 0,
  });
  // An idle client that loses its connection must not crash the process.
  pool.on('error', lost);
  return pool;
}

/** Queries and transactions on a pool (each transaction on one of its connections; its hot reads prepared). */
export function pooled(pool: pg.Pool): Queryable & Pick<Sql, 'transaction'> {
  return {
    // Prepared statements only outside transactions: there a failed one could be asked again.
    ...queryable(pool, { on: true }),
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
  };
}

export async function openPostgres(options: PostgresOptions): Promise<Sql> {
  const { connectionString, schema } = options;
  if (schema !== undefined && !PLAIN_NAME.test(schema)) throw new Error(`Not a plain schema name: ${schema}`);
  if (schema) {
    const admin = new pg.Client({ connectionString });
    await admin.connect();
    try {
      await admin.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
    } finally {
      await admin.end();
    }
  }
  const pool = openPool(options);
  try {
    if (schema) await checkSchema(pool, schema);
  } catch (error) {
    await pool.end();
    throw error;
  }
  const listenSettings = connectionSettings(options.listenConnectionString ?? connectionString, schema);
  return {
    kind: 'postgres',
    ...pooled(pool),
    listen: (channel, listener) => listenOn(listenSettings, channel, listener),
    close: () => pool.end(),
  };
}

/**
 * The schema must have reached the connection: behind a transaction-mode pooler the startup option
 * is dropped (or the connection refused), and the server would otherwise migrate and write elsewhere.
 */
async function checkSchema(pool: pg.Pool, schema: string): Promise<void> {
  const found = await pool.query<{ schema: string | null }>('SELECT current_schema() AS schema').then(
    ({ rows }) => `works in ${rows[0]?.schema ?? 'no schema'}`,
    (error: Error) => {
      // PgBouncer before 1.20 refuses the option outright.
      if (!/unsupported startup parameter/i.test(error.message)) throw error;
      return `was refused (${error.message})`;
    },
  );
  if (found !== `works in ${schema}`) {
    throw new Error(
      `DATABASE_SCHEMA is ${schema}, but the connection ${found}: the schema is a connection startup option, which a ` +
        'transaction-mode pooler (PgBouncer) does not pass on. Connect directly or through a session pool, or leave ' +
        'DATABASE_SCHEMA unset and give the role its schema (ALTER ROLE … SET search_path).',
    );
  }
}

const RELISTEN_FIRST_MS = 250;
const RELISTEN_MAX_MS = 10_000;

/**
 * LISTEN on a connection of its own (notifications arrive on the session that listens, so it cannot
 * be a pooled one). A lost connection is opened again, waiting longer each time; `listening` tells the
 * caller each time it listens, so it can read what it missed meanwhile.
 */
async function listenOn(connection: pg.ClientConfig, channel: string, listener: ChannelListener): Promise<() => Promise<void>> {
  if (!PLAIN_NAME.test(channel)) throw new Error(`Not a plain channel name: ${channel}`);
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
