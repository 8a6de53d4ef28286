/**
 * The static builds of the cluster: the folder given as the first argument holds a copy of
 * each build (`shell`, `auth`, `feed`, `profile`, `notifications`; the shell's config.json points at
 * the load balancer), each served on its own port (SHELL_PORT, AUTH_PORT, …) as `npm start` serves
 * them. Started and stopped by cluster.mjs.
 */
import { join } from 'node:path';
import { startServers } from '../../scripts/serve.mjs';

const sites = process.argv[2];
if (!sites) {
  console.error('Usage: static.mjs <folder of the deployed builds>');
  process.exit(2);
}
const names = ['shell', 'auth', 'feed', 'profile', 'notifications'];
const servers = await startServers({ directories: Object.fromEntries(names.map((name) => [name, join(sites, name)])), host: '127.0.0.1' });
for (const { name, url } of servers) console.log(`${name.padEnd(14)} ${url}`);
for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => process.exit(0));
