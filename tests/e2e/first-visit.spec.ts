import { expect, test, type Page } from '@playwright/test';
import { PROMO_READ_DELAY_MS } from '../../src/lib/constants';
import { datasetAsOf, readJson } from './data';

/**
 * The first visit on a phone (spec §4 Cookie notice, Overlay promo), at
 * 390 × 844: the cookie notice comes alone — the promo overlay waits until it is answered, and then
 * until the visitor has read something (a second page, or PROMO_READ_DELAY_MS on the first) — and
 * a Mini promo never locks scrolling (a Default promo, a modal, does). Promos are checked at the
 * site's clock, the dataset's as-of instant (data/club/dataset.json); the promo's label pill keeps
 * room around its text.
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

test('the cookie notice comes alone; once it is answered the promo waits while the visitor reads', async ({ page }) => {
  await page.clock.install();
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

  await page.getByRole('button', { name: 'Only Essential' }).click();
  await expect(page.locator('#cookie-notice')).toBeHidden();
  // Answered: still no promo while the visitor reads the page.
  await page.clock.runFor(PROMO_READ_DELAY_MS - 1_000);
  await page.waitForTimeout(500);
  await expect(page.locator('dialog[data-promo-overlay][open]')).toHaveCount(0);
  expect(await scrolls(page)).toBe(true);

  const fetched = page.waitForResponse(PROMOS);
  await page.clock.runFor(1_000);
  await fetched;
  const dialog = page.getByRole('dialog', { name: 'Promotion' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('img', { name: 'Promo welcome' })).toBeVisible();
  // A Default promo is a modal: the page behind it does not scroll.
  expect(await scrolls(page)).toBe(false);
  await page.getByRole('button', { name: 'Close promotion' }).first().click();
  await expect(dialog).toBeHidden();
  expect(await scrolls(page)).toBe(true);
});

test('with the dataset’s own promos: the promo running at the dataset’s clock shows on the second page', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('#cookie-notice')).toBeVisible();
  await page.waitForTimeout(1_000);
  await expect(page.locator('dialog[data-promo-overlay][open]')).toHaveCount(0);
  await page.getByRole('button', { name: 'Accept all cookies' }).click();
  await page.waitForTimeout(1_000);
  await expect(page.locator('dialog[data-promo-overlay][open]'), 'no promo straight after the cookie answer').toHaveCount(0);

  await page.getByRole('link', { name: 'All fixtures & results' }).click();
  await expect(page).toHaveURL(/\/matches\/?$/);
  const dialog = page.locator('dialog[data-promo-overlay="Default"]');
  await expect(dialog).toBeVisible();
  const asOf = Date.parse(datasetAsOf());
  const running = readJson<{ type: string; imageAltText: string; startDateTime: string; endDateTime: string }[]>('demo/promo-overlays.json').find(
    (p) => p.type === 'Default' && Date.parse(p.startDateTime) <= asOf && asOf <= Date.parse(p.endDateTime),
  )!;
  await expect(dialog.getByRole('img')).toHaveAttribute('alt', running.imageAltText);
});

test('a promo’s label pill keeps room around its text', async ({ page }) => {
  for (const { imageKey } of readJson<{ imageKey: string }[]>('demo/promo-overlays.json')) {
    await page.goto(`/media/${imageKey}`);
    // A pill is a rounded rect with its label right after it.
    const pills = await page.locator('svg rect[rx] + text').evaluateAll((labels) =>
      labels.map((label) => {
        const text = (label as SVGTextElement).getBBox();
        const rect = (label.previousElementSibling as SVGRectElement).getBBox();
        const size = parseFloat(label.getAttribute('font-size') ?? '16');
        return { label: label.textContent, left: (text.x - rect.x) / size, right: (rect.x + rect.width - text.x - text.width) / size };
      }),
    );
    for (const pill of pills) {
      expect(pill.left, `${imageKey} "${pill.label}": room on the left, in em`).toBeGreaterThanOrEqual(0.5);
      expect(pill.right, `${imageKey} "${pill.label}": room on the right, in em`).toBeGreaterThanOrEqual(0.5);
    }
  }
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

test('the cookie notice paints with the page, before any of its scripts has run; not again once answered', async ({ page, context, baseURL }) => {
  // No bundled script at all: what shows comes from the HTML, its CSS and the head's inline script.
  await page.route('**/_astro/*.js', (route) => route.abort());
  await page.goto('/news');
  await expect(page.getByRole('region', { name: 'We use cookies' })).toBeVisible();

  await context.addCookies([{ name: 'cookie_consent_given', value: 'true', url: baseURL ?? 'http://127.0.0.1:4322' }]);
  await page.goto('/news');
  await expect(page.locator('#cookie-notice')).toBeHidden();
});

test('the cookie notice opens the body: drawn with the first frame, met first after the skip link', async ({ page }) => {
  // The largest paint of a first visit on home and /matches (docs/performance.md "Public pages"):
  // as the document's last element it waited for the whole page to be parsed and laid out.
  for (const path of ['/', '/matches', '/news/report-southampton-3-1-stoke-city-2026-08']) {
    await page.goto(path);
    const opening = await page.evaluate(() => [...document.body.children].slice(0, 2).map((el) => el.id || el.className));
    expect(opening, path).toEqual(['skip-link', 'cookie-notice']);
  }
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('region', { name: 'We use cookies' }).getByRole('link', { name: 'Find Out more' })).toBeFocused();
});

test('after the answer the notice stays closed across the client router’s pages', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Only Essential' }).click();
  await expect(page.locator('#cookie-notice')).toBeHidden();
  await page.getByRole('link', { name: 'All fixtures & results' }).click();
  await expect(page).toHaveURL(/\/matches\/?$/);
  await expect(page.locator('#cookie-notice')).toBeHidden();
});
