/**
 * The demo data set of the in-browser back end (8 users, 16 posts: `@chirp/api-rules`), laid down
 * on an empty database, with passwords hashed by this server's scrypt.
 */
import { seedDatabaseFactory, type Database } from '@chirp/api-rules';
import { saveChanges } from './db/records';
import type { Queryable, Sql } from './db/sql';
import { costKey, hashPassword, SCRYPT_COST, type PasswordCost } from './passwords';

/** One seed factory per cost (each hashes the seed passwords once, at its cost). */
const seedFactories = new Map<string, () => Promise<Database>>();
function createSeedDatabase(cost: PasswordCost): Promise<Database> {
  const key = costKey(cost);
  let factory = seedFactories.get(key);
  if (!factory) {
    factory = seedDatabaseFactory((password) => hashPassword(password, cost));
    seedFactories.set(key, factory);
  }
  return factory();
}
const EMPTY: Database = { tokenSecret: '', users: [], posts: [] };
/** Instances starting together on an empty database seed it once. */
const SEED_LOCK = 7_007_002;

async function laySeeds(tx: Queryable, seeds: Database): Promise<void> {
  await saveChanges(tx, EMPTY, seeds);
}

/** Seeds an empty database; answers whether it did. */
export async function seedIfEmpty(sql: Sql, cost: PasswordCost = SCRYPT_COST): Promise<boolean> {
  if ((await sql.query('SELECT 1 FROM users LIMIT 1')).rows.length > 0) return false;
  const seeds = await createSeedDatabase(cost);
  return sql.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [SEED_LOCK]);
    const { rows } = await tx.query('SELECT 1 FROM users LIMIT 1');
    if (rows.length > 0) return false;
    await laySeeds(tx, seeds);
    return true;
  });
}

/** The tables of people's data, each before the tables it refers to. */
const DATA_TABLES = ['moderation_audit', 'reports', 'notifications', 'post_reactions', 'reposts', 'bookmarks', 'follows', 'mutes', 'blocks', 'posts', 'users', 'username_reservations'];

/**
 * Replaces all data with fresh seeds: the tests' reset before each test. The tables then hold a few
 * hundred rows, and deleting them is about four times quicker than TRUNCATE, which makes new files
 * for each table and index (13 against 64 ms on PostgreSQL, per reset).
 */
export async function resetToSeeds(sql: Sql, cost: PasswordCost = SCRYPT_COST): Promise<void> {
  const seeds = await createSeedDatabase(cost);
  await sql.transaction(async (tx) => {
    await tx.exec(DATA_TABLES.map((table) => `DELETE FROM ${table};`).join('\n'));
    await laySeeds(tx, seeds);
  });
}
