/**
 * Stands in for `inflected` in the shell's build. MirageJS imports it to name models, their
 * collections and their JSON keys (its ORM, serializers and route shorthands). The in-browser back
 * end uses none of these: its routes are functions over its own data, and their answers are plain
 * objects. Nothing here runs unless that changes, and then it says so instead of naming things wrongly.
 */
const unused = (name: string) => () => {
  throw new Error(`inflected's ${name} is left out of this build: the in-browser back end does not use Mirage's models or serializers.`);
};

export const camelize = unused('camelize');
export const dasherize = unused('dasherize');
export const underscore = unused('underscore');
export const capitalize = unused('capitalize');
export const singularize = unused('singularize');
export const pluralize = unused('pluralize');
