// @vitest-environment node
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { API_ROUTES } from '@chirp/contracts';
import { withoutRouteSchemas } from './browser-route-table';

const SOURCE = readFileSync(new URL('../contracts/src/api/routes.ts', import.meta.url), 'utf8');

describe('the route table in browser builds', () => {
  it('keeps every descriptor and drops every schemas function', () => {
    const stripped = withoutRouteSchemas(SOURCE);
    expect(stripped).not.toMatch(/answers\.|bodies\.|queries\./);
    expect(stripped.match(/schemas: schemasAreForTheBackEnds,/g)).toHaveLength(Object.keys(API_ROUTES).length);
    for (const { method, path } of Object.values(API_ROUTES)) expect(stripped).toContain(`method: '${method}', path: '${path}'`);
  });

  it('refuses a schemas entry written over several lines, rather than leaving it in', () => {
    const spread = SOURCE.replace(/schemas: \(\{ queries, answers \}\) => \(\{ query: queries\.view, answer: answers\.thread \}\),/, 'schemas: ({ queries, answers }) => ({\n      query: queries.view, answer: answers.thread,\n    }),');
    expect(spread).not.toBe(SOURCE);
    expect(() => withoutRouteSchemas(spread)).toThrow(/one line/);
  });
});
