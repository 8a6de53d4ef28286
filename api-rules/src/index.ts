/**
 * The API's business rules as plain functions over plain objects: validation, decisions and error
 * texts, paging, timestamps, tokens, seeds, and the state-changing rules. The in-browser back end
 * (browser-backend/) and the Node server (server/) both run these, so every decision, message and
 * status is the same on both.
 */
export * from './account-data-rules';
export * from './auth-rules';
export * from './calls';
export * from './compact';
export * from './database';
export * from './decisions';
export * from './paging';
export * from './post-images';
export * from './posts-rules';
export * from './safety-rules';
export * from './search';
export * from './seeds';
export * from './timestamps';
export * from './tokens';
export * from './users-rules';
export * from './validation';
export * from './routes';
export * from './notifications';
export * from './live';
export * from './moderation-rules';
export * from './image-metadata';
