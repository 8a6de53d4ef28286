import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { extname, join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';

/** What is worth compressing: text. Images are compressed already. */
export const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.svg', '.txt']);
/** Below this a compressed copy saves less than its headers cost. */
const SMALLEST = 1024;

function filesUnder(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(directory, entry.name)) : [join(directory, entry.name)],
  );
}

/**
 * Writes `file.br` (brotli, quality 11) and `file.gz` (gzip, level 9) beside every text file of the
 * build, once, at build time: `npm start` (scripts/serve.mjs) sends them as they are instead of
 * compressing each answer, and any static host that serves precompressed files can do the same.
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'chirp-precompress',
    apply: 'build',
    configResolved(config: ResolvedConfig) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      // A failed build wrote nothing: its own error is the one to see.
      if (!existsSync(outDir)) return;
      for (const file of filesUnder(outDir)) {
        if (!COMPRESSIBLE.has(extname(file)) || statSync(file).size < SMALLEST) continue;
        const bytes = readFileSync(file);
        writeFileSync(`${file}.br`, brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
        writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
      }
    },
  };
}
