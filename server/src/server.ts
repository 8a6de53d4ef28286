/** Starting and stopping the whole server: database, migrations, seeds, HTTP. */
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import type { ServerConfig } from './config';
import { migrate } from './db/migrate';
import { openPglite } from './db/pglite';
import { openPostgres } from './db/postgres';
import { openReadReplica, type ReadReplica } from './db/read-replica';
import type { Sql } from './db/sql';
import { seedIfEmpty } from './seeds';

export function openDatabase(
  config: Pick<ServerConfig, 'databaseUrl' | 'databaseListenUrl' | 'databaseSchema' | 'dataDir' | 'pgliteInMemory'> &
    Partial<Pick<ServerConfig, 'databasePoolSize'>>,
): Promise<Sql> {
  return config.databaseUrl
    ? openPostgres({
        connectionString: config.databaseUrl,
        schema: config.databaseSchema,
        listenConnectionString: config.databaseListenUrl,
        maxConnections: config.databasePoolSize,
      })
    : openPglite(config.pgliteInMemory ? undefined : join(config.dataDir, 'pglite'));
}

export interface RunningServer {
  app: FastifyInstance;
  sql: Sql;
  /** e.g. http://127.0.0.1:8080 */
  url: string;
  close(): Promise<void>;
}

/** Opens the database, brings its schema up to date, seeds it when empty, and listens. */
export async function startServer(config: ServerConfig): Promise<RunningServer> {
  const sql = await openDatabase(config);
  let replica: ReadReplica | undefined;
  const closeDatabases = async () => {
    await replica?.close();
    await sql.close();
  };
  try {
    await migrate(sql);
    // Demo accounts have published passwords: only where asked (config.seedDemo).
    if (config.seedDemo) await seedIfEmpty(sql, config.passwordCost);
    if (config.databaseUrl && config.databaseReadUrl) {
      replica = await openReadReplica(sql, { connectionString: config.databaseReadUrl, schema: config.databaseSchema, maxConnections: config.databasePoolSize });
    }
    const app = await buildApp({ ...config, sql, replica });
    await app.listen({ port: config.port, host: config.host });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    let closing: Promise<void> | undefined;
    return {
      app,
      sql,
      url: `http://127.0.0.1:${port}`,
      close: () => (closing ??= app.close().then(closeDatabases)),
    };
  } catch (error) {
    await closeDatabases();
    throw error;
  }
}
