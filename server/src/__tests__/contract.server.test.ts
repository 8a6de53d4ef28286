// @vitest-environment node
/**
 * The in-browser back end's contract suites, unchanged, against the real server on embedded
 * PostgreSQL (PGlite, in memory). contract.postgres.test.ts runs them on a real PostgreSQL when DATABASE_URL is set.
 */
import { defineContractOnServer } from './contract-on-server';

// In memory: the suite resets the database before each test, and on disk each reset's writes go
// through PGlite's file system.
defineContractOnServer('PGlite', { pgliteInMemory: true });
