/**
 * The API contract in the spec's form, by resource: auth, users and posts. Each back end's runner
 * calls this once. Each resource's suite resets the data before each of its tests, so each sits in a
 * `describe` of its own: side by side, every suite's reset would run before every test of all three.
 */
import { describe } from 'vitest';
import { defineAuthSuite } from './auth-suite';
import type { ContractContext } from './contract-client';
import { definePostsSuite } from './posts-suite';
import { defineUsersSuite } from './users-suite';

export function defineContractSuite(getContext: () => ContractContext): void {
  describe('auth', () => defineAuthSuite(getContext));
  describe('users', () => defineUsersSuite(getContext));
  describe('posts', () => definePostsSuite(getContext));
}
