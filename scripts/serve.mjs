#!/usr/bin/env node
/**
 * Serves the production builds as they would be deployed: each package from its own origin.
 *   shell   → http://localhost:4173 (SHELL_PORT), with history fallback for the app's routes
 *   auth    → http://localhost:4174 (AUTH_PORT)
 *   feed    → http://localhost:4175 (FEED_PORT)
 *   profile → http://localhost:4176 (PROFILE_PORT)
 *   notifications → http://localhost:4177 (NOTIFICATIONS_PORT)
 * Remote entries, manifests, index.html and the JSON config files are served `no-cache`, so a
 * redeployed remote is picked up on the next load; hashed chunks are cached for good.
 * HOST limits the interface (default: all, so both 127.0.0.1 and ::1 answer for localhost).
 */
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, createGzip, gzipSync } from 'node:zlib';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.webmanifest', '.svg', '.txt']);

/** Whether an Accept-Encoding header takes `encoding` (named, and not with q=0). */
const takes = (acceptEncoding, encoding) => new RegExp(`\\b${encoding}\\b(?!;q=0(\\.0*)?\\b)`).test(acceptEncoding);

/**
 * Which bytes answer a request for `file`: its brotli or gzip copy made at build time (shared/build/
 * precompress.ts) when the browser takes that encoding — brotli first — and the copy is not older
 * than the file (a file edited at deploy time, such as remotes.json, is never answered stale); else
 * gzip made now for text, else the file as it is.
 */
export function representation(file, extension, acceptEncoding) {
  if (COMPRESSIBLE.has(extension)) {
    const modified = statSync(file).mtimeMs;
    for (const [encoding, suffix] of [['br', '.br'], ['gzip', '.gz']]) {
      const copy = file + suffix;
      if (takes(acceptEncoding, encoding) && existsSync(copy) && statSync(copy).mtimeMs >= modified) return { path: copy, encoding };
    }
    if (takes(acceptEncoding, 'gzip')) return { path: file, encoding: 'gzip', compressNow: true };
  }
  return { path: file };
}

/** The deploy-time files the shell's page reads first (shell/build/early-start.js). */
const DEPLOY_FILES = ['remotes', 'config'];

/**
 * The shell's page with its deploy-time files inside it: `remotes.json` and `config.json`
 * as they are on disk now, so they stay editable without a rebuild, in a JSON script the early-start
 * script reads instead of asking for them: one round trip less before the first screen. A file that
 * is missing or not JSON is left out (the page asks for it, and reports it as it always has).
 */
export function pageWithDeployFiles(directory) {
  const html = readFileSync(join(directory, 'index.html'), 'utf8');
  const files = {};
  for (const name of DEPLOY_FILES) {
    try {
      files[name] = JSON.parse(readFileSync(join(directory, `${name}.json`), 'utf8'));
    } catch {
      // asked for by the page
    }
  }
  const data = JSON.stringify(files).replace(/</g, '\\u003c');
  return html.replace(/<head>/i, (head) => `${head}<script type="application/json" id="chirp-deploy-files">${data}</script>`);
}

const shellPages = new Map();
/**
 * The shell's page, compressed once for each version of its files (not once per request): made
 * again when index.html, remotes.json or config.json changes on disk.
 */
function shellPage(directory) {
  const version = ['index.html', ...DEPLOY_FILES.map((name) => `${name}.json`)]
    .map((name) => (existsSync(join(directory, name)) ? statSync(join(directory, name)).mtimeMs : 0))
    .join(':');
  const known = shellPages.get(directory);
  if (known?.version === version) return known;
  const identity = Buffer.from(pageWithDeployFiles(directory));
  const page = { version, identity, br: brotliCompressSync(identity), gzip: gzipSync(identity, { level: 9 }) };
  shellPages.set(directory, page);
  return page;
}

/**
 * One static site. `spa` answers unknown app paths with index.html: any path outside /assets/
 * that a browser navigates to (it asks for text/html) or that has no extension. A dot is legal in
 * a user name, so /profile/priya.nair is an app route, not a missing file.
 */
