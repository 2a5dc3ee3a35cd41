import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { templateUrls } from '../../scripts/quality/templates.mjs';
import { readJson } from './data';
import { quietFirstVisit } from './visits';

/**
 * Accessibility in a real browser: axe-core with the WCAG 2.2 A/AA rules on one URL of every page
 * template (scripts/quality/templates.mjs) at a desktop and a phone viewport, and with each overlay
 * open (menu, account panel, search, cookie notice, promo). Zero violations; a failure lists rule,
 * impact, element and HTML. Template scans start with consent given and promos seen; the cookie
 * notice and promo tests start without those cookies.
 */

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const MOBILE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };
/** How long an overlay gets to appear before its test fails. */
const APPEAR_MS = 6_000;

const templates = templateUrls();
const article = templates.find((t) => t.name === 'article')!;

interface Promo {
  promoID: string;
  imageAltText: string;
  startDateTime: string;
  endDateTime: string;
}
const promos = readJson<Promo[]>('demo/promo-overlays.json');

/** Runs axe with the WCAG 2.2 A/AA tags and returns one readable line per violating element. */
async function wcagViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  return results.violations.flatMap((v) =>
    v.nodes.map((n) => `${v.id} [${v.impact ?? 'n/a'}] ${v.help} — ${n.target.join(' ')} — ${n.html.replace(/\s+/g, ' ').slice(0, 200)}`),
  );
}

/** Waits for the load, the network and idle callbacks, so client:idle islands have rendered. */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => resolve(null), { timeout: 2000 })));
}

for (const viewport of ['desktop', 'mobile'] as const) {
  test.describe(`WCAG 2.2 A/AA (axe), ${viewport}`, () => {
    if (viewport === 'mobile') test.use(MOBILE);

    for (const template of templates) {
      test(`${template.label} ${template.path}`, async ({ page, context, baseURL }) => {
        // axe walks every node: the fixtures page (season list and league table) takes it tens of seconds.
        test.slow();
        await quietFirstVisit(context, baseURL!);
        const response = await page.goto(template.path);
        expect(response?.status()).toBe(template.status);
        await settle(page);
        expect(await wcagViolations(page), `axe violations on ${template.path} (${viewport})`).toEqual([]);
      });
    }

    test.describe('with an overlay open', () => {
      test('main menu', async ({ page, context, baseURL }) => {
        await quietFirstVisit(context, baseURL!);
        await page.goto(article.path);
        await settle(page);
        await page.getByRole('banner').getByRole('button', { name: 'Menu' }).click();
        const menu = page.locator('dialog#main-menu');
        await expect(menu).toBeVisible();
        await expect(menu).toHaveJSProperty('open', true);
        expect(await wcagViolations(page), `axe violations with the menu open (${viewport})`).toEqual([]);
      });

      test('account panel', async ({ page, context, baseURL }) => {
        await quietFirstVisit(context, baseURL!);
        await page.goto(article.path);
        await settle(page);
        await page.locator('header .header-action--profile').click();
        const panel = page.locator('dialog#account-panel');
        await expect(panel).toBeVisible();
        await expect(panel.getByLabel('Password')).toBeVisible();
        expect(await wcagViolations(page), `axe violations with the account panel open (${viewport})`).toEqual([]);
      });

      test('search overlay', async ({ page, context, baseURL }) => {
        await quietFirstVisit(context, baseURL!);
        await page.goto(article.path);
        await settle(page);
        await page.getByRole('banner').getByRole('button', { name: 'Search' }).click();
        await expect(page.locator('dialog#search-overlay'), "clicking the header's Search button opens the search overlay").toBeVisible({ timeout: APPEAR_MS });
        await page.waitForTimeout(400); // slide-in transition
        expect(await wcagViolations(page), `axe violations with search open (${viewport})`).toEqual([]);
      });

      test('cookie notice', async ({ page, context, baseURL }) => {
        await quietFirstVisit(context, baseURL!, { consent: false });
        await page.goto(article.path);
        await expect(page.locator('#cookie-notice'), 'a first visit without consent cookies shows the cookie notice').toBeVisible({ timeout: APPEAR_MS });
        await settle(page);
        await expect(page.getByRole('button', { name: /accept all cookies/i })).toBeVisible();
        expect(await wcagViolations(page), `axe violations with the cookie notice shown (${viewport})`).toEqual([]);
      });

      test('promo overlay', async ({ page, context, baseURL }) => {
        await quietFirstVisit(context, baseURL!, { promos: false });
        // The site decides which promos are live at its own clock: the dataset's as-of instant
        // (data/club/dataset.json) plus the time spent on the site.
        const asOf = Date.parse(readJson<{ asOf: string }>('club/dataset.json').asOf);
        const shown = promos.find((p) => Date.parse(p.startDateTime) <= asOf && asOf <= Date.parse(p.endDateTime));
        expect(shown, "a demo promo overlay is live at the dataset's as-of instant").toBeDefined();
        await page.goto(article.path);
        const overlay = page.locator('dialog[data-promo-overlay]').filter({ has: page.getByAltText(shown!.imageAltText) });
        await expect(overlay, `a first visit shows the promo overlay with the image "${shown!.imageAltText}"`).toBeVisible({ timeout: APPEAR_MS });
        await settle(page);
        expect(await wcagViolations(page), `axe violations with the promo overlay shown (${viewport})`).toEqual([]);
      });
    });
  });
}
