// @ts-check
/**
 * Screenshots for looking at the site (`npm run screenshots`; docs/visual-regression.md): the
 * production build (QUALITY_DIST, or QUALITY_BASE_URL) in Debian Chromium at 390 × 844 and
 * 1440 × 900, into SCREENSHOTS_DIR (default reports/screenshots): `<page>-<width>.png` (first
 * screen) and `<page>-<width>-full.png`, for the public templates, the menu open, videos, and the
 * paying supporter's states (./payerStates.mjs) as `payer-<state>-<width>.png`.
 * SCREENSHOTS_PAGES picks some (comma-separated); CHROME_PATH the browser.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { imagesSettled, PAYER_STATES, signIn } from './payerStates.mjs';
import { returningCookies } from './returningVisitor.mjs';
import { openSite, PROJECT_ROOT } from './site.mjs';
import { templateUrls } from './templates.mjs';

const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const OUT_DIR = path.resolve(PROJECT_ROOT, process.env.SCREENSHOTS_DIR ?? 'reports/screenshots');
const VIEWPORTS = /** @type {const} */ ([
  { width: 390, height: 844, deviceScaleFactor: 1, isMobile: true, hasTouch: true },
  { width: 1440, height: 900, deviceScaleFactor: 1, isMobile: false, hasTouch: false },
]);

/**
 * @typedef {object} Shot
 * @property {string} name File name stem.
 * @property {string} path Root-relative URL path.
 * @property {boolean} returning Consent given and the demo promos seen (cookies set before loading).
 * @property {boolean} [menu] Open the main menu with the header's Menu button before the shot.
 */

/** @returns {Shot[]} */
function shots() {
  const byName = new Map(templateUrls().map((t) => [t.name, t.path]));
  const url = (/** @type {string} */ name) => {
    const found = byName.get(name);
    if (!found) throw new Error(`screenshots: no template URL named ${name}`);
    return found;
  };
  return [
    { name: 'home-first-visit', path: '/', returning: false },
    { name: 'home-returning', path: '/', returning: true },
    { name: 'news', path: url('news'), returning: true },
    { name: 'article', path: url('article'), returning: true },
    { name: 'matches', path: url('fixtures'), returning: true },
    { name: 'match-centre', path: url('match-centre'), returning: true },
    { name: 'player', path: url('player'), returning: true },
    { name: 'menu-open', path: '/', returning: true, menu: true },
    { name: 'videos', path: url('videos'), returning: true },
  ];
}

/**
 * Scrolls through the page so lazy images load (waiting for those in view at each step), then
 * back to the top.
 * @param {import('@playwright/test').Page} page
 */
async function scrollThrough(page) {
  const steps = await page.evaluate(() => Math.ceil(document.documentElement.scrollHeight / Math.max(200, Math.floor(window.innerHeight * 0.8))));
  for (let i = 1; i <= steps; i += 1) {
    await page.evaluate((step) => window.scrollTo({ top: step * Math.max(200, Math.floor(window.innerHeight * 0.8)), behavior: 'instant' }), i);
    await imagesSettled(page);
  }
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
}

async function main() {
  const wanted = (process.env.SCREENSHOTS_PAGES ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const all = shots();
  const payerNames = PAYER_STATES.map((s) => `payer-${s.name}`);
  const unknown = wanted.filter((w) => !all.some((s) => s.name === w) && !payerNames.includes(w));
  if (unknown.length)
    throw new Error(`SCREENSHOTS_PAGES: unknown page(s) ${unknown.join(', ')}; known: ${[...all.map((s) => s.name), ...payerNames].join(', ')}`);
  const selected = wanted.length ? all.filter((s) => wanted.includes(s.name)) : all;
  const payerStates = wanted.length ? PAYER_STATES.filter((s) => wanted.includes(`payer-${s.name}`)) : PAYER_STATES;

  await mkdir(OUT_DIR, { recursive: true });
  const site = await openSite();
  console.log(`screenshots of ${site.description} into ${path.relative(PROJECT_ROOT, OUT_DIR)}/`);
  const browser = await chromium.launch({
    executablePath: CHROME_PATH,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  let failed = 0;
  try {
    for (const viewport of VIEWPORTS) {
      for (const shot of selected) {
        const { width, height, ...device } = viewport;
        const context = await browser.newContext({ viewport: { width, height }, ...device, reducedMotion: 'reduce', serviceWorkers: 'block' });
        if (shot.returning) await context.addCookies(await returningCookies(site.baseUrl));
        const page = await context.newPage();
        const stem = path.join(OUT_DIR, `${shot.name}-${width}`);
        const started = Date.now();
        try {
          const response = await page.goto(`${site.baseUrl}${shot.path}`, { waitUntil: 'load' });
          if (!response?.ok()) throw new Error(`${shot.path} answered ${response?.status()}`);
          await page.waitForLoadState('networkidle');
          await imagesSettled(page);
          if (shot.menu) {
            await page.getByRole('banner').getByRole('button', { name: 'Menu', exact: true }).click();
            await page.locator('dialog#main-menu[open]').waitFor();
            await imagesSettled(page);
          }
          await page.screenshot({ path: `${stem}.png`, animations: 'disabled' });
          if (!shot.menu) {
            await scrollThrough(page);
            await page.screenshot({ path: `${stem}-full.png`, fullPage: true, animations: 'disabled' });
          }
          console.log(`  ${path.relative(PROJECT_ROOT, stem)}.png  ${shot.path}  (${((Date.now() - started) / 1000).toFixed(1)} s)`);
        } catch (error) {
          failed += 1;
          console.error(`  ${shot.name} at ${width}: ${error instanceof Error ? error.message : String(error)}`);
        } finally {
          await context.close();
        }
      }
      for (const state of payerStates) {
        const { width, height, ...device } = viewport;
        const context = await browser.newContext({
          baseURL: site.baseUrl,
          viewport: { width, height },
          ...device,
          reducedMotion: 'reduce',
          serviceWorkers: 'block',
        });
        await context.addCookies(await returningCookies(site.baseUrl));
        const page = await context.newPage();
        page.setDefaultTimeout(60_000);
        const file = path.join(OUT_DIR, `payer-${state.name}-${width}.png`);
        const started = Date.now();
        try {
          if (state.who !== 'anonymous') await signIn(page, state.who);
          await state.open(page);
          const options = { path: file, animations: /** @type {const} */ ('disabled'), mask: state.mask(page) };
          const target = state.target(page);
          if (target) await target.screenshot(options);
          else await page.screenshot(options);
          await state.leave?.(page);
          console.log(`  ${path.relative(PROJECT_ROOT, file)}  ${state.name}  (${((Date.now() - started) / 1000).toFixed(1)} s)`);
        } catch (error) {
          failed += 1;
          console.error(`  payer-${state.name} at ${width}: ${error instanceof Error ? error.message : String(error)}`);
        } finally {
          await context.close();
        }
      }
    }
  } finally {
    await browser.close();
    await site.close();
  }
  if (failed) {
    console.error(`${failed} screenshot(s) failed`);
    process.exitCode = 1;
  }
}

await main();
