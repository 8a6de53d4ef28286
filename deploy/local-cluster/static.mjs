/**
 * The static builds of the cluster (issue 16): the shell copy given as the first argument (its
 * config.json points at the load balancer) and the remotes' builds, each on its own port
 * (SHELL_PORT, AUTH_PORT, …), served as `npm start` serves them. Started and stopped by cluster.mjs.
 */
import { startServers } from '../../scripts/serve.mjs';

const shell = process.argv[2];
if (!shell) {
  console.error('Usage: static.mjs <shell folder>');
  process.exit(2);
}
const servers = await startServers({ directories: { shell }, host: '127.0.0.1' });
for (const { name, url } of servers) console.log(`${name.padEnd(14)} ${url}`);
for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => process.exit(0));
