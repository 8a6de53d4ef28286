// @vitest-environment node
/** What the cluster script believes on disk (trust.mjs): its folder, the files it wrote, the PIDs it saved. */
import { spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fileDistrust, folderDistrust, isOurProcess, privateFolder, readOwnFile, writeOwnFile } from './trust.mjs';

const me = process.getuid();
const scratch = mkdtempSync(join(tmpdir(), 'chirp-trust-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
let made = 0;
const fresh = () => join(scratch, `case-${(made += 1)}`);
/** An lstat/fstat answer, as the checks read it. */
const statsOf = ({ kind = 'folder', uid = me, mode }) => ({
  uid,
  mode,
  isSymbolicLink: () => kind === 'link',
  isDirectory: () => kind === 'folder',
  isFile: () => kind === 'file',
});

describe("the cluster's folder", () => {
  it('is one of ours, closed to everyone else, and not a link', () => {
    expect(folderDistrust(statsOf({ mode: 0o40700 }), [me])).toBeNull();
    expect(folderDistrust(statsOf({ mode: 0o40755 }), [me])).toMatch(/open to other users \(mode 755/);
    expect(folderDistrust(statsOf({ mode: 0o40770 }), [me])).toMatch(/open to other users/);
    expect(folderDistrust(statsOf({ mode: 0o40700, uid: me + 1 }), [me])).toMatch(/belongs to another user/);
    // As root: the databases' user, whom root gave the folder, may own it.
    expect(folderDistrust(statsOf({ mode: 0o40700, uid: me + 1 }), [me, me + 1])).toBeNull();
    expect(folderDistrust(statsOf({ kind: 'link', mode: 0o120777 }), [me])).toMatch(/symbolic link/);
    expect(folderDistrust(statsOf({ kind: 'file', mode: 0o100600 }), [me])).toMatch(/not a folder/);
  });

  it('is made 0700 when missing, and refused when found open to others or as a link', () => {
    const dir = fresh();
    privateFolder(dir, [me], { create: true });
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    // Found as it is, the second time.
    privateFolder(dir, [me], { create: true });

    const open = fresh();
    mkdirSync(open, { mode: 0o755 });
    chmodSync(open, 0o755);
    expect(() => privateFolder(open, [me], { create: true })).toThrow(/open to other users \(mode 755; 700 wanted\)/);
    expect(statSync(open).mode & 0o777).toBe(0o755);

    const link = fresh();
    symlinkSync(dir, link);
    expect(() => privateFolder(link, [me], { create: false })).toThrow(/is a symbolic link/);
  });
});

describe('a file the script wrote', () => {
  it('is ours, nobody else may change it, and for a secret nobody else may read it', () => {
    expect(fileDistrust(statsOf({ kind: 'file', mode: 0o100600 }), me, { secret: true })).toBeNull();
    expect(fileDistrust(statsOf({ kind: 'file', mode: 0o100644 }), me, { secret: true })).toMatch(/open to other users \(mode 644; 600 wanted\)/);
    expect(fileDistrust(statsOf({ kind: 'file', mode: 0o100644 }), me, { secret: false })).toBeNull();
    expect(fileDistrust(statsOf({ kind: 'file', mode: 0o100664 }), me, { secret: false })).toMatch(/open to other users/);
    expect(fileDistrust(statsOf({ kind: 'file', mode: 0o100600, uid: me + 1 }), me, { secret: false })).toMatch(/belongs to another user/);
    expect(fileDistrust(statsOf({ kind: 'folder', mode: 0o40700 }), me, { secret: false })).toMatch(/not a plain file/);
  });

  it('is written 0600 and read back; one left open, or a link in its place, is refused', () => {
    const dir = fresh();
    privateFolder(dir, [me], { create: true });
    const secrets = join(dir, 'secrets.json');
    writeOwnFile(secrets, '{"jwtSecret":"abc"}');
    expect(statSync(secrets).mode & 0o777).toBe(0o600);
    expect(readOwnFile(secrets, { secret: true })).toBe('{"jwtSecret":"abc"}');

    chmodSync(secrets, 0o644);
    expect(() => readOwnFile(secrets, { secret: true })).toThrow(/did not write it/);

    const planted = join(dir, 'cluster.json');
    const elsewhere = join(scratch, 'elsewhere.json');
    writeFileSync(elsewhere, '{}', { mode: 0o600 });
    symlinkSync(elsewhere, planted);
    expect(() => readOwnFile(planted, { secret: false })).toThrow();
  });
});

describe('a saved PID', () => {
  it('is ours only while it runs the command we started, with its variables', async () => {
    const args = ['-e', 'setTimeout(() => {}, 30000)', 'chirp-trust-test'];
    const child = spawn(process.execPath, args, { env: { ...process.env, DATA_DIR: '/somewhere/api1' }, stdio: 'ignore' });
    await new Promise((resolve) => child.once('spawn', resolve));
    try {
      expect(isOurProcess(child.pid, { args })).toBe(true);
      expect(isOurProcess(child.pid, { args, env: { DATA_DIR: '/somewhere/api1' } })).toBe(true);
      expect(isOurProcess(child.pid, { args, env: { DATA_DIR: '/somewhere/api2' } })).toBe(false);
      expect(isOurProcess(child.pid, { args: [...args.slice(0, -1), 'another'] })).toBe(false);
      expect(isOurProcess(process.pid, { args })).toBe(false);
    } finally {
      child.kill('SIGKILL');
      await new Promise((resolve) => child.once('exit', resolve));
    }
    expect(isOurProcess(child.pid, { args })).toBe(false);
    expect(isOurProcess(0, { args })).toBe(false);
    expect(isOurProcess(Number.NaN, { args })).toBe(false);
  });
});
