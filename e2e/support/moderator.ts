/**
 * The account every API server the E2E tests start makes a moderator (CHIRP_MODERATORS): the
 * per-worker servers of e2e/support/api-server.ts and the local cluster's instances alike.
 */
export const E2E_MODERATOR = { username: 'e2e.moderator', password: 'moderating-chirp-1' };
