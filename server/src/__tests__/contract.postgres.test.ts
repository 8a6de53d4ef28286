// @vitest-environment node
/**
 * Only with DATABASE_URL (vitest.config.ts leaves this file out otherwise; .ci/run starts a
 * PostgreSQL and sets it): the contract suites, unchanged, against the server on a real PostgreSQL,
 * in a fresh schema dropped afterwards.
 */
import { defineContractOnServer } from './contract-on-server';
import { freshSchemaName } from './test-server';

defineContractOnServer('PostgreSQL', { databaseUrl: process.env.DATABASE_URL, databaseSchema: freshSchemaName() });
