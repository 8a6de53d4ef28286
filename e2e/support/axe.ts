/**
 * axe-core in the page under test, loaded once per document: every run after the first starts warm.
 * (@axe-core/playwright's AxeBuilder loads axe anew for every run and opens a blank page to merge its
 * results, which makes a run several times slower; Chirp has no frames for it to reach.)
 */
import axe from 'axe-core';
import type { Page } from '@playwright/test';

export type RunOnly = axe.RunOptions['runOnly'];

/** The rules of WCAG 2.1 A and AA. */
export const WCAG_A_AA: RunOnly = { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21aa'] };

export interface Violation {
  id: string;
  impact: string | null | undefined;
  help: string;
  nodes: { target: string; failureSummary: string }[];
}

/** axe's violations in `include` (selectors; the whole document when absent), for the rules `runOnly` names (all of them when absent). */
export async function axeViolations(page: Page, { include, runOnly }: { include?: string[]; runOnly?: RunOnly } = {}): Promise<Violation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  return page.evaluate(
    async ({ include, runOnly }) => {
      const engine = (window as unknown as { axe: typeof axe }).axe;
      const { violations } = await engine.run(include ? { include } : document, runOnly ? { runOnly } : {});
      return violations.map(({ id, impact, help, nodes }) => ({
        id,
        impact,
        help,
        nodes: nodes.map((node) => ({ target: node.target.join(' '), failureSummary: (node.failureSummary ?? '').replace(/\s+/g, ' ').trim() })),
      }));
    },
    { include, runOnly },
  );
}

/** The WCAG 2.1 A and AA violations in `include` (the whole document when absent), one line each: "rule: targets". */
export async function wcagFindings(page: Page, include?: string | string[]): Promise<string[]> {
  const violations = await axeViolations(page, { include: typeof include === 'string' ? [include] : include, runOnly: WCAG_A_AA });
  return violations.map(({ id, nodes }) => `${id}: ${nodes.map((node) => node.target).join(', ')}`);
}
