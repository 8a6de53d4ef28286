import type { Plugin } from 'vite';

/** The route table's module (@chirp/contracts): the one file this plugin changes. */
const ROUTE_TABLE = /[\\/]shared[\\/]contracts[\\/]src[\\/]api[\\/]routes\.ts$/;
/** A descriptor's schemas: one line, `schemas: ({ ...the vocabulary }) => ({ ... }),`. */
const SCHEMAS_LINE = /^(\s*)schemas: \(\{.*\}\),$/;
/** Where a descriptor's schemas start (the interface's own `schemas:` member is not one). */
const SCHEMAS_START = /^\s*schemas: \(\{/;
const STAND_IN = 'schemasAreForTheBackEnds';

/**
 * The route table as the browser's builds take it: every descriptor keeps its method, path, auth
 * and body name, which the typed client reads, and its `schemas` function becomes one stand-in that
 * throws. The client never calls them (the back ends and the contract tests do, on the source), and
 * 56 functions naming the schema vocabulary were about 1 KiB gzip of every page's JavaScript.
 * A `schemas` entry not written on one line fails the build, rather than staying in it unnoticed.
 */
export function withoutRouteSchemas(source: string): string {
  let replaced = 0;
  const lines = source.split('\n').map((line) => {
    const match = SCHEMAS_LINE.exec(line);
    if (match) {
      replaced += 1;
      return `${match[1]}schemas: ${STAND_IN},`;
    }
    if (SCHEMAS_START.test(line)) throw new Error(`A route's schemas must be written on one line ending "}),": ${line.trim()}`);
    return line;
  });
  if (replaced === 0) throw new Error('The route table has no schemas to leave out: has its layout changed?');
  return `${lines.join('\n')}\nfunction ${STAND_IN}(): never {\n  throw new Error('The route schemas are not in the browser build.');\n}\n`;
}

/** Leaves the route table's schemas out of a browser build (see `withoutRouteSchemas`). */
export function browserRouteTable(): Plugin {
  return {
    name: 'chirp-browser-route-table',
    apply: 'build',
    // Before TypeScript is compiled: the source's one-line layout is what is matched.
    enforce: 'pre',
    transform(code, id) {
      return ROUTE_TABLE.test(id.split('?')[0]!) ? { code: withoutRouteSchemas(code), map: null } : null;
    },
  };
}
