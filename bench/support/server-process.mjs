/**
 * The API server as its own process, as it runs in production, for the benchmarks: started on a
 * free port with `env` on top of this process's own, resolved once it says where it listens.
 */
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '../..');

let built = false;

export function spawnServer(env) {
  // Compiled, as `npm run server` runs it: built once per benchmark run.
  if (!built) execFileSync(process.execPath, [join(ROOT, 'server/build.mjs')], { stdio: 'inherit' });
  built = true;
  const child = spawn(process.execPath, ['server/dist/main.js'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_REQUESTS: '0',
      AUTH_RATE_LIMIT: '1000000',
      LIKES_PER_MINUTE: '1000000',
      JWT_SECRET: randomBytes(32).toString('hex'),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const stop = () =>
    new Promise((resolve) => {
      child.once('exit', resolve);
      child.kill('SIGTERM');
    });
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
      const match = /Chirp API on (http:\/\/\S+)/.exec(output);
      if (match) resolve({ child, url: match[1], stop });
    });
    child.once('exit', (code) => reject(new Error(`The server ended (${code}):\n${output}`)));
  });
}
