import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { lockFolder } from './folder-lock';
import type { Queryable, Rows, Sql } from './sql';

interface PGliteLike {
  query<Row>(text: string, params?: unknown[]): Promise<{ rows: Row[] }>;
  exec(text: string): Promise<unknown>;
}

/** PGlite has one connection and no pool: a prepared read (QueryOptions) is asked as any other. */
function queryable(db: PGliteLike): Queryable {
  return {
    async query<Row>(text: string, params?: readonly unknown[]): Promise<Rows<Row>> {
      const result = await db.query<Row>(text, params as unknown[] | undefined);
      return { rows: result.rows };
    },
    async exec(text: string) {
      await db.exec(text);
    },
  };
}

/**
 * Embedded PostgreSQL (PGlite, WebAssembly) kept in `dataDir`: nothing to install, data kept across
 * restarts. One process at a time may open a folder; PGlite runs one transaction at a time. Without
 * a folder, the database is in memory and ends with the process (ServerConfig.pgliteInMemory).
 */
export async function openPglite(dataDir: string | undefined): Promise<Sql> {
  if (dataDir !== undefined) mkdirSync(dataDir, { recursive: true });
  const release = dataDir === undefined ? () => undefined : lockFolder(dataDir);
  try {
    const db = await PGlite.create(dataDir);
    return {
      kind: 'pglite',
      ...queryable(db),
      transaction: (work) => db.transaction((tx) => work(queryable(tx))),
      async listen(channel, listener) {
        const stop = await db.listen(channel, (payload) => listener.message(payload));
        listener.listening();
        return () => stop();
      },
      close: () => db.close().finally(release),
    };
  } catch (error) {
    release();
    throw error;
  }
}
