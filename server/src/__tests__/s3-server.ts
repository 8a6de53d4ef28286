/**
 * A real S3-compatible server for tests: s3rver (npm) as its own process on a loopback port, data
 * in a temporary folder. It knows one access key (below) and refuses others, but does not verify
 * SigV4 signatures themselves.
 */
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { newTempDir } from './test-server';

/** The one key pair s3rver knows. */
export const S3RVER_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export interface S3ServerProcess {
  /** e.g. http://127.0.0.1:40123 */
  endpoint: string;
  stop(): Promise<void>;
}

export async function startS3Server(buckets: string[]): Promise<S3ServerProcess> {
  const bin = createRequire(import.meta.url).resolve('s3rver/bin/s3rver.js');
  const directory = newTempDir('chirp-s3-');
  const args = ['-d', directory, '-a', '127.0.0.1', '-p', '0', '--silent', ...buckets.flatMap((name) => ['--configure-bucket', name])];
  const child = spawn(process.execPath, [bin, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  const ended = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let output = '';
  const port = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`s3rver did not start in time:\n${output}`)), 30_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on [^\s:]+:(\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`s3rver ended (${code}) before it started:\n${output}`));
    });
  });
  return {
    endpoint: `http://127.0.0.1:${port}`,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await ended;
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