export function serveDirectory(directory, { spa = false } = {}) {
  const base = resolve(directory);
  return (request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const wantsPage = (path) => /\btext\/html\b/.test(request.headers.accept ?? '') || !extname(path);
    let pathname;
    try {
      pathname = decodeURIComponent(url.pathname);
    } catch {
      // A link cut inside an escape (%E0%A4 of a longer one) names no file, but a page of the app's
      // can say so in its own words; anything else is refused.
      if (!(spa && wantsPage(url.pathname))) {
        response.writeHead(400).end('Bad request');
        return;
      }
      pathname = '/';
    }
    let file = normalize(join(base, pathname));
    if (file !== base && !file.startsWith(base + sep)) {
      response.writeHead(403).end('Forbidden');
      return;
    }
    if (existsSync(file) && statSync(file).isDirectory()) file = join(file, 'index.html');
    if (!existsSync(file)) {
      if (spa && wantsPage(pathname) && !pathname.startsWith('/assets/')) file = join(base, 'index.html');
      else {
        response
          .writeHead(404, { 'content-type': 'text/plain', 'access-control-allow-origin': '*' })
          .end('Not found');
        return;
      }
    }
    const extension = extname(file);
    const hashed = /[-.][A-Za-z0-9_-]{8,}\.(js|css|svg|png|jpe?g|gif|webp|woff2)$/.test(file) && file.includes(`${sep}assets${sep}`);
    const headers = {
      'content-type': TYPES[extension] ?? 'application/octet-stream',
      'cache-control': hashed ? 'public, max-age=31536000, immutable' : 'no-cache',
      // Remotes are fetched cross-origin by the shell as ES modules.
      'access-control-allow-origin': '*',
      'x-content-type-options': 'nosniff',
      vary: 'accept-encoding',
    };
    if (request.method === 'OPTIONS') {
      response.writeHead(204, { ...headers, 'access-control-allow-methods': 'GET, HEAD' }).end();
      return;
    }
    if (spa && file === join(base, 'index.html')) {
      const accepted = request.headers['accept-encoding'] ?? '';
      const encoding = takes(accepted, 'br') ? 'br' : takes(accepted, 'gzip') ? 'gzip' : 'identity';
      if (encoding !== 'identity') headers['content-encoding'] = encoding;
      response.writeHead(200, headers);
      response.end(request.method === 'HEAD' ? undefined : shellPage(base)[encoding]);
      return;
    }
    const { path, encoding, compressNow } = representation(file, extension, request.headers['accept-encoding'] ?? '');
    if (encoding) headers['content-encoding'] = encoding;
    response.writeHead(200, headers);
    if (request.method === 'HEAD') {
      response.end();
      return;
    }
    const stream = createReadStream(path);
    (compressNow ? stream.pipe(createGzip()) : stream).pipe(response);
  };
}

const SITES = [
  { name: 'shell', directory: 'shell/dist', env: 'SHELL_PORT', port: 4173, spa: true },
  { name: 'auth', directory: 'auth-remote/dist', env: 'AUTH_PORT', port: 4174 },
  { name: 'feed', directory: 'feed-remote/dist', env: 'FEED_PORT', port: 4175 },
  { name: 'profile', directory: 'profile-remote/dist', env: 'PROFILE_PORT', port: 4176 },
  { name: 'notifications', directory: 'notifications-remote/dist', env: 'NOTIFICATIONS_PORT', port: 4177 },
];

/**
 * Starts the servers; resolves to `{ name, server, url }` for each. `only` limits to some sites
 * (e.g. ['feed']); `directories` serves a site from another folder (a deployed copy).
 */
export async function startServers({ ports = {}, only, directories = {}, host = process.env.HOST } = {}) {
  const servers = [];
  for (const site of SITES) {
    if (only && !only.includes(site.name)) continue;
    const directory = directories[site.name] ?? join(root, site.directory);
    if (!existsSync(join(directory, 'index.html')) && !existsSync(join(directory, 'remoteEntry.js'))) {
      throw new Error(`${site.directory} is missing: run \`npm run build\` first.`);
    }
    const port = Number(ports[site.name] ?? process.env[site.env] ?? site.port);
    const server = createServer(serveDirectory(directory, { spa: site.spa }));
    await new Promise((resolvePromise, reject) => {
      server.once('error', reject);
      server.listen(port, host, resolvePromise);
    });
    servers.push({ name: site.name, server, url: `http://localhost:${port}` });
  }
  return servers;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  startServers()
    .then((servers) => {
      for (const { name, url } of servers) console.log(`${name.padEnd(8)} ${url}`);
      console.log('Open the app at', servers.find((s) => s.name === 'shell')?.url ?? '(shell not served)');
    })
    .catch((error) => {
      console.error(error.message);
      process.exit(1);
    });
}
