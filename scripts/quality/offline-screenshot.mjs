// @ts-check
/**
 * The phone screenshot of matchday offline (`npm run screenshots:offline`; docs/offline.md): serves
 * the production build (QUALITY_DIST or QUALITY_BASE_URL), opens `/` at 390 × 844 as a returning
 * supporter, waits for the service worker to control the page, goes offline and opens the next
 * fixture's match centre from the precache. Writes the first screen to OFFLINE_SCREENSHOT (default
 * docs/img/offline-match-centre.png) and prints the match's URL and the notice's text.
 * Fails when the page did not come from the worker (no 'Saved at' notice). Builds nothing.
 */
import path from 'node:path';
import { chromium } from '@playwright/test';
import { openSite, PROJECT_ROOT } from './site.mjs';
import { returningCookies } from './returningVisitor.mjs';

const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const OUT_FILE = path.resolve(PROJECT_ROOT, process.env.OFFLINE_SCREENSHOT ?? 'docs/img/offline-match-centre.png');
const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };

/**
 * The featured match centre's path, read from the site as served (never from the browser, so the
 * worker does not see it).
 * @param {string} baseUrl
 */
async function featuredMatchPath(baseUrl) {
  const html = await (await fetch(`${baseUrl}/match/first-team`)).text();
  const canonical = /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];
  if (!canonical) throw new Error('/match/first-team has no canonical link');
  return new URL(canonical).pathname;
}

async function main() {
  const site = await openSite();
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: ['--no-sandbox'] });
  try {
    const matchPath = await featuredMatchPath(site.baseUrl);
    const context = await browser.newContext({ ...PHONE, serviceWorkers: 'allow' });
    await context.addCookies(await returningCookies(site.baseUrl));
    const page = await context.newPage();
    const errors = /** @type {string[]} */ ([]);
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${site.baseUrl}/`);
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);

    await context.setOffline(true);
    await page.goto(site.baseUrl + matchPath);
    const notice = page.locator('#offline-notice');
    await notice.waitFor({ state: 'visible' });
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    await page.screenshot({ path: OUT_FILE });
    console.log(`${matchPath}: "${(await notice.innerText()).trim()}" → ${path.relative(process.cwd(), OUT_FILE)}`);
    if (errors.length) throw new Error(`page errors offline: ${errors.join('; ')}`);
    await context.close();
  } finally {
    await browser.close();
    await site.close();
  }
}

await main().catch((error) => {
  console.error(error instanceof Error ? error.stack : error);
  process.exitCode = 1;
});
