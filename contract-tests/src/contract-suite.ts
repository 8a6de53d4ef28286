/**
 * The API contract in the spec's form, by resource: auth, users and posts. Each back end's runner
 * calls this once; the suites share nothing but the reset before each test.
 */
import { defineAuthSuite } from './auth-suite';
import type { ContractContext } from './contract-client';
import { definePostsSuite } from './posts-suite';
import { defineUsersSuite } from './users-suite';

export function defineContractSuite(getContext: () => ContractContext): void {
  defineAuthSuite(getContext);
  defineUsersSuite(getContext);
  definePostsSuite(getContext);
}
