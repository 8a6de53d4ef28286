/**
 * The request bodies' schemas, from the route table's vocabulary in @chirp/contracts. A module of its
 * own, so that the in-browser back end, which reads the rules, does not bundle TypeBox.
 */
import type { Static } from 'typebox';
import { BODY_SCHEMAS, type BodyName } from '@chirp/contracts/schemas';

export { BODY_SCHEMAS };
export type Body<Name extends BodyName> = Static<(typeof BODY_SCHEMAS)[Name]>;
