/**
 * Prints the slowest tests of the run, and writes the run's counts where `npm test` (scripts/test.mjs)
 * reads them: the E2E suite is most of the wait, and where its time goes is the first thing to know.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

const SHOWN = 20;

export default class TimingReporter implements Reporter {
  private readonly durations: { title: string; ms: number }[] = [];
  private readonly counts = { passed: 0, failed: 0, timedOut: 0, skipped: 0, interrupted: 0 };

  onTestEnd(test: TestCase, result: TestResult): void {
    this.counts[result.status] += 1;
    const project = test.parent.project()?.name ?? '';
    this.durations.push({ title: `[${project}] ${test.titlePath().slice(2).join(' › ')}`, ms: result.duration });
  }

  onEnd(result: FullResult): void {
    const slowest = [...this.durations].sort((a, b) => b.ms - a.ms).slice(0, SHOWN);
    const total = this.durations.reduce((sum, entry) => sum + entry.ms, 0);
    console.info(`\nThe ${slowest.length} slowest E2E tests (of ${this.durations.length}; ${(total / 1000).toFixed(0)} s of test time in all):`);
    for (const entry of slowest) console.info(`  ${(entry.ms / 1000).toFixed(1).padStart(6)} s  ${entry.title}`);
    const file = process.env.E2E_SUMMARY_FILE;
    if (file) {
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, JSON.stringify({ status: result.status, ...this.counts, tests: this.durations.length }));
    }
  }

  printsToStdio(): boolean {
    return true;
  }
}
