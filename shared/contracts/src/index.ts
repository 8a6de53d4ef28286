/**
 * @chirp/contracts: what the back ends and the browser packages agree on: the API's types, the
 * spec's texts and limits, and the app's paths. A build-time package: each package that imports it
 * bundles the parts it uses, so it is never a runtime singleton and has no UI or Node code.
 */
export * from './types';
export * from './constants';
export * from './account';
export * from './safety';
export * from './moderation';
export * from './limits';
export { paths } from './paths';
export * from './mentions';
export * from './tags';
export * from './muted-words';
export * from './live';
export * from './read-your-writes';
export * from './image-variants';
export * from './api/routes';
export * from './api/client';
export type { BodyName, AnswerName, Schemas } from './api/schemas';
