import { expect, test, type Locator, type Page } from '@playwright/test';
import { datasetAsOf, nextMatchOf, readJson, teamMatches, type MatchView } from './data';
import { nextFixture } from '../../src/lib/fixtureList';
import { liveWindowOf } from '../../src/lib/liveNow';

/**
 * 'Watch live' and 'Live Audio' show only while a stream is live (src/lib/liveStreams: on air,
 * spec §3, and around a kick-off it shows), decided in the browser at the site's clock: the page
 * carries both states and the inline gate shows one before first paint. The embedded dataset's
 * clock (<html data-as-of>) sits between matches, so the entry points show the stream's offline
 * image and its next kick-off; `?as-of=` inside the next First Team match's live window (the club
 * channel's) shows the buttons, and after it the card names the match after. Without a fixed clock
 * (a build from the platform's content) the real clock decides: `page.clock` stands in for it.
 */

const streamingBrand = readJson<{ streamingBrandName: string }>('club/platform-settings.json').streamingBrandName;
/** The next First Team match at the dataset's clock: the club channel's next kick-off. */
const NEXT = nextMatchOf('');
const WINDOW = liveWindowOf(Date.parse(NEXT.kickOff));
/** An instant inside its live window (the kick-off itself) and the first after it. */
const DURING = new Date(Date.parse(NEXT.kickOff)).toISOString();
const AFTER = new Date(WINDOW.untilMs).toISOString();
/** The First Team's next match once that window is over. */
const NEXT_AFTER = nextFixture(teamMatches(''), AFTER)!;

/** The card names `match` as the next kick-off in its one visible line, and nothing else. */
async function expectNextKickOff(card: Locator, match: MatchView): Promise<void> {
  const line = card.locator('p').filter({ hasText: 'Next kick-off:', visible: true });
  await expect(line).toHaveCount(1);
  await expect(line).toContainText(`${match.home} v ${match.away}`);
  expect(Date.parse((await line.locator('time').getAttribute('datetime'))!)).toBe(Date.parse(match.kickOff));
  await expect(card.getByText('The next kick-off will be announced soon.')).toBeHidden();
}

/** Where a page's entry points are: /videos has the club channel's in its hero, the streaming page the next game's. */
const entryPoints = (page: Page, path: string): Locator => (path === '/videos' ? page.locator('main') : page.locator('#next-game'));

test('the next First Team match is ahead of the dataset’s clock and another follows it', () => {
  expect(Date.parse(datasetAsOf())).toBeLessThan(WINDOW.fromMs);
  expect(Date.parse(NEXT_AFTER.kickOff)).toBeGreaterThan(Date.parse(NEXT.kickOff));
});

for (const path of ['/videos', '/videos/subscriptions']) {
  test(`${path}: at the dataset's clock no live button; the offline image and the next kick-off instead`, async ({ page }) => {
    await page.goto(path);
    const main = page.locator('main');
    await expect(main.getByRole('button', { name: 'Watch live', exact: true })).toHaveCount(0);
    await expect(main.getByRole('button', { name: 'Live Audio', exact: true })).toHaveCount(0);
    await expect(main.locator('.live-buttons').first()).toBeHidden();
    const offline = entryPoints(page, path).locator('.live-offline');
    await expect(offline).toBeVisible();
    await expect(offline).toContainText('Not live now');
    await expect(offline.locator('img')).toBeVisible();
    await expectNextKickOff(offline, NEXT);
  });
}

test("/videos: inside the next match's live window 'Watch live' and 'Live Audio'; after it, the match after", async ({ page }) => {
  await page.goto(`/videos?as-of=${DURING}`);
  const main = page.locator('main');
  await expect(main.getByRole('button', { name: 'Watch live', exact: true })).toBeVisible();
  await expect(main.getByRole('button', { name: 'Watch live', exact: true })).toHaveAttribute('data-play-media-type', 'DrmLiveVideo');
  await expect(main.getByRole('button', { name: 'Live Audio', exact: true })).toBeVisible();
  await expect(main.locator('.live-offline')).toBeHidden();

  await page.goto(`/videos?as-of=${AFTER}`);
  await expect(main.getByRole('button', { name: 'Watch live', exact: true })).toHaveCount(0);
  await expect(main.getByRole('button', { name: 'Live Audio', exact: true })).toHaveCount(0);
  const offline = main.locator('.live-offline');
  await expect(offline).toBeVisible();
  await expectNextKickOff(offline, NEXT_AFTER);
});

test("/videos/subscriptions: the next game's 'Watch live' inside its live window", async ({ page }) => {
  await page.goto(`/videos/subscriptions?as-of=${DURING}`);
  const nextGame = page.locator('#next-game');
  await expect(nextGame.getByRole('button', { name: 'Watch live', exact: true })).toBeVisible();
  await expect(nextGame.locator('.live-offline')).toBeHidden();
});

test.describe('without a fixed clock', () => {
  // The page is served through page.route: no service worker may answer it first.
  test.use({ serviceWorkers: 'block' });

  test("the real clock inside the live window shows 'Watch live' and 'Live Audio'", async ({ page }) => {
    // /videos as a build from the platform's content serves it: no data-as-of on <html>.
    await page.route(
      (url) => url.pathname.replace(/\/$/, '') === '/videos',
      async (route) => {
        const response = await route.fetch();
        const headers = { ...response.headers() };
        delete headers['content-length'];
        delete headers['content-encoding'];
        const body = (await response.text()).replace(/(<html\b[^>]*?)\s+data-as-of="[^"]*"/, '$1');
        await route.fulfill({ response, headers, body });
      },
    );
    await page.clock.setFixedTime(DURING);
    await page.goto('/videos');
    expect(await page.evaluate(() => document.documentElement.hasAttribute('data-as-of'))).toBe(false);
    const main = page.locator('main');
    await expect(main.getByRole('button', { name: 'Watch live', exact: true })).toBeVisible();
    await expect(main.getByRole('button', { name: 'Live Audio', exact: true })).toBeVisible();
    await expect(main.locator('.live-offline')).toBeHidden();
  });
});

test("home: the video section's button reads 'Watch live' inside the live window and the streaming page's name outside, in one place", async ({ page }) => {
  const section = page.locator('section[aria-labelledby="video-heading"]');
  const watchLive = section.getByRole('link', { name: 'Watch live', exact: true });
  const brand = section.getByRole('link', { name: streamingBrand, exact: true });

  await page.goto('/');
  await expect(watchLive).toHaveCount(0);
  await expect(brand).toBeVisible();
  await expect(brand).toHaveAttribute('href', /\/videos\/subscriptions\/?$/);
  const outside = (await brand.boundingBox())!;

  await page.goto(`/?as-of=${DURING}`);
  await expect(brand).toHaveCount(0);
  await expect(watchLive).toBeVisible();
  await expect(watchLive).toHaveAttribute('href', /\/videos\/subscriptions\/?$/);
  const inside = (await watchLive.boundingBox())!;
  // The same place in the section head: its height and right edge.
  expect(inside.height).toBeCloseTo(outside.height, 0);
  expect(inside.x + inside.width).toBeCloseTo(outside.x + outside.width, 0);
});
