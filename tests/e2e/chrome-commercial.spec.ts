import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { readJson } from './data';

/**
 * Commercial parts on the production build (spec §2 Other overlays, §4 Adverts, Overlay promo,
 * §6 child-friendly): advert slots and footer adverts under child-friendly mode, the footer
 * adverts' impression and click events, and the overlay promo shown once. Expects the home page's
 * home-mpu and news-banner slots, the footer adverts and the promo overlay. The browser's clock is
 * fixed at NOW; windows are checked at the dataset's as-of instant.
 */

const NOW = new Date('2026-11-21T12:00:00Z');
/** The site's clock: the dataset's as-of instant. */
const AS_OF = Date.parse(readJson<{ asOf: string }>('club/dataset.json').asOf);
const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();
const EVENTS = '**/api/events';
const PROMOS = '**/data/promo-overlays.json';

interface LoggedEvent {
  action: string;
  advertID: string;
  [field: string]: unknown;
}

async function consent(context: BrowserContext, baseURL: string | undefined, analytics: boolean): Promise<void> {
  const url = baseURL ?? 'http://127.0.0.1:4322';
  await context.addCookies([
    { name: 'cookie_consent_given', value: 'true', url },
    { name: 'cookie_analytics_consent_given', value: String(analytics), url },
  ]);
}

/** Captures the advert events the page sends (and answers them, as the platform API would). */
async function captureEvents(page: Page): Promise<LoggedEvent[]> {
  const events: LoggedEvent[] = [];
  await page.route(EVENTS, async (route) => {
    events.push(route.request().postDataJSON() as LoggedEvent);
    await route.fulfill({ status: 204 });
  });
  return events;
}

/** Answers the promo overlays call with `promos` (a live list the test may change). */
async function servePromos(page: Page, promos: unknown[]): Promise<void> {
  await page.route(PROMOS, (route) => route.fulfill({ json: promos }));
}

const promo = (promoID: string, type: 'Default' | 'Mini', times: [string, string] = [iso(AS_OF - 7 * DAY), iso(AS_OF + 7 * DAY)]) => ({
  promoID,
  type,
  url: '/videos',
  webNewWindow: false,
  imageKey: 'promos/season-pass-offer.svg',
  imageAltText: `Promo ${promoID}`,
  startDateTime: times[0],
  endDateTime: times[1],
});

/** Scrolls the site footer into view: the footer adverts load only when it nears the screen (src/browser/footerAdvertsStart). */
async function reachFooter(page: Page): Promise<void> {
  await page.locator('footer.site-footer').scrollIntoViewIfNeeded();
}

/** Follows the first link matching `selector` with the client router and waits until the new page has loaded. */
async function navigate(page: Page, selector: string): Promise<void> {
  const loaded = page.evaluate(() => new Promise<void>((resolve) => document.addEventListener('astro:page-load', () => resolve(), { once: true })));
  await page.locator(selector).first().click();
  await loaded;
}

test.beforeEach(async ({ page }) => {
  await page.clock.setFixedTime(NOW);
});

test.describe('child-friendly mode (spec §6)', () => {
  test('hides advert slots and footer adverts not marked child friendly, and shows them when off', async ({ page, context, baseURL }) => {
    await consent(context, baseURL, false);
    await captureEvents(page);
    await servePromos(page, []);
    const mpu = page.locator('[data-advert-slot="home-mpu"]');
    const banner = page.locator('[data-advert-slot="news-banner"]');
    const footer = page.locator('[data-footer-adverts]');
    const beer = footer.getByRole('link', { name: /Kilnhouse Brewing/ });
    const kit = footer.getByRole('link', { name: /home kit/ });

    await page.goto('/');
    await reachFooter(page);
    await expect(kit).toBeVisible();
    await expect(mpu).toBeVisible();
    await expect(banner).toBeHidden();
    await expect(beer).toHaveCount(0);

    await page.evaluate(() => localStorage.setItem('terrace:childFriendly', 'false'));
    await page.reload();
    await reachFooter(page);
    await expect(banner).toBeVisible();
    await expect(banner.getByRole('link', { name: /ClearOdds/ })).toHaveAttribute('href', 'https://www.clearodds.example/football');
    await expect(beer).toBeVisible();
    await expect(mpu).toBeVisible();

    await page.evaluate(() => localStorage.setItem('terrace:childFriendly', 'true'));
    await page.reload();
    await reachFooter(page);
    await expect(kit).toBeVisible();
    await expect(banner).toBeHidden();
    await expect(beer).toHaveCount(0);
  });
});

