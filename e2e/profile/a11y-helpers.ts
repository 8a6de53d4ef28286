import type { Page } from '@playwright/test';
import { axeViolations, WCAG_A_AA, type RunOnly } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { isPhone, openProfile } from './profile-helpers';

/** Fails with a readable list when axe (every rule) finds a serious or critical violation. */
export async function expectAccessible(page: Page, what: string) {
  const serious = (await axeViolations(page))
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.impact} ${violation.id}: ${violation.help} — ${violation.nodes.map((node) => `${node.target} (${node.failureSummary})`).join(' | ')}`,
    );
  expect(serious, `axe on ${what}`).toEqual([]);
}

/** A logged-in page is ready once its heading, its posts or empty text, and the side panel show. */
export async function openLoggedInPage(page: Page, path: string) {
  const profile = /^\/profile\/(.+)$/.exec(path);
  if (profile) await openProfile(page, profile[1]!);
  else await page.goto(path);
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('main').getByRole('status')).toHaveCount(0);
  if (!isPhone(test.info())) {
    await expect(page.getByRole('region', { name: 'Suggestions for you' }).getByRole('listitem').first()).toBeVisible();
  }
}

/** The page's background (--color-bg) in each theme: how a test sees which one is in force. */
const THEME_BACKGROUNDS = { light: 'rgb(245, 247, 250)', dark: 'rgb(16, 22, 29)' } as const;

/**
 * The page's background, and whether a transition or an entrance (a toast's) is under way: colours
 * read then are neither theme's.
 */
const themeInForce = (page: Page) =>
  page.evaluate(() => ({
    background: getComputedStyle(document.body).backgroundColor,
    moving: document
      .getAnimations()
      .some((animation) => animation.playState === 'running' && animation.effect?.getComputedTiming().endTime !== Infinity),
  }));

/** The rules whose findings can differ from one theme to the other. */
const COLOUR_RULES: RunOnly = { type: 'rule', values: ['color-contrast', 'link-in-text-block'] };

/**
 * Every axe finding of WCAG 2.1 A and AA in `selector` — the page's <main>, an open dialog or menu,
 * a toast — in the dark theme and in the light one: the device's colour scheme, which the default
 * Theme (System) follows. A theme changes colours only, so the light pass runs just the rules that
 * read them (contrast, links told from text by colour alone). The page is left light, as it started.
 */
export async function expectNoViolationsInEitherTheme(page: Page, what: string, selector = 'main') {
  const found: string[] = [];
  for (const colorScheme of ['dark', 'light'] as const) {
    await page.emulateMedia({ colorScheme });
    // Polled from here, not with the page's timers: a test may hold its clock.
    await expect
      .poll(() => themeInForce(page), { message: `the ${colorScheme} theme in force, nothing moving` })
      .toEqual({ background: THEME_BACKGROUNDS[colorScheme], moving: false });
    const rules = colorScheme === 'dark' ? WCAG_A_AA : COLOUR_RULES;
    const violations = await axeViolations(page, { include: [selector], runOnly: rules });
    found.push(...violations.map(({ id, nodes }) => `${colorScheme} ${id}: ${nodes.map((node) => node.target).join(', ')}`));
  }
  expect(found, `axe on ${what}, in either theme`).toEqual([]);
}
