/**
 * The demo data set (spec 3) of the in-browser back end: the shared seeds of `@chirp/api-rules`,
 * with passwords hashed by this back end's PBKDF2.
 */
import { seedDatabaseFactory } from '@chirp/api-rules';
import { hashPassword } from './passwords';

export { SEED_PASSWORD } from '@chirp/api-rules';

/** A fresh copy of the demo data set, with new ids and a new token key. */
export const createSeedDatabase = seedDatabaseFactory(hashPassword);