test.describe('footer adverts (spec §4 Adverts, §3 Logged event)', () => {
  test('a first view that does not reach the footer loads no advert and logs no impression', async ({ page, context, baseURL }) => {
    await consent(context, baseURL, true);
    const events = await captureEvents(page);
    await servePromos(page, []);
    const images: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/footer-adverts/')) images.push(request.url());
    });
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(500);
    expect(events).toEqual([]);
    expect(images).toEqual([]);
    await expect(page.locator('[data-footer-adverts] [data-footer-slot]:not([hidden])')).toHaveCount(0);

    await reachFooter(page);
    await expect.poll(() => events.filter((e) => e.action === 'advertImpression').length).toBe(2);
  });

  test('one eligible advert per slot is shown and its impression logged; a click is logged', async ({ page, context, baseURL }) => {
    await consent(context, baseURL, true);
    const events = await captureEvents(page);
    await servePromos(page, []);
    await page.goto('/');
    await reachFooter(page);

    const impressions = () => events.filter((e) => e.action === 'advertImpression');
    // Child-friendly mode is on: slot 1 shows the home kit (the 2024 camps are over), slot 2 the
    // audio pass (the Christmas advert is disabled), slot 3 nothing (18+ advert; app-only advert).
    await expect
      .poll(() =>
        impressions()
          .map((e) => e.advertID)
          .sort(),
      )
      .toEqual(['fa-audio-pass', 'fa-home-kit']);
    const footer = page.locator('[data-footer-adverts]');
    await expect(footer.locator('[data-footer-slot]:not([hidden])')).toHaveCount(2);

    const kit = impressions().find((e) => e.advertID === 'fa-home-kit');
    expect(kit).toMatchObject({
      action: 'advertImpression',
      advertID: 'fa-home-kit',
      advertName: 'Club Shop – 2026/27 home kit',
      advertRef: 'ADV-2026-001',
      campaignRef: 'CMP-RETAIL-2026',
      ssoID: '',
      timestamp: NOW.toISOString(),
      url: 'https://shop.stokecity.example/kits',
      userAllowTracking: true,
      channel: 'web',
      domain: '127.0.0.1',
      screensize: '1280x720',
      ssoVendor: 'cognito',
    });
    expect(Number(kit?.sessionID)).toBeGreaterThanOrEqual(1);
    expect(Number(kit?.sessionID)).toBeLessThanOrEqual(1_000_000);
    expect(kit?.logID).toEqual(expect.any(Number));
    expect(String(kit?.userAgent)).toContain('Chrome');

    await footer.getByRole('link', { name: /Audio Pass/ }).click();
    await expect.poll(() => events.filter((e) => e.action === 'advertClick').map((e) => e.advertID)).toEqual(['fa-audio-pass']);
    await expect(page).toHaveURL(/\/videos\/?$/);
  });

  test("sends 'no tracking' ids without analytics consent (spec §6)", async ({ page, context, baseURL }) => {
    await consent(context, baseURL, false);
    const events = await captureEvents(page);
    await servePromos(page, []);
    await page.goto('/');
    await reachFooter(page);
    await expect.poll(() => events.length).toBeGreaterThan(0);
    expect(events[0]).toMatchObject({ action: 'advertImpression', sessionID: 'no tracking', ssoID: 'no tracking', userAllowTracking: false });
  });

  test('only logs a failed event call', async ({ page, context, baseURL }) => {
    await consent(context, baseURL, false);
    await servePromos(page, []);
    const warnings: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'warning') warnings.push(m.text());
    });
    const errors: Error[] = [];
    page.on('pageerror', (e) => errors.push(e));
    await page.route(EVENTS, (route) => route.fulfill({ status: 503 }));
    await page.goto('/');
    await reachFooter(page);
    await expect.poll(() => warnings.some((w) => w.includes('Advert event not logged'))).toBe(true);
    await expect(page.locator('[data-footer-adverts] [data-footer-slot]:not([hidden])').first()).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('after a route change the slots come back 2 s later with a new impression', async ({ page, context, baseURL }) => {
    test.setTimeout(60_000);
    await consent(context, baseURL, false);
    const events = await captureEvents(page);
    await servePromos(page, []);
    await page.goto('/');
    await reachFooter(page);
    await expect.poll(() => events.length).toBeGreaterThan(0);
    await navigate(page, 'a[href="/news"]');
    await expect(page).toHaveURL(/\/news\/?$/);
    events.length = 0;
    const clicked = Date.now();
    await navigate(page, 'a[href="/"]');
    await expect(page).toHaveURL(/\/$/);
    await reachFooter(page);
    await expect.poll(() => events.length, { timeout: 10_000 }).toBeGreaterThan(0);
    expect(Date.now() - clicked).toBeGreaterThanOrEqual(1_900);
  });
});

