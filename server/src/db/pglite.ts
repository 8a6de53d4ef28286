import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { Queryable, Rows, Sql } from './sql';

interface PGliteLike {
  query<Row>(text: string, params?: unknown[]): Promise<{ rows: Row[] }>;
  exec(text: string): Promise<unknown>;
}

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
 * restarts. One process at a time may open a folder; PGlite runs one transaction at a time.
 */
export async function openPglite(dataDir: string): Promise<Sql> {
  mkdirSync(dataDir, { recursive: true });
  const release = lockFolder(dataDir);
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

const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * Two processes writing one PGlite folder lose each other's writes without a word: the folder gets a
 * lock file naming its process, made atomically (`wx`). A lock left by a process that is gone (killed)
 * is taken over; one held by a running process stops this start with a sentence saying so.
 */
export function lockFolder(dataDir: string): () => void {
  const lockFile = join(dataDir, 'chirp-server.lock');
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const handle = openSync(lockFile, 'wx');
      writeSync(handle, String(process.pid));
      closeSync(handle);
      return () => rmSync(lockFile, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number(readFileSync(lockFile, 'utf8').trim());
      if (Number.isInteger(holder) && holder > 0 && isRunning(holder)) {
        throw new Error(
          `The data folder ${dataDir} is in use by another Chirp server (process ${holder}). Stop that server, or give this one its own DATA_DIR (or a DATABASE_URL).`,
          { cause: error },
        );
      }
      rmSync(lockFile, { force: true });
    }
  }
  throw new Error(`Could not lock the data folder ${dataDir}.`);
}
