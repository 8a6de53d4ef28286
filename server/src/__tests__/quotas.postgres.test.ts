// @vitest-environment node
/**
 * Only with DATABASE_URL (see vitest.config.ts): the quotas under a burst (quota-bursts.ts) on a real
 * PostgreSQL, where calls truly run at once, spread over two instances on one database.
 */
import { defineQuotaBursts } from './quota-bursts';
import { freshSchemaName } from './test-server';

defineQuotaBursts('PostgreSQL', { databaseUrl: process.env.DATABASE_URL, databaseSchema: freshSchemaName() }, 2);
