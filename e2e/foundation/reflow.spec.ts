import type { Locator, Page } from '@playwright/test';
import { expect, openLoggedIn, test } from '../support/fixtures';

/*
 * WCAG's reflow: at 320 CSS px wide (the narrowest phones, or a desktop window of 1280 px zoomed to
 * 400 %), every screen reads without scrolling sideways, and every control is on the screen.
 */
test.use({ viewport: { width: 320, height: 640 } });

/** How far the page reaches past the window's right edge, and the controls that stand past it. */
const pastTheEdge = (page: Page) =>
  page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const controls = [...document.querySelectorAll('main button, main a[href], main [role="tab"]')]
      .filter((control) => {
        const box = control.getBoundingClientRect();
        return box.width > 0 && box.right > width + 1;
      })
      .map((control) => control.getAttribute('aria-label') ?? control.textContent?.trim());
    return { overflow: document.documentElement.scrollWidth - width, controls };
  });

const SCREENS: { screen: string; path: string; ready: (page: Page) => Locator }[] = [
  { screen: 'home', path: '/home?feed=everyone', ready: (page) => page.getByRole('main').getByRole('article').first() },
  { screen: 'a profile with its tabs', path: '/profile/guestuser', ready: (page) => page.getByRole('main').getByRole('article').first() },
  { screen: 'explore', path: '/explore', ready: (page) => page.getByRole('main').getByRole('article').first() },
  { screen: 'notifications', path: '/notifications', ready: (page) => page.getByRole('list', { name: 'Notifications' }).getByRole('link').first().or(page.getByText('No notifications yet')) },
  { screen: 'settings', path: '/settings', ready: (page) => page.getByRole('textbox', { name: 'First name' }) },
];

for (const { screen, path, ready } of SCREENS) {
  test(`${screen} fits 320 CSS px: nothing scrolls sideways, every control is on the screen`, async ({ page }) => {
    await openLoggedIn(page, path);
    await expect(ready(page)).toBeVisible();
    expect(await pastTheEdge(page)).toEqual({ overflow: 0, controls: [] });
  });
}

test("a post's five actions stand inside its card at 320 CSS px", async ({ page }) => {
  await openLoggedIn(page, '/home?feed=everyone');
  const card = page.getByRole('main').getByRole('article').first();
  const cardBox = (await card.boundingBox())!;
  for (const name of [/^Reply/, 'Like', 'Repost', 'Quote', 'Bookmark']) {
    const box = (await card.getByRole('button', { name, exact: typeof name === 'string' }).boundingBox())!;
    expect(box.x + box.width, `${String(name)} inside the card`).toBeLessThanOrEqual(cardBox.x + cardBox.width);
  }
});

test.describe('a window 390 px tall (a phone on its side, a desktop zoomed in)', () => {
  test.use({ viewport: { width: 844, height: 390 } });

  test("the sidebar's last controls can be reached: the account menu opens on the screen, and so does the list of shortcuts", async ({ page }) => {
    await openLoggedIn(page, '/home?feed=everyone');
    const sidebar = page.getByRole('navigation', { name: 'Main' });
    const account = page.getByRole('button', { name: /Account/ });
    await account.scrollIntoViewIfNeeded();
    await expect(account).toBeInViewport();
    await account.click();
    await expect(page.getByRole('menuitem', { name: 'Signout' })).toBeInViewport();
    await page.keyboard.press('Escape');

    const shortcuts = sidebar.getByRole('button', { name: 'Keyboard shortcuts' });
    await shortcuts.scrollIntoViewIfNeeded();
    await expect(shortcuts).toBeInViewport();
    await shortcuts.click();
    await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible();
  });
});
