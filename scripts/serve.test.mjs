// @vitest-environment node
import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveDirectory } from './serve.mjs';

const text = 'console.log("hello");\n'.repeat(200);
let directory;
let server;
let url;

beforeAll(async () => {
  directory = mkdtempSync(join(tmpdir(), 'chirp-serve-'));
  writeFileSync(join(directory, 'index.html'), '<!doctype html><title>x</title>');
  writeFileSync(join(directory, 'app.js'), text);
  writeFileSync(join(directory, 'app.js.br'), brotliCompressSync(text));
  writeFileSync(join(directory, 'app.js.gz'), gzipSync(text));
  // A file edited after the build (remotes.json at deploy time): its copies are older than it.
  writeFileSync(join(directory, 'edited.js'), text);
  writeFileSync(join(directory, 'edited.js.br'), brotliCompressSync('stale'));
  const past = new Date(Date.now() - 60_000);
  utimesSync(join(directory, 'edited.js.br'), past, past);
  server = createServer(serveDirectory(directory));
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${server.address().port}`;
});

afterAll(() => {
  server.close();
  rmSync(directory, { recursive: true, force: true });
});

/** fetch decodes bodies itself: the encoding and the decoded text are what a browser gets. */
const get = async (path, acceptEncoding) => {
  const response = await fetch(`${url}${path}`, { headers: { 'accept-encoding': acceptEncoding } });
  return { encoding: response.headers.get('content-encoding'), body: await response.text(), vary: response.headers.get('vary') };
};

describe('npm start serves the compressed copies made at build time', () => {
  it('brotli first, then gzip, the same text either way', async () => {
    expect(await get('/app.js', 'gzip, deflate, br')).toEqual({ encoding: 'br', body: text, vary: 'accept-encoding' });
    expect(await get('/app.js', 'gzip')).toEqual({ encoding: 'gzip', body: text, vary: 'accept-encoding' });
    expect(await get('/app.js', 'identity')).toEqual({ encoding: null, body: text, vary: 'accept-encoding' });
    expect((await get('/app.js', 'br;q=0, gzip')).encoding).toBe('gzip');
  });

  it('never answers a copy older than its file: it compresses the file now instead', async () => {
    expect(await get('/edited.js', 'br, gzip')).toEqual({ encoding: 'gzip', body: text, vary: 'accept-encoding' });
  });
});

describe("npm start puts the shell's deploy-time files in its page", () => {
  let shell;
  let shellUrl;
  beforeAll(async () => {
    writeFileSync(join(directory, 'index.html'), '<!doctype html><html><head><title>Chirp</title></head><body></body></html>');
    writeFileSync(join(directory, 'remotes.json'), '{ "feed": "https://cdn.test/feed/remoteEntry.js" }');
    writeFileSync(join(directory, 'config.json'), '{ "apiBaseUrl": "</script><b>" }');
    shell = createServer(serveDirectory(directory, { spa: true }));
    await new Promise((resolve) => shell.listen(0, '127.0.0.1', resolve));
    shellUrl = `http://127.0.0.1:${shell.address().port}`;
  });
  afterAll(() => shell.close());

  const deployFiles = async (path = '/home') => {
    const response = await fetch(`${shellUrl}${path}`, { headers: { accept: 'text/html', 'accept-encoding': 'br, gzip' } });
    const page = await response.text();
    const tag = /<script type="application\/json" id="chirp-deploy-files">(.*?)<\/script>/.exec(page);
    return { page, files: tag && JSON.parse(tag[1]), encoding: response.headers.get('content-encoding'), cache: response.headers.get('cache-control') };
  };

  it('as they are on disk when the page is asked for, first in its head, never cached', async () => {
    const first = await deployFiles();
    expect(first.files).toEqual({ remotes: { feed: 'https://cdn.test/feed/remoteEntry.js' }, config: { apiBaseUrl: '</script><b>' } });
    expect(first.page).toMatch(/^<!doctype html><html><head><script type="application\/json" id="chirp-deploy-files">/);
    expect(first.page).not.toContain('</script><b>'); // the text cannot close the script
    expect(first).toMatchObject({ encoding: 'br', cache: 'no-cache' });
    writeFileSync(join(directory, 'remotes.json'), '{ "feed": "https://cdn.test/feed/2.0.0/remoteEntry.js" }');
    expect((await deployFiles('/')).files.remotes).toEqual({ feed: 'https://cdn.test/feed/2.0.0/remoteEntry.js' });
  });

  it('answers the page for an app address whose escapes do not decode (the app says nothing is there); a file so named is refused', async () => {
    for (const path of ['/profile/%E0%A4', '/home%']) expect((await deployFiles(path)).page).toContain('<title>Chirp</title>');
    expect((await fetch(`${shellUrl}/assets/app-%E0%A4.js`)).status).toBe(400);
    expect((await fetch(`${url}/profile/%E0%A4`, { headers: { accept: 'text/html' } })).status).toBe(400);
  });

  it('leaves out a file that is missing or not JSON: the page asks for it and reports it', async () => {
    writeFileSync(join(directory, 'remotes.json'), '{ "feed": ');
    rmSync(join(directory, 'config.json'));
    expect((await deployFiles()).files).toEqual({});
  });
});
