#!/usr/bin/env node
/**
 * `npm test`: every test, timed stage by stage, with the count of tests run at the end.
 *
 *   1. side by side: the unit and contract tests (vitest) and the production build;
 *   2. the E2E tests (Playwright) on that build.
 * The type check and lint run from the start to the end at the lowest CPU priority (`nice -n 19`):
 * nothing in them waits on a clock, so they take only the CPU the tests leave idle (the E2E stage
 * keeps 1.7 of two cores busy) instead of slowing the tests, whose pages and timers do wait on one.
 *
 * `npm run test:quick` (`--quick`): the same first stage and one E2E project (desktop), for the loop
 * between changes. The full run is the one CI runs.
 * Any stage that fails fails the run, after the others of its stage have finished (their output is
 * worth having), and no later stage starts; a failed type check or lint fails it at the end.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { minutes } from './duration.mjs';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const quick = process.argv.includes('--quick');
const results = join(root, 'test-results');
const unitReport = join(results, 'unit-report.json');
const e2eSummary = join(results, 'e2e-summary.json');

/** Runs `command` with each output line prefixed by `name`; resolves with its exit code and time. */
function run(name, command, env = {}) {
  const started = Date.now();
  return new Promise((done) => {
    const child = spawn(command, { cwd: root, shell: true, env: { ...process.env, FORCE_COLOR: '0', ...env } });
    const prefix = (stream, out) => {
      let rest = '';
      stream.on('data', (chunk) => {
        const lines = (rest + chunk).split('\n');
        rest = lines.pop() ?? '';
        for (const line of lines) out.write(`[${name}] ${line}\n`);
      });
      stream.on('end', () => rest && out.write(`[${name}] ${rest}\n`));
    };
    prefix(child.stdout, process.stdout);
    prefix(child.stderr, process.stderr);
    child.on('close', (code) => done({ name, code: code ?? 1, seconds: (Date.now() - started) / 1000 }));
  });
}

const readJson = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined);

rmSync(unitReport, { force: true });
rmSync(e2eSummary, { force: true });
const started = Date.now();
const stages = [];

const checks = Promise.all([
  run('typecheck', 'nice -n 19 npx tsc -b'),
  run('lint', 'nice -n 19 npm run lint --silent'),
]);
const first = await Promise.all([
  run('unit', `npx vitest run --reporter=default --reporter=json --outputFile.json=${JSON.stringify(unitReport)}`),
  run('build', 'npm run build --silent'),
]);
stages.push(...first);
if (first.every((stage) => stage.code === 0)) {
  const projects = quick ? '--project desktop' : '';
  stages.push(await run('e2e', `npx playwright test ${projects}`, { E2E_SKIP_BUILD: '1', E2E_SUMMARY_FILE: e2eSummary }));
}
stages.unshift(...(await checks));

const unit = readJson(unitReport);
const e2e = readJson(e2eSummary);
const total = (Date.now() - started) / 1000;
console.log('\nTimes:');
for (const stage of stages) console.log(`  ${stage.name.padEnd(10)} ${minutes(stage.seconds).padStart(13)}  ${stage.code === 0 ? 'passed' : 'FAILED'}`);
console.log(`  ${'in all'.padEnd(10)} ${minutes(total).padStart(13)}`);
console.log('Tests:');
if (unit) console.log(`  unit and contract  ${unit.numPassedTests} passed, ${unit.numFailedTests} failed, ${unit.numPendingTests + unit.numTodoTests} skipped (${unit.numTotalTests})`);
if (e2e) console.log(`  E2E                ${e2e.passed} passed, ${e2e.failed + e2e.timedOut + e2e.interrupted} failed, ${e2e.skipped} skipped (${e2e.tests})`);
if (unit && e2e) console.log(`  in all             ${unit.numTotalTests + e2e.tests}`);
process.exit(stages.every((stage) => stage.code === 0) && stages.some((stage) => stage.name === 'e2e') ? 0 : 1);
