/**
 * `npm run server`: the API on PORT (8080), on DATABASE_URL or embedded PGlite in DATA_DIR.
 * `npm run server -- grant-moderator NAME` (commands.ts): one operator's command on that database.
 */
import { runCommand } from './commands';
import { configFromEnv, type ServerConfig } from './config';
import { startServer } from './server';

function settings(): ServerConfig {
  try {
    return configFromEnv();
  } catch (error) {
    // A setting is missing or malformed: say which, without a stack trace, and do not start.
    console.error(`The Chirp API cannot start: ${(error as Error).message}`);
    process.exit(1);
  }
}

const config = settings();
const command = process.argv.slice(2);
if (command.length > 0) {
  await runCommand(config, command).then(
    (said) => {
      console.info(said);
      process.exit(0);
    },
    (error: unknown) => {
      console.error((error as Error).message);
      process.exit(1);
    },
  );
}
const server = await startServer(config).catch((error: unknown) => {
  // The database cannot be opened (its folder is in use, PostgreSQL does not answer…): one line, no start.
  console.error(`The Chirp API cannot start: ${(error as Error).message}`);
  process.exit(1);
});
const images = config.s3 ? `S3 bucket ${config.s3.bucket}, served from ${config.s3.publicUrl}` : config.uploadsDir;
console.info(
  `Chirp API on ${server.url} (${server.sql.kind === 'pglite' ? `PGlite in ${config.dataDir}` : `PostgreSQL${config.databaseReadUrl ? ', list reads from its replica' : ''}`}); images in ${images}; shell origins: ${config.corsOrigins.join(', ')}`,
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
