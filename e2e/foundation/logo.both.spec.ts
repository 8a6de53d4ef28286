import type { Locator, Page } from '@playwright/test';
import { expect, openLoggedIn, test } from '../support/fixtures';

/**
 * How far the logo stands out from what is behind it, as a person sees it: the WCAG contrast ratio
 * between the picture's corner (the mark never reaches it) and the pixel of the picture most unlike it.
 */
async function contrastOf(page: Page, logo: Locator): Promise<number> {
  const box = await logo.boundingBox();
  expect(box, 'the logo on the page').not.toBeNull();
  const picture = (await page.screenshot({ clip: box! })).toString('base64');
  return page.evaluate(async (base64) => {
    const image = new Image();
    image.src = `data:image/png;base64,${base64}`;
    await image.decode();
    const canvas = new OffscreenCanvas(image.width, image.height);
    const context = canvas.getContext('2d')!;
    context.drawImage(image, 0, 0);
    const { data } = context.getImageData(0, 0, image.width, image.height);
    const channel = (value: number) => (value / 255 <= 0.04045 ? value / 255 / 12.92 : ((value / 255 + 0.055) / 1.055) ** 2.4);
    const luminance = (at: number) => 0.2126 * channel(data[at]) + 0.7152 * channel(data[at + 1]) + 0.0722 * channel(data[at + 2]);
    const behind = luminance(0);
    let most = 1;
    for (let at = 0; at < data.length; at += 4) {
      const [light, dark] = [luminance(at), behind].sort((a, b) => b - a);
      most = Math.max(most, (light + 0.05) / (dark + 0.05));
    }
    return most;
  }, picture);
}

/** A graphic that identifies something needs 3:1 against what is next to it (WCAG 1.4.11). */
async function expectItStandsOutInBothThemes(page: Page, logo: Locator) {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    expect(await contrastOf(page, logo), `the logo in the ${colorScheme} theme`).toBeGreaterThanOrEqual(3);
  }
}

test('the login and sign-up pages show the Chirp logo, clear in both themes', async ({ page }) => {
  await page.goto('/signup');
  await expect(page.getByRole('main').getByRole('img', { name: 'Chirp', exact: true })).toBeVisible();
  await page.goto('/');
  const logo = page.getByRole('main').getByRole('img', { name: 'Chirp', exact: true });
  await expect(logo).toBeVisible();
  await expectItStandsOutInBothThemes(page, logo);
});

test('the Chirp logo is the home link, clear in both themes', async ({ page }) => {
  await openLoggedIn(page);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Explore' }).click();
  await expect(page).toHaveURL(/\/explore$/);
  const home = page.getByRole('link', { name: 'Chirp', exact: true });
  await expect(home.getByRole('img', { name: 'Chirp', exact: true })).toBeVisible();
  await expectItStandsOutInBothThemes(page, home.getByRole('img'));
  await home.click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
});

test('the favicon and the app icons the page and a web app manifest point at are served', async ({ page }) => {
  await page.goto('/');
  const linked = await page.locator('head link[rel~="icon"], head link[rel="apple-touch-icon"]').evaluateAll((links) =>
    links.map((link) => (link as HTMLLinkElement).href),
  );
  expect(linked.map((href) => new URL(href).pathname)).toEqual(['/favicon.svg', '/icons/apple-touch-icon.png']);
  const forTheManifest = ['/icons/icon-192.png', '/icons/icon-512.png', '/icons/icon-maskable-512.png'];
  for (const href of [...linked, ...forTheManifest]) {
    const answer = await page.request.get(href);
    expect(answer.status(), href).toBe(200);
    expect(answer.headers()['content-type'], href).toBe(href.endsWith('.svg') ? 'image/svg+xml' : 'image/png');
  }
});
