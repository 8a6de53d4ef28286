/**
 * The API contract, as suites every back end runs (the in-browser Mirage one, and the server on
 * PGlite and on PostgreSQL): each back end's runner gives a ContractContext (how to reach it, reset
 * it and sign a token) and defines the suites. Test code: imported only by test files.
 */
export { defineBadInputSuite } from './bad-input-suite';
export { defineCompactSuite } from './compact-suite';
export { defineContractSuite } from './contract-suite';
export { contractClient, forgeToken, tokenClaims, unsignedToken, UUID_PATTERN, type ContractContext } from './contract-client';
export { defineConversationsSuite } from './conversations-suite';
export { defineBoundedSuite } from './bounded-suite';
export { defineFuzzSuite } from './fuzz-suite';
export { defineCompatSuite } from './compat-suite';
export { defineSearchSuite } from './search-suite';
export { defineShownPostsSuite } from './shown-posts-suite';
export { CONTRACT_SUITES, type ContractSuite } from './suites';
export { defineAccountSuite } from './account-suite';
export { defineSafetySuite } from './safety-suite';
export { defineAddACallSuite, pingHandler, TABLE_WITH_PING } from './add-a-call';
export { CONTRACT_MODERATOR, defineModerationSuite } from './moderation-suite';
export * from './photo-fixtures';
