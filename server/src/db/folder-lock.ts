import { createHash, randomUUID } from 'node:crypto';
import { linkSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Who holds a lock: enough to tell that process from a later one given the same PID. */
interface Holder {
  pid: number;
  /** When the process started, in clock ticks since boot (/proc/<pid>/stat, field 22); null where unknown. */
  startTime: string | null;
  /** The boot the process ran in (/proc/sys/kernel/random/boot_id); null where unknown. */
  bootId: string | null;
  /** This lock's own name: two locks never have the same content. */
  token: string;
}

const readOrNull = (path: string) => {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
};

/** Linux only; elsewhere null, and a lock is told by its PID alone (and, for our own PID, by its token). */
function startTimeOf(pid: number): string | null {
  const stat = readOrNull(`/proc/${pid}/stat`);
  // The process's name (field 2) may hold spaces and parentheses: count the fields after its last ')'.
  return stat?.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
}

const BOOT_ID = (() => {
  try {
    return readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim() || null;
  } catch {
    return null;
  }
})();
const OUR_START_TIME = startTimeOf(process.pid);
/** The tokens of the locks this process holds: how our own PID is told apart where start times are unknown. */
const heldHere = new Set<string>();

const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** A lock's content; a server of an earlier version wrote its PID alone. Null: nobody could hold it. */
function holderIn(content: string): Holder | null {
  if (/^\d+$/.test(content.trim())) return { pid: Number(content.trim()), startTime: null, bootId: null, token: '' };
  try {
    const { pid, startTime, bootId, token } = JSON.parse(content) as Partial<Holder>;
    if (!Number.isInteger(pid) || pid! <= 0 || typeof token !== 'string') return null;
    return { pid: pid!, startTime: startTime ?? null, bootId: bootId ?? null, token };
  } catch {
    return null;
  }
}

/**
 * Whether the holder still runs. PIDs repeat (after a reboot, and in a restarted container, where the
 * server is PID 1 again): a PID that runs is the holder only if its start time is the one recorded.
 * Where a start time cannot be read, a running PID other than ours is taken as the holder (better a
 * refused start than two servers on one folder).
 */
function holderRuns(holder: Holder): boolean {
  if (holder.bootId !== null && BOOT_ID !== null && holder.bootId !== BOOT_ID) return false;
  if (holder.pid === process.pid) {
    return OUR_START_TIME !== null && holder.startTime !== null ? holder.startTime === OUR_START_TIME : heldHere.has(holder.token);
  }
  if (!isRunning(holder.pid)) return false;
  const startTime = startTimeOf(holder.pid);
  return startTime === null || holder.startTime === null || startTime === holder.startTime;
}

/** Writes `content` to a file of its own, then gives it `path` in one step; false when `path` exists. */
function createWith(path: string, content: string): boolean {
  const draft = `${path}.${randomUUID()}.draft`;
  writeFileSync(draft, content, { flag: 'wx' });
  try {
    linkSync(draft, path);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    rmSync(draft, { force: true });
  }
}

function replaceWith(path: string, content: string) {
  const draft = `${path}.${randomUUID()}.draft`;
  writeFileSync(draft, content, { flag: 'wx' });
  renameSync(draft, path);
}

const removeIfStill = (path: string, content: string) => {
  if (readOrNull(path) === content) rmSync(path, { force: true });
};

/** How many locks deep a takeover may go: each level needs a process to die in the middle of one. */
const TAKEOVER_DEPTH = 3;
const ATTEMPTS = 20;

/**
 * Makes `path` hold `mine`: answers true, or the holder that runs and keeps it. A lock file is made
 * whole before it is seen under its name (written aside, then linked: the link fails if the name is
 * taken), so nobody reads half of one. A stale lock is replaced only by the process that holds the lock
 * named after that stale content (`path.<its hash>`, got the same way): of several processes finding
 * it stale at once, one replaces it; the others find that lock taken, or the content changed.
 */
function claim(path: string, mine: string, depth: number): true | Holder {
  for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
    if (createWith(path, mine)) return true;
    const found = readOrNull(path);
    // Given back meanwhile: try again.
    if (found === null) continue;
    const holder = holderIn(found);
    if (holder && holderRuns(holder)) return holder;
    if (depth >= TAKEOVER_DEPTH) break;
    const takeover = `${path}.${createHash('sha256').update(found).digest('hex').slice(0, 16)}`;
    const taking = claim(takeover, mine, depth + 1);
    // A running process is taking it over now: it is the holder.
    if (taking !== true) return taking;
    try {
      if (readOrNull(path) === found) {
        replaceWith(path, mine);
        return true;
      }
    } finally {
      removeIfStill(takeover, mine);
    }
  }
  throw new Error(`Could not lock ${path}: it changed hands ${ATTEMPTS} times while this server tried.`);
}

/**
 * Two processes writing one PGlite folder lose each other's writes without a word: the folder gets a
 * lock file naming its process (PID, start time, boot). A lock whose process is gone — killed, or
 * another process now has its PID — is taken over; one held by a running process stops this start with
 * a sentence saying so. Answers the release.
 */
export function lockFolder(dataDir: string): () => void {
  const lockFile = join(dataDir, 'chirp-server.lock');
  const token = randomUUID();
  const mine = JSON.stringify({ pid: process.pid, startTime: OUR_START_TIME, bootId: BOOT_ID, token } satisfies Holder);
  const holder = claim(lockFile, mine, 0);
  if (holder !== true) {
    throw new Error(
      `The data folder ${dataDir} is in use by another Chirp server (process ${holder.pid}). Stop that server, or give this one its own DATA_DIR (or a DATABASE_URL).`,
    );
  }
  heldHere.add(token);
  return () => {
    removeIfStill(lockFile, mine);
    heldHere.delete(token);
  };
}
