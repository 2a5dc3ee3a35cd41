import { expect, test } from '@playwright/test';
import { readJson } from './data';

/**
 * 'Watch live' and 'Live Audio' show only for a stream that is live now (src/lib/liveStreams: on
 * air, spec §3, and around a kick-off it shows). The embedded dataset's clock sits between matches
 * (no match in progress at its as-of instant), so every live entry point shows the stream's offline
 * image and its next kick-off instead: home, /videos and the streaming page.
 */

const streamingBrand = readJson<{ streamingBrandName: string }>('club/platform-settings.json').streamingBrandName;

for (const path of ['/videos', '/videos/subscriptions']) {
  test(`${path}: no live button while nothing is live; the offline image and the next kick-off instead`, async ({ page }) => {
    await page.goto(path);
    const main = page.locator('main');
    await expect(main.getByRole('button', { name: 'Watch live' })).toHaveCount(0);
    await expect(main.getByRole('button', { name: 'Live Audio' })).toHaveCount(0);
    const offline = main.locator('.live-offline').first();
    await expect(offline).toBeVisible();
    await expect(offline).toContainText('Not live now');
    await expect(offline.locator('img')).toBeVisible();
    await expect(offline).toContainText(/Next kick-off:|The next kick-off will be announced soon\./);
    const next = offline.locator('time');
    if ((await next.count()) > 0) expect(Date.parse((await next.getAttribute('datetime'))!)).not.toBeNaN();
  });
}

test("home: the video section's button names the streaming page instead of 'Watch live' while nothing is live", async ({ page }) => {
  await page.goto('/');
  const section = page.locator('section[aria-labelledby="video-heading"]');
  await expect(section.getByRole('link', { name: 'Watch live' })).toHaveCount(0);
  await expect(section.getByRole('link', { name: streamingBrand })).toHaveAttribute('href', /\/videos\/subscriptions\/?$/);
});
