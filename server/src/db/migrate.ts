import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SERVER_ROOT } from '../paths';
import type { Sql } from './sql';

export const MIGRATIONS_DIR = join(SERVER_ROOT, 'migrations');

/** Any number, the same in every instance: instances starting together migrate one at a time. */
const MIGRATION_LOCK = 7_007_001;

interface Migration {
  version: number;
  name: string;
  text: string;
}

/** `NNN_name.sql` files, in version order. */
export function readMigrations(dir = MIGRATIONS_DIR): Migration[] {
  return readdirSync(dir)
    .filter((file) => /^\d{3}_[a-z0-9_]+\.sql$/.test(file))
    .sort()
    .map((file) => ({ version: Number(file.slice(0, 3)), name: file, text: readFileSync(join(dir, file), 'utf8') }));
}

/**
 * Applies the migrations not applied yet, each in its own transaction with its row in
 * `schema_migrations`; answers the versions it applied.
 */
export async function migrate(sql: Sql, migrations = readMigrations()): Promise<number[]> {
  await sql.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await tx.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version integer PRIMARY KEY,
      name text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
  });
  const applied: number[] = [];
  for (const migration of migrations) {
    const done = await sql.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
      const { rows } = await tx.query('SELECT 1 FROM schema_migrations WHERE version = $1', [migration.version]);
      if (rows.length > 0) return false;
      await tx.exec(migration.text);
      await tx.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [migration.version, migration.name]);
      return true;
    });
    if (done) applied.push(migration.version);
  }
  return applied;
}
