// @vitest-environment node
/**
 * The in-browser back end's contract suites, unchanged, against the real server on embedded
 * PostgreSQL (PGlite). contract.postgres.test.ts runs them on a real PostgreSQL when DATABASE_URL is set.
 */
import { defineContractOnServer } from './contract-on-server';

defineContractOnServer('PGlite');
