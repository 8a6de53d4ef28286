import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';

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
