/**
 * The demo data set (spec 3) of the in-browser back end: the shared seeds of `@chirp/api-rules`,
 * with passwords hashed by this back end's PBKDF2.
 */
import { seedDatabaseFactory } from '@chirp/api-rules';
import { hashPassword } from './passwords';

export { SEED_PASSWORD } from '@chirp/api-rules';

/**
 * The demo accounts' passwords are published (README, docs/api.md, the login page's guest link): a slow hash
 * protects nothing there, and nine of them at PASSWORD_HASH_ITERATIONS cost every first visit about a
 * second of CPU before the page can answer (ten times that on a slow phone). They are hashed with
 * fewer iterations; the count is kept in each hash, and every password a person chooses (sign-up)
 * still gets the full count.
 */
export const SEED_HASH_ITERATIONS = 1_000;

/** A fresh copy of the demo data set, with new ids and a new token key. */
export const createSeedDatabase = seedDatabaseFactory((password) => hashPassword(password, SEED_HASH_ITERATIONS));
