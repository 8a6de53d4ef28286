/**
 * What the cluster script believes on disk. Its folder is under /tmp by default, where anyone may make
 * a folder or a file first: a folder it did not make for itself, a secret another user could read, or a
 * PID that is not the process it started would hand the cluster (or a kill) to someone else.
 */
import { closeSync, constants, fstatSync, lstatSync, mkdirSync, openSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

const modeOf = (stats) => (stats.mode & 0o777).toString(8).padStart(3, '0');

/**
 * Why the folder (its lstat) may not hold a cluster, or null: it must be a folder, not a link to one,
 * belong to one of `owners` and be closed to everyone else (0700).
 */
export function folderDistrust(stats, owners) {
  if (stats.isSymbolicLink()) return 'is a symbolic link';
  if (!stats.isDirectory()) return 'is not a folder';
  if (!owners.includes(stats.uid)) return `belongs to another user (uid ${stats.uid})`;
  if ((stats.mode & 0o077) !== 0) return `is open to other users (mode ${modeOf(stats)}; 700 wanted)`;
  return null;
}

/**
 * Why a file the script reads back (its fstat) is not one it wrote, or null: a plain file of `uid` that
 * nobody else may change — and, for a `secret`, nobody else may read.
 */
export function fileDistrust(stats, uid, { secret }) {
  if (!stats.isFile()) return 'is not a plain file';
  if (stats.uid !== uid) return `belongs to another user (uid ${stats.uid})`;
  if ((stats.mode & (secret ? 0o077 : 0o022)) !== 0) return `is open to other users (mode ${modeOf(stats)}; ${secret ? '600' : '644 or 600'} wanted)`;
  return null;
}

/** Whether `cmdline` (as /proc/<pid>/cmdline has it: each argument ended by a NUL) runs `args` after the program. */
export const runsArgs = (cmdline, args) => cmdline.split('\0').slice(1, -1).join('\0') === args.join('\0');

/** Whether `environ` (as /proc/<pid>/environ has it) holds `name=value`. */
export const hasVariable = (environ, name, value) => environ.split('\0').includes(`${name}=${value}`);

const procText = (pid, what) => {
  try {
    return readFileSync(`/proc/${pid}/${what}`, 'utf8');
  } catch {
    return null;
  }
};

/**
 * Whether `pid` is a process the script started: it runs `args` (what follows the program: a node
 * or a packaged binary's path may differ from the script's) and has `env` among its variables. A PID
 * saved earlier may name another process since (the machine restarted, PIDs came round).
 */
export function isOurProcess(pid, { args, env = {} }) {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  const cmdline = procText(pid, 'cmdline');
  if (!cmdline || !runsArgs(cmdline, args)) return false;
  const entries = Object.entries(env);
  if (entries.length === 0) return true;
  const environ = procText(pid, 'environ');
  return environ !== null && entries.every(([name, value]) => hasVariable(environ, name, value));
}

/** Makes `dir` (0700) or checks the one found there; throws what is wrong with it. */
export function privateFolder(dir, owners, { create }) {
  if (create) {
    mkdirSync(dirname(dir), { recursive: true });
    try {
      mkdirSync(dir, { mode: 0o700 });
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
    }
  }
  const problem = folderDistrust(lstatSync(dir), owners);
  if (problem) {
    throw new Error(
      `The cluster's folder ${dir} ${problem}. Only a folder of your own that nobody else can enter may hold the cluster (its databases, passwords and PIDs): use another CLUSTER_DIR, or check and remove that folder.`,
    );
  }
}

/** A file the script wrote itself, read back: refused if another user made it or could change (or, for a `secret`, read) it. */
export function readOwnFile(path, { secret }) {
  // O_NOFOLLOW: a link put in its place is refused, not followed.
  const handle = openSync(path, constants.O_RDONLY | constants.O_NOFOLLOW);
  try {
    const problem = fileDistrust(fstatSync(handle), process.getuid(), { secret });
    if (problem) throw new Error(`${path} ${problem}: the cluster script did not write it. Remove it (or the cluster's folder) to start again.`);
    return readFileSync(handle, 'utf8');
  } finally {
    closeSync(handle);
  }
}

/** Writes `text` to `path` readable by its owner alone, in one step (written aside, then renamed). */
export function writeOwnFile(path, text) {
  const draft = `${path}.${process.pid}.draft`;
  writeFileSync(draft, text, { mode: 0o600, flag: 'wx' });
  renameSync(draft, path);
}
