// @vitest-environment node
/**
 * The PGlite folder's lock (db/folder-lock.ts): one server at a time, whatever the timing, and a
 * server that comes back after a crash or a restart is not kept out by the lock it left.
 */
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { lockFolder } from '../db/folder-lock';

const ROOT = join(import.meta.dirname, '../../..');
const CONTENDER = join(import.meta.dirname, 'lock-contender.ts');
const LOCK_NAME = 'chirp-server.lock';

const folders: string[] = [];
const newFolder = () => {
  const folder = mkdtempSync(join(tmpdir(), 'chirp-lock-'));
  folders.push(folder);
  return folder;
};
afterAll(() => folders.forEach((folder) => rmSync(folder, { recursive: true, force: true })));

const contenderArgs = (args: string[]) => [process.execPath, '--import', 'tsx', CONTENDER, ...args];
/** `take-and-exit` in another process: what it printed ('locked', or why not). */
const takeAndExit = (folder: string, wrapper: string[] = []) => {
  const [command, ...args] = [...wrapper, ...contenderArgs(['take-and-exit', folder])];
  return spawnSync(command!, args, { cwd: ROOT, encoding: 'utf8' }).stdout.trim();
};

/** A lock as a process that ended while holding it leaves it. */
function lockOfAProcessThatEnded() {
  const scratch = newFolder();
  expect(takeAndExit(scratch)).toBe('locked');
  const copy = join(newFolder(), 'stale-lock');
  copyFileSync(join(scratch, LOCK_NAME), copy);
  return copy;
}

interface Tally {
  attempts: number;
  acquired: number;
  refused: number;
  leftStale: number;
  heldTogether: number;
  errors: string[];
}

async function contend(folder: string, contenders: number, attemptsEach: number, staleLock: string): Promise<Tally[]> {
  const children = Array.from({ length: contenders }, () => {
    const [command, ...args] = contenderArgs(['contend', folder, String(attemptsEach), staleLock]);
    const child = spawn(command!, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
    let output = '';
    const ready = new Promise<void>((resolve) =>
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('ready')) resolve();
      }),
    );
    const ended = new Promise<Tally>((resolve, reject) =>
      child.once('exit', (code) => {
        const last = output.trim().split('\n').pop() ?? '';
        if (code === 0 && last.startsWith('{')) resolve(JSON.parse(last) as Tally);
        else reject(new Error(`A contender ended with ${code}:\n${output}`));
      }),
    );
    return { ready, ended };
  });
  await Promise.all(children.map(({ ready }) => ready));
  writeFileSync(join(folder, 'go'), '');
  return Promise.all(children.map(({ ended }) => ended));
}

const canUnshare = spawnSync('unshare', ['--user', '--map-root-user', '--pid', '--fork', '--mount-proc', 'true']).status === 0;

describe('the PGlite folder lock', () => {
  it('is held by one process at a time in 1,000 simultaneous tries, locks left by dead processes taken over among them', { timeout: 60_000 }, async () => {
    const staleLock = lockOfAProcessThatEnded();
    const tallies = await contend(newFolder(), 8, 125, staleLock);
    const total = (key: 'attempts' | 'acquired' | 'refused' | 'leftStale' | 'heldTogether') =>
      tallies.reduce((sum, tally) => sum + tally[key], 0);
    expect(total('heldTogether')).toBe(0);
    expect(tallies.flatMap((tally) => tally.errors)).toEqual([]);
    expect(total('attempts')).toBeGreaterThanOrEqual(1000);
    // Every lock left stale was taken over by a later holder (the contention was real).
    expect(total('leftStale')).toBeGreaterThan(10);
    expect(total('refused')).toBeGreaterThan(0);
  });

  it('takes over a lock that names this process, left by an earlier process with the same PID', () => {
    const folder = newFolder();
    const lockFile = join(folder, LOCK_NAME);
    // As a server of an earlier version wrote it: the PID alone.
    writeFileSync(lockFile, String(process.pid));
    lockFolder(folder)();
    // As this version writes it: the PID, with another process's start time.
    expect(takeAndExit(folder)).toBe('locked');
    writeFileSync(lockFile, JSON.stringify({ ...JSON.parse(readFileSync(lockFile, 'utf8')), pid: process.pid }));
    lockFolder(folder)();
  });

  it.skipIf(!canUnshare)('starts again after a restart that gave it the PID the lock names (as a container restarted with PID 1)', () => {
    const folder = newFolder();
    const asPidOne = ['unshare', '--user', '--map-root-user', '--pid', '--fork', '--mount-proc'];
    expect(takeAndExit(folder, asPidOne)).toBe('locked');
    expect(takeAndExit(folder, asPidOne)).toBe('locked');
  });

  it('keeps out another process while the holder runs, and this one while another holds it', () => {
    const folder = newFolder();
    const release = lockFolder(folder);
    expect(takeAndExit(folder)).toMatch(new RegExp(`in use by another Chirp server \\(process ${process.pid}\\)`));
    expect(() => lockFolder(folder)).toThrow(/in use by another Chirp server/);
    release();
    expect(takeAndExit(folder)).toBe('locked');
  });
});
