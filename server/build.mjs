/**
 * The production build: src/main.ts and the workspace packages it uses (@chirp/api-rules,
 * @chirp/contracts, TypeScript sources) bundled into dist/main.js, which plain Node runs. The npm
 * dependencies stay external: they are installed beside it, as in development.
 */
import { readFileSync, renameSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = dirname(fileURLToPath(import.meta.url));
const { dependencies } = JSON.parse(readFileSync(join(here, 'package.json'), 'utf8'));
const external = Object.keys(dependencies).filter((name) => !name.startsWith('@chirp/'));

// Written beside and then renamed into place: processes that build at once (tests) never run half a file.
const partial = join(here, `dist/main.${process.pid}.js`);
await build({
  entryPoints: [join(here, 'src/main.ts')],
  outfile: partial,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  // Each npm dependency and its subpaths (typebox/value, @aws-sdk/client-s3, …) as installed.
  external: external.flatMap((name) => [name, `${name}/*`]),
  sourcemap: true,
  logLevel: 'warning',
});
renameSync(`${partial}.map`, join(here, 'dist/main.js.map'));
renameSync(partial, join(here, 'dist/main.js'));
console.info('server: built dist/main.js');
