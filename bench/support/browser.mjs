/** Chromium for the benchmarks: the same binary and flags as the E2E tests. */
import { chromiumArgs, findChromium } from '../../scripts/chromium.mjs';

export function launchChromium(chromium) {
  return chromium.launch({ executablePath: findChromium(), args: chromiumArgs });
}

/** The guest journey: login page → guest link → Log in → /home with posts. */
export async function logInAsGuest(page, shellUrl) {
  await page.goto(shellUrl);
  await page.getByRole('link', { name: /guest/i }).click();
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL(/\/home$/);
  await page.getByRole('article').first().waitFor();
}