test.describe('overlay promo (spec §4 Overlay promo)', () => {
  test('the promo list is served as a static JSON endpoint', async ({ request }) => {
    const res = await request.get('/data/promo-overlays.json');
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toContain('application/json');
    const body = (await res.json()) as { promoID: string; type: string }[];
    expect(body.map((p) => p.promoID)).toContain('promo-season-pass-offer');
    for (const p of body) expect(['Default', 'Mini']).toContain(p.type);
  });

  test('shows the first unseen promo once, modal, and not again after reload', async ({ page, context, baseURL }) => {
    await context.clearCookies();
    await consent(context, baseURL, false);
    await captureEvents(page);
    // 'later' runs at the real date (NOW) but not yet at the site's clock.
    await servePromos(page, [
      promo('expired', 'Default', [iso(AS_OF - 60 * DAY), iso(AS_OF - 30 * DAY)]),
      promo('later', 'Default', [iso(NOW.getTime() - DAY), iso(NOW.getTime() + DAY)]),
      promo('offer', 'Default'),
    ]);
    await page.goto('/');

    const dialog = page.getByRole('dialog', { name: 'Promotion' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('img', { name: 'Promo offer' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Close promotion' }).first()).toBeFocused();
    const cookie = (await context.cookies()).find((c) => c.name === 'seen_promos');
    expect(cookie?.value).toBe('offer');
    // Set to expire on 31 Dec 2099 (src/lib/promos); Chromium caps cookie lifetimes at 400 days.
    expect((cookie?.expires ?? 0) * 1000 - Date.now()).toBeGreaterThan(399 * 86_400_000);

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    const answered = page.waitForResponse(PROMOS);
    await page.reload();
    await answered;
    await page.waitForTimeout(500);
    await expect(page.locator('dialog[data-promo-overlay][open]')).toHaveCount(0);
  });

  test('closes on the underlay and on its link; a visible tab checks again; Mini sits bottom-right', async ({ page, context, baseURL }) => {
    await context.clearCookies();
    await consent(context, baseURL, false);
    await captureEvents(page);
    const promos: unknown[] = [promo('first', 'Default')];
    await servePromos(page, promos);
    await page.goto('/');

    const modal = page.locator('dialog[data-promo-overlay="Default"]');
    await expect(modal).toBeVisible();
    await page.mouse.click(5, 5);
    await expect(modal).toBeHidden();

    promos.push(promo('second', 'Mini'));
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    const mini = page.locator('dialog[data-promo-overlay="Mini"]');
    await expect(mini).toBeVisible();
    const box = await mini.boundingBox();
    const viewport = page.viewportSize();
    expect(box && viewport && viewport.width - (box.x + box.width)).toBeLessThanOrEqual(32);
    expect(box && viewport && viewport.height - (box.y + box.height)).toBeLessThanOrEqual(32);

    await mini.getByRole('link', { name: 'Promo second' }).click();
    await expect(page).toHaveURL(/\/videos\/?$/);
    await expect(page.locator('dialog[data-promo-overlay][open]')).toHaveCount(0);
    const seen = (await context.cookies()).find((c) => c.name === 'seen_promos')?.value ?? '';
    expect(decodeURIComponent(seen)).toBe('first,second');
  });

  test('shows nothing when the promo call fails (only logged)', async ({ page, context, baseURL }) => {
    await consent(context, baseURL, false);
    await captureEvents(page);
    await page.route(PROMOS, (route) => route.fulfill({ status: 500 }));
    const warnings: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'warning') warnings.push(m.text());
    });
    await page.goto('/');
    await expect.poll(() => warnings.some((w) => w.includes('Promo overlays not loaded'))).toBe(true);
    await expect(page.locator('dialog[data-promo-overlay][open]')).toHaveCount(0);
  });
});
