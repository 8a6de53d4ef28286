/**
 * Every contract suite, in the order the back ends run them: each back end's runner defines them all
 * (`describe(`${title}, against …`, …)`), so a new suite is added here once and runs on all three.
 * `timeoutMs`: what one test of the suite may take on the server (Mirage answers in memory).
 */
import type { ContractContext } from './contract-client';
import { defineAccountDataSuite } from './account-data-suite';
import { defineAccountSuite } from './account-suite';
import { defineBadInputSuite } from './bad-input-suite';
import { defineBoundedSuite } from './bounded-suite';
import { defineCompatSuite } from './compat-suite';
import { defineCompactSuite } from './compact-suite';
import { defineContractSuite } from './contract-suite';
import { defineConversationsSuite } from './conversations-suite';
import { defineFollowingSuite } from './following-suite';
import { defineFuzzSuite } from './fuzz-suite';
import { defineImagesSuite } from './images-suite';
import { defineModerationSuite } from './moderation-suite';
import { definePostImagesSuite } from './post-images-suite';
import { defineSafetySuite } from './safety-suite';
import { defineRepostsSuite } from './reposts-suite';
import { defineSearchSuite } from './search-suite';
import { defineShownPostsSuite } from './shown-posts-suite';

export interface ContractSuite {
  title: string;
  define: (getContext: () => ContractContext) => void;
  timeoutMs?: number;
}

export const CONTRACT_SUITES: readonly ContractSuite[] = [
  { title: 'the API contract', define: defineContractSuite, timeoutMs: 30_000 },
  { title: 'bad input at every call', define: defineBadInputSuite, timeoutMs: 60_000 },
  { title: 'the compact form and the paged reads', define: defineCompactSuite, timeoutMs: 30_000 },
  { title: 'conversations, mentions and notifications', define: defineConversationsSuite, timeoutMs: 30_000 },
  { title: 'bounded answers', define: defineBoundedSuite, timeoutMs: 60_000 },
  { title: 'generated bad input at every route', define: defineFuzzSuite },
  { title: 'clients of the original mock back end', define: defineCompatSuite, timeoutMs: 30_000 },
  { title: 'searching posts as people type', define: defineSearchSuite, timeoutMs: 30_000 },
  { title: 'naming the posts a live stream shows', define: defineShownPostsSuite, timeoutMs: 30_000 },
  { title: 'the account’s settings and logging in by any of its names', define: defineAccountSuite, timeoutMs: 30_000 },
  { title: 'the Following timeline', define: defineFollowingSuite, timeoutMs: 30_000 },
  { title: 'muting and blocking', define: defineSafetySuite, timeoutMs: 30_000 },
  { title: 'reports and moderation', define: defineModerationSuite, timeoutMs: 30_000 },
  { title: 'downloading the account’s data and deleting the account', define: defineAccountDataSuite, timeoutMs: 30_000 },
  { title: 'photos kept without their metadata', define: defineImagesSuite, timeoutMs: 30_000 },
  { title: 'reposts and quotes', define: defineRepostsSuite, timeoutMs: 30_000 },
  { title: 'up to four images per post', define: definePostImagesSuite, timeoutMs: 30_000 },
];
