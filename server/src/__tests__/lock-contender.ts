/**
 * A process that wants a PGlite folder's lock, for folder-lock.test.ts:
 *
 *   take-and-exit <folder>                        takes the lock and ends without giving it back (as a crash does)
 *   contend <folder> <attempts> <stale lock file>  tries again and again once <folder>/go exists, holding the lock
 *                                                  a moment when it gets it, then either giving it back or leaving
 *                                                  the stale lock in its place (as a process killed holding it does);
 *                                                  prints what happened as JSON
 */
import { closeSync, existsSync, openSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { lockFolder } from '../db/folder-lock';

const [mode, folder, ...rest] = process.argv.slice(2);
const pause = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

if (mode === 'take-and-exit') {
  try {
    lockFolder(folder!);
    console.info('locked');
    process.exit(0);
  } catch (error) {
    console.info(messageOf(error));
    process.exit(1);
  }
}

const attempts = Number(rest[0]);
const staleLock = readFileSync(rest[1]!, 'utf8');
const lockFile = join(folder!, 'chirp-server.lock');
/** Made exclusively by whoever holds the lock: a second holder at the same moment finds it there. */
const holderMark = join(folder!, 'held');
const tally = { attempts: 0, acquired: 0, refused: 0, leftStale: 0, heldTogether: 0, errors: [] as string[] };

console.info('ready');
while (!existsSync(join(folder!, 'go'))) pause(1);
for (let attempt = 0; attempt < attempts; attempt += 1) {
  tally.attempts += 1;
  let release: () => void;
  try {
    release = lockFolder(folder!);
  } catch (error) {
    if (/in use by another Chirp server/.test(messageOf(error))) tally.refused += 1;
    else tally.errors.push(messageOf(error));
    pause(Math.random());
    continue;
  }
  tally.acquired += 1;
  let alone = true;
  try {
    closeSync(openSync(holderMark, 'wx'));
  } catch {
    alone = false;
    tally.heldTogether += 1;
  }
  pause(1);
  if (alone) unlinkSync(holderMark);
  if (attempt % 2 === 0) {
    release();
  } else {
    const replacement = `${lockFile}.${process.pid}.replacement`;
    writeFileSync(replacement, staleLock);
    renameSync(replacement, lockFile);
    tally.leftStale += 1;
  }
}
console.info(JSON.stringify(tally));
