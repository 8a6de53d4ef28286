import { expect, openLoggedIn, test } from '../support/fixtures';
import { feedReady, postCard, timeLink } from './feed-helpers';

const OWN_POST = 'Hello Chirp! Trying out the demo account';

test('the Post options button stands at the right edge of the post’s header, after the time', async ({ page }) => {
  await openLoggedIn(page);
  await feedReady(page);
  const card = postCard(page, OWN_POST);
  const options = card.getByRole('button', { name: 'Post options' });
  await expect(options).toBeVisible();
  const button = (await options.boundingBox())!;
  const time = (await timeLink(card).boundingBox())!;
  // The header is the row the author, the time and the button share.
  const header = (await card.locator('header').boundingBox())!;
  const body = (await card.locator('header').locator('..').boundingBox())!;
  expect(header.width).toBeCloseTo(body.width, 0);
  expect(button.x + button.width).toBeGreaterThanOrEqual(header.x + header.width - 1);
  expect(button.x).toBeGreaterThan(time.x + time.width);
  // Level with the time, not below it.
  expect(button.y).toBeLessThan(time.y + time.height);
});
