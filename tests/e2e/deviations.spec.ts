import { expect, test, type Page } from '@playwright/test';
import { nextMatchOf } from './data';
import { quietFirstVisit } from './visits';

/**
 * Spec deviations fixed, on the production build: every part of
 * /match/:team?/:season?/:matchID? is optional (spec §2); hash links scroll smoothly to the
 * anchor after 1 s with an offset of -130 (spec §2); /teams has the solid header (spec §2 Header
 * styles); canonical links are spelled as the site links, without a trailing '/'.
 */

test.beforeEach(async ({ context, baseURL }) => {
  await quietFirstVisit(context, baseURL ?? 'http://127.0.0.1');
});

const canonicalPath = async (page: Page) => new URL((await page.locator('link[rel=canonical]').getAttribute('href'))!).pathname;

test.describe('/match/:team?/:season? (spec §2: every part optional)', () => {
  test('/match and /match/:team show the team’s featured match centre: in a season under way, the next fixture', async ({ page }) => {
    const next = nextMatchOf('');
    for (const path of ['/match', '/match/first-team', `/match/first-team/${next.season}`]) {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page.locator('h1')).toHaveText(`${next.home} v ${next.away}`);
      await expect(page.locator('.scoreboard__status')).toHaveText('Upcoming');
      expect(await canonicalPath(page)).toBe(`/match/first-team/${next.season}/${next.matchID}`);
      await expect(page.locator('body')).toHaveClass(/header-transparent-dark/);
    }
  });

  test('/match/:team shows the next fixture when there is one, with its countdown', async ({ page }) => {
    const next = nextMatchOf('women');
    expect((await page.goto('/match/women'))?.status()).toBe(200);
    await expect(page.locator('h1')).toHaveText(`${next.home} v ${next.away}`);
    await expect(page.locator('.scoreboard__status')).toHaveText('Upcoming');
    await expect(page.locator('[data-countdown] .countdown__clock')).toBeVisible();
    expect(await canonicalPath(page)).toBe(`/match/women/${next.season}/${next.matchID}`);
  });

  test('/match/:team/:season shows the season’s match centre: a finished season’s last match', async ({ page }) => {
    expect((await page.goto('/match/first-team/2023-24'))?.status()).toBe(200);
    await expect(page.locator('.eyebrow').first()).toContainText('Championship');
    expect(await canonicalPath(page)).toMatch(/^\/match\/first-team\/2023-24\/2024-05-04-/);
    expect((await page.goto('/match/u21/2025-26'))?.status()).toBe(200);
    expect(await canonicalPath(page)).toMatch(/^\/match\/u21\/2025-26\/2026-03-23-/);
  });

  test('an unknown team or season is still a 404', async ({ page }) => {
    expect((await page.goto('/match/reserves'))?.status()).toBe(404);
    expect((await page.goto('/match/first-team/1999-00'))?.status()).toBe(404);
  });
});

