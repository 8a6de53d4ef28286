/** The server as a separate process, as `npm run server` runs it (compiled), for crash and scale-out tests. */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';

const ROOT = join(import.meta.dirname, '../../..');
const MAIN = join(ROOT, 'server/dist/main.js');

/** The compiled server, built once per test process from the current sources. */
let built: Promise<unknown> | undefined;
const buildServer = () => (built ??= promisify(execFile)(process.execPath, [join(ROOT, 'server/build.mjs')]));

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Sends `signal` and waits for the process to end. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/** Tests (and benchmarks) stream posts and log in often: the limits meant for abuse are out of their way. */
export const GENEROUS_LIMITS = {
  AUTH_RATE_LIMIT: '100000',
  LOGIN_FAILURE_LIMIT: '100000',
  POSTS_PER_MINUTE: '100000',
  REPORTS_PER_HOUR: '100000',
  LIKES_PER_MINUTE: '100000',
  LIVE_STREAMS_PER_ADDRESS: '100000',
  UPLOADS_PER_HOUR: '100000',
};

export async function spawnServer(env: Record<string, string>): Promise<ServerProcess> {
  // The database is the caller's choice alone: an inherited DATABASE_URL (CI sets one for the
  // PostgreSQL suites) would put this server's data in a shared database. Without one: PGlite.
  const { DATABASE_URL: _url, DATABASE_SCHEMA: _schema, ...inherited } = process.env;
  await buildServer();
  // One process, so a signal reaches the server itself.
  const child = spawn(process.execPath, [MAIN], {
    cwd: ROOT,
    env: {
      ...inherited,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_REQUESTS: '0',
      ...GENEROUS_LIMITS,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const ended = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`The server did not start in time:\n${output}`)), 180_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Chirp API on (http:\/\/\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`The server ended (${code}) before it started:\n${output}`));
    });
  });
  return {
    url,
    child,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await ended;
    },
  };
}

export async function post(url: string, path: string, body: unknown, token?: string) {
  const response = await fetch(`${url}/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: token } : {}) },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as ApiAnswer };
}

/** What the API answers, as these tests read it: a few known fields. */
export interface ApiAnswer {
  encodedToken: string;
  message?: string;
  posts: Array<{ _id: string; content: string }>;
}

/** Posts from `writers` loops until the server dies; answers the ids of the posts it acknowledged. */
export async function streamPostsUntilKilled(server: ServerProcess, token: string, killAfterAcks: number, writers = 4) {
  const acknowledged: string[] = [];
  let killed = false;
  const writer = async (writerIndex: number) => {
    for (let index = 0; !killed; index += 1) {
      const content = `crash test ${writerIndex}.${index} ${crypto.randomUUID()}`;
      try {
        const answer = await post(server.url, '/posts', { postData: { content } }, token);
        if (answer.status !== 201) throw new Error(`answered ${answer.status}`);
        acknowledged.push(answer.body.posts.find((entry) => entry.content === content)!._id);
      } catch {
        return; // the server is gone: this write was never acknowledged
      }
      if (acknowledged.length >= killAfterAcks && !killed) {
        killed = true;
        await server.stop('SIGKILL');
      }
    }
  };
  await Promise.all(Array.from({ length: writers }, (_, index) => writer(index)));
  return acknowledged;
}

export async function postIdsOn(url: string): Promise<Set<string>> {
  const answer = await fetch(`${url}/api/posts`);
  const body = (await answer.json()) as { posts: Array<{ _id: string }> };
  return new Set(body.posts.map((entry) => entry._id));
}
