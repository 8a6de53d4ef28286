/**
 * Everything a benchmark starts is stopped: in `finally` blocks, and on SIGINT / SIGTERM through this
 * list (servers, deployments, browsers, clusters, temporary folders, autocannon runs).
 */
const cleanups = new Set();

/** Registers `stop`; answers a function that runs it once (and takes it off the list). */
export function track(stop) {
  let done = false;
  const release = async () => {
    if (done) return;
    done = true;
    cleanups.delete(release);
    try {
      await stop();
    } catch (error) {
      console.error(`cleanup failed: ${error.message}`);
    }
  };
  cleanups.add(release);
  return release;
}

/** Runs every registered stop not yet run, the newest first. */
export async function releaseAll() {
  for (const release of [...cleanups].reverse()) await release();
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, async () => {
    console.error(`\n${signal}: stopping what was started…`);
    await releaseAll();
    process.exit(130);
  });
}