test.describe('hash links (spec §2: smoothly to the anchor after 1 s with an offset of -130)', () => {
  interface Trace {
    scrollTo: { t: number; top: number; behavior: string }[];
    positions: { t: number; y: number }[];
    clicks: number[];
  }

  // Records, in page time (performance.now), every window.scrollTo call, every scroll position
  // and every click, so the checks do not depend on how fast the test runner polls.
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => {
      const trace: Trace = { scrollTo: [], positions: [], clicks: [] };
      (window as unknown as { __trace: Trace }).__trace = trace;
      const original = window.scrollTo.bind(window);
      window.scrollTo = ((...args: unknown[]) => {
        const options = typeof args[0] === 'object' && args[0] !== null ? (args[0] as ScrollToOptions) : { top: Number(args[1]) };
        trace.scrollTo.push({ t: performance.now(), top: options.top ?? 0, behavior: options.behavior ?? 'auto' });
        (original as (...a: unknown[]) => void)(...args);
      }) as typeof window.scrollTo;
      addEventListener('scroll', () => trace.positions.push({ t: performance.now(), y: window.scrollY }), { capture: true, passive: true });
      addEventListener('click', () => trace.clicks.push(performance.now()), { capture: true });
    });
  });

  const trace = (page: Page) => page.evaluate(() => (window as unknown as { __trace: Trace }).__trace);
  /** Whether the anchor sits 130 px below the top of the viewport (within 2 px of rounding). */
  const atAnchor = (page: Page) => page.evaluate(() => Math.abs((document.getElementById('league-table')?.getBoundingClientRect().top ?? -1e6) - 130) <= 2);

  test('an in-page link: nothing moves at once; after 1 s a smooth scroll leaves the anchor 130 px below the top', async ({ page }) => {
    await page.goto('/matches/first-team/2025-26');
    await page.waitForLoadState('networkidle');
    const link = page.locator('a.jump[href="#league-table"]');
    await link.scrollIntoViewIfNeeded();
    const before = await page.evaluate(() => window.scrollY);
    await link.click();
    await expect(page).toHaveURL(/#league-table$/);
    await expect.poll(() => atAnchor(page), { timeout: 6_000 }).toBe(true);
    const { scrollTo, positions, clicks } = await trace(page);
    const clicked = clicks.at(-1)!;
    const smooth = scrollTo.filter((c) => c.t > clicked && c.behavior === 'smooth');
    expect(smooth).toHaveLength(1);
    expect(smooth[0]!.t - clicked).toBeGreaterThanOrEqual(950);
    // No jump: until the smooth scroll starts the page stays where it was (give or take a few px).
    for (const p of positions.filter((p) => p.t > clicked && p.t < smooth[0]!.t)) expect(Math.abs(p.y - before)).toBeLessThan(50);
  });

  test('a link to an anchor on another page: the page opens at the top, then scrolls smoothly after 1 s', async ({ page }) => {
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    // The home page's compact table links to the full table of the season it shows.
    const season = nextMatchOf('').season;
    await page.locator(`a[href="/matches/first-team/${season}#league-table"]`).click();
    await expect(page).toHaveURL(new RegExp(`/matches/first-team/${season}#league-table$`));
    await expect.poll(() => atAnchor(page), { timeout: 6_000 }).toBe(true);
    const { scrollTo, positions } = await trace(page);
    // The router opens the new page at the top …
    const arrived = scrollTo.find((c) => c.top === 0 && c.behavior === 'instant');
    expect(arrived, 'the router scrolled the new page to the top').toBeDefined();
    // … and one smooth scroll to the anchor follows 1 s later, with no jump in between.
    const smooth = scrollTo.filter((c) => c.t > arrived!.t && c.behavior === 'smooth');
    expect(smooth).toHaveLength(1);
    expect(smooth[0]!.t - arrived!.t).toBeGreaterThanOrEqual(950);
    for (const p of positions.filter((p) => p.t > arrived!.t && p.t < smooth[0]!.t)) expect(p.y).toBeLessThan(50);
  });

  test('a page opened with a fragment scrolls smoothly to the anchor after 1 s', async ({ page }) => {
    await page.goto('/matches/first-team/2025-26#league-table');
    await expect.poll(() => atAnchor(page), { timeout: 6_000 }).toBe(true);
    const { scrollTo, positions } = await trace(page);
    const smooth = scrollTo.filter((c) => c.behavior === 'smooth');
    expect(smooth).toHaveLength(1);
    expect(smooth[0]!.t).toBeGreaterThanOrEqual(950);
    // No jump on arrival: the page stays at the top until the smooth scroll.
    for (const p of positions.filter((p) => p.t < smooth[0]!.t)) expect(p.y).toBeLessThan(50);
  });
});

test('/teams has the solid header (spec §2 Header styles: team)', async ({ page }) => {
  await page.goto('/teams');
  await expect(page.locator('body')).toHaveClass(/header-solid/);
  await page.goto('/teams/first-team');
  await expect(page.locator('body')).toHaveClass(/header-solid/);
});

test('canonical links have no trailing slash, as the site links', async ({ page }) => {
  for (const [path, canonical] of [
    ['/news/', '/news'],
    ['/teams', '/teams'],
    ['/matches/first-team/2025-26/', '/matches/first-team/2025-26'],
    ['/', '/'],
  ] as const) {
    await page.goto(path);
    expect(await canonicalPath(page)).toBe(canonical);
  }
});
