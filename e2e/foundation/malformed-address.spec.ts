import { expect, openLoggedIn, test } from '../support/fixtures';

/*
 * An address cut inside an escape (a link copied short, `%E0%A4` of a longer character) or with a
 * stray `%`: the deployed page still opens and says what it says of any unknown address, with no
 * error and no warning in the console (the profile page's title decoded it and threw: a blank page).
 */
test('an address whose escapes do not decode opens the page that says nothing is there, and the console stays quiet', async ({ page }) => {
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text());
  });
  await openLoggedIn(page, '/home');
  const main = page.getByRole('main');

  await page.goto('/profile/%E0%A4');
  await expect(main.getByRole('heading', { level: 1, name: 'Profile not found' })).toBeVisible();
  await expect(main.getByText('@%E0%A4')).toBeVisible();
  await expect(page).toHaveTitle('@%E0%A4 / Chirp');

  await page.goto('/post/%E0%A4%A');
  await expect(main.getByRole('heading', { level: 1, name: 'Post not found' })).toBeVisible();

  await page.goto('/home%');
  await expect(main.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await main.getByRole('link', { name: 'Go to Home' }).click();
  await expect(page).toHaveURL(/\/home$/);
  expect(warnings.filter((text) => text.includes('could not be decoded'))).toEqual([]);
});
