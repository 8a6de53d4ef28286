import { wcagFindings } from '../support/axe';
import { expect, test } from '../support/fixtures';

for (const path of ['/', '/signup']) {
  test(`${path} has no detectable accessibility violations`, async ({ page }) => {
    test.slow(); // an axe scan of the whole page takes several seconds on a busy machine
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // Reveal a password too, so the toggled state is checked as well.
    await page.getByRole('button', { name: 'Show password' }).click();

    expect(await wcagFindings(page)).toEqual([]);
  });

  test(`${path} can be used with the keyboard alone`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.keyboard.press('Tab');
    // The first stop is the first field: nothing before it traps the focus.
    await expect(page.getByLabel(path === '/' ? 'Email address' : 'First name')).toBeFocused();
  });
}
