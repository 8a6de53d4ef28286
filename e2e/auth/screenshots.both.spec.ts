import { resolve } from 'node:path';
import { expect, test } from '../support/fixtures';

const SCREENSHOTS = resolve(import.meta.dirname, '..', '..', 'docs', 'screenshots');

/** Screenshots of the login and sign-up pages at 1280×900 (desktop) and 390×844 (phone). */
for (const [name, path] of [
  ['login', '/'],
  ['signup', '/signup'],
] as const) {
  test(`${name} page screenshot`, async ({ page }, testInfo) => {
    const size = testInfo.project.name === 'phone' ? 'phone' : 'desktop';
    await page.goto(path);
    await expect(page.getByRole('main')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.screenshot({ path: resolve(SCREENSHOTS, `${name}-${size}.png`) });
  });
}
