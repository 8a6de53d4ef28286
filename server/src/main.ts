/** `npm run server`: the API on PORT (8080), on DATABASE_URL or embedded PGlite in DATA_DIR. */
import { configFromEnv } from './config';
import { startServer } from './server';

const config = configFromEnv();
const server = await startServer(config);
console.info(
  `Chirp API on ${server.url} (${server.sql.kind === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL'}); shell origins: ${config.corsOrigins.join(', ')}`,
);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error('Could not close cleanly:', error);
        process.exit(1);
      },
    );
  });
}
