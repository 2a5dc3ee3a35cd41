import { expect, test, type Page } from '@playwright/test';
import { datasetAsOf, readJson } from './data';

/**
 * The first visit on a phone (issue 11 item 3; spec §4 Cookie notice, Overlay promo), at
 * 390 × 844: the cookie notice comes alone — the promo overlay waits until it is answered — and a
 * Mini promo never locks scrolling (a Default promo, a modal, does). Promos are checked at the
 * site's clock, the dataset's as-of instant (data/club/dataset.json).
 */

test.use({ viewport: { width: 390, height: 844 }, storageState: { cookies: [], origins: [] } });

const PROMOS = '**/data/promo-overlays.json';
const AS_OF = Date.parse(readJson<{ asOf: string }>('club/dataset.json').asOf);
const DAY = 86_400_000;
const promo = (promoID: string, type: 'Default' | 'Mini') => ({
  promoID,
  type,
  url: '/videos',
  webNewWindow: false,
  imageKey: 'promos/season-pass-offer.svg',
  imageAltText: `Promo ${promoID}`,
  startDateTime: new Date(AS_OF - DAY).toISOString(),
  endDateTime: new Date(AS_OF + DAY).toISOString(),
});

/** Whether the page can scroll: html is not overflow-hidden and a scroll actually moves it. */
async function scrolls(page: Page): Promise<boolean> {
  return page.evaluate(async () => {
    if (getComputedStyle(document.documentElement).overflowY === 'hidden') return false;
    const before = window.scrollY;
    window.scrollTo({ top: before + 400, behavior: 'instant' });
    await new Promise((r) => requestAnimationFrame(() => r(null)));
    const moved = window.scrollY > before;
    window.scrollTo({ top: before, behavior: 'instant' });
    return moved;
  });
}

/** The element at the centre of a locator's box is inside it (nothing covers it). */
async function uncovered(page: Page, selector: string): Promise<boolean> {
  return page.locator(selector).evaluate((el) => {
    const r = el.getBoundingClientRect();
    const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return top !== null && (el === top || el.contains(top));
  });
}

test('the cookie notice comes alone; the promo shows once it is answered', async ({ page }) => {
  await page.route(PROMOS, (route) => route.fulfill({ json: [promo('welcome', 'Default')] }));
  await page.goto('/');
  await expect(page.getByRole('region', { name: 'We use cookies' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(1_000);
  await expect(page.locator('dialog[data-promo-overlay][open]')).toHaveCount(0);
  expect(await uncovered(page, '#cookie-notice-title')).toBe(true);
  // The notice leaves most of the phone screen to the page.
  const box = await page.locator('#cookie-notice').boundingBox();
  expect(box!.height).toBeLessThan(844 / 2);
  expect(await scrolls(page)).toBe(true);

  const fetched = page.waitForResponse(PROMOS);
  await page.getByRole('button', { name: 'Only Essential' }).click();
  await fetched;
  await expect(page.locator('#cookie-notice')).toBeHidden();
  const dialog = page.getByRole('dialog', { name: 'Promotion' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('img', { name: 'Promo welcome' })).toBeVisible();
  // A Default promo is a modal: the page behind it does not scroll.
  expect(await scrolls(page)).toBe(false);
  await page.getByRole('button', { name: 'Close promotion' }).first().click();
  await expect(dialog).toBeHidden();
  expect(await scrolls(page)).toBe(true);
});

test('with the dataset’s own promos: the promo running at the dataset’s clock follows the cookie answer', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('#cookie-notice')).toBeVisible();
  await page.waitForTimeout(1_000);
  await expect(page.locator('dialog[data-promo-overlay][open]')).toHaveCount(0);
  await page.getByRole('button', { name: 'Accept all cookies' }).click();
  const dialog = page.locator('dialog[data-promo-overlay="Default"]');
  await expect(dialog).toBeVisible();
  const asOf = Date.parse(datasetAsOf());
  const running = readJson<{ type: string; imageAltText: string; startDateTime: string; endDateTime: string }[]>('demo/promo-overlays.json').find(
    (p) => p.type === 'Default' && Date.parse(p.startDateTime) <= asOf && asOf <= Date.parse(p.endDateTime),
  )!;
  await expect(dialog.getByRole('img')).toHaveAttribute('alt', running.imageAltText);
});

test('a Mini promo never locks scrolling', async ({ page, context, baseURL }) => {
  await context.addCookies([
    { name: 'cookie_consent_given', value: 'true', url: baseURL ?? 'http://127.0.0.1:4322' },
    { name: 'cookie_analytics_consent_given', value: 'false', url: baseURL ?? 'http://127.0.0.1:4322' },
  ]);
  await page.route(PROMOS, (route) => route.fulfill({ json: [promo('corner', 'Mini')] }));
  await page.goto('/');
  const mini = page.locator('dialog[data-promo-overlay="Mini"]');
  await expect(mini).toBeVisible();
  expect(await scrolls(page)).toBe(true);
  await page.mouse.wheel(0, 600);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  await expect(mini).toBeVisible();
  // The page behind stays usable: its links can be reached and followed.
  await page.getByRole('link', { name: 'All fixtures & results' }).click();
  await expect(page).toHaveURL(/\/matches\/?$/);
});
