/**
 * Matchday offline (docs/offline.md) in Chromium: after a visit to the home page, with the
 * network gone, the fixtures, the featured match centre (the next fixture, else the latest
 * result), the matchday information pages and the stadium page render from the service worker's
 * precache with a 'Saved at' notice; an article never opened gets the offline page; nothing of
 * the account pages or the API is kept; and a new build's worker takes over on the next
 * navigation. Pages are found from the data and from the site as served, never hard-coded.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync, unlinkSync, writeFileSync, readFileSync, renameSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { frontMatter, markdownFiles } from './data';
import { createApp } from '../../scripts/serve.mjs';
import { writeServiceWorker } from '../../src/integrations/serviceWorker';
import { MATCHDAY_INFORMATION_PATH, STADIUM_PAGE_PATH } from '../../src/lib/offline';

test.use({ serviceWorkers: 'allow' });

const pages = markdownFiles('demo/pages').map(frontMatter);
const matchdayPage = pages.find((p) => p.fullPath?.startsWith(`${MATCHDAY_INFORMATION_PATH}/`));
const stadiumPage = pages.find((p) => p.fullPath === STADIUM_PAGE_PATH);
const articles = markdownFiles('demo/news').map(frontMatter);
const article = articles.at(-1);

/** The document title a page has online, read without the browser (so the worker never sees it). */
async function onlineTitle(request: APIRequestContext, url: string): Promise<string> {
  const html = await (await request.get(url)).text();
  const title = /<title>([^<]*)<\/title>/.exec(html)?.[1];
  if (!title) throw new Error(`${url} has no title`);
  return title
    .replace(/&amp;/g, '&')
    .replace(/&#39;/g, "'")
    .replace(/&quot;/g, '"');
}

/** The featured match centre's path: what /match/first-team shows, by its canonical URL. */
async function featuredMatchPath(request: APIRequestContext): Promise<string> {
  const html = await (await request.get('/match/first-team')).text();
  const canonical = /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];
  if (!canonical) throw new Error('/match/first-team has no canonical link');
  return new URL(canonical).pathname;
}

/** Waits until the worker is active and controls the page (its precache is complete by then). */
async function waitForWorker(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

/** Every URL the page's origin keeps in Cache Storage. */
function cachedUrls(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
    return urls;
  });
}

test.describe('matchday offline', () => {
  test('after a visit, the matchday pages render offline with a saved notice; an unopened article gets the offline page', async ({
    page,
    context,
    request,
  }) => {
    expect(matchdayPage?.fullPath, 'the data has matchday information pages').toBeTruthy();
    expect(stadiumPage, 'the data has the stadium page').toBeTruthy();
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    const matchPath = await featuredMatchPath(request);
    const expected = new Map<string, string>();
    for (const url of ['/matches', matchPath, `/${matchdayPage!.fullPath}`, `/${STADIUM_PAGE_PATH}`]) expected.set(url, await onlineTitle(request, url));

    await page.goto('/');
    await waitForWorker(page);
    await context.setOffline(true);

    for (const [url, title] of expected) {
      await page.goto(url);
      await expect(page, url).toHaveTitle(title);
      await expect(page.locator('#offline-notice'), url).toBeVisible();
      await expect(page.locator('#offline-notice'), url).toContainText(
        /Saved (at \d{2}:\d{2} today|yesterday)\. You are offline: this page may be out of date\./,
      );
    }

    // The home page was opened: its copy, not the offline page.
    await page.goto('/');
    await expect(page.locator('#offline-notice')).toBeVisible();
    await expect(page).not.toHaveTitle(/You are offline/);

    await page.goto(`/news/${article!.slug}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('You are offline');
    await expect(page.locator('#offline-notice')).toBeHidden();
    const kept = page.getByRole('navigation', { name: 'Saved for matchday' });
    await expect(kept.getByRole('link', { name: 'Fixtures and results' })).toHaveAttribute('href', '/matches');
    await expect(kept.locator(`a[href="${matchPath}"]`)).toHaveCount(1);
    await expect(kept.locator(`a[href="/${matchdayPage!.fullPath}"]`)).toHaveCount(1);
    // The opened home page is listed too.
    await expect(page.getByRole('navigation', { name: 'Pages you opened' }).locator('a[href="/"]')).toHaveCount(1);

    // Back online, pages come from the network again: no notice.
    await context.setOffline(false);
    await page.goto('/matches');
    await expect(page.locator('#offline-notice')).toBeHidden();
    expect(violations).toEqual([]);
  });

  test('the client router reaches a kept page offline', async ({ page, context }) => {
    await page.goto('/');
    await waitForWorker(page);
    await context.setOffline(true);
    await page.locator('a[href="/matches"]').first().click();
    await expect(page).toHaveURL(/\/matches$/);
    await expect(page.locator('#offline-notice')).toBeVisible();
  });

  test('nothing of the account pages or the API is kept', async ({ page }) => {
    await page.goto('/');
    await waitForWorker(page);
    const login = await page.goto('/account/login');
    expect(login?.status()).toBe(200);
    await page.goto('/matches');
    const urls = await cachedUrls(page);
    expect(urls).toContain('/matches');
    expect(urls.filter((url) => url.startsWith('/account/') || url.startsWith('/api/'))).toEqual([]);
  });
});

test.describe('updates', () => {
  let root = '';
  let stop = () => {};
  let origin = '';

  test.beforeAll(async () => {
    // Two deploys from the same build: hard links, with the files the second one changes replaced.
    root = mkdtempSync(path.join(os.tmpdir(), 'terrace-offline-'));
    execFileSync('cp', ['-al', path.resolve('dist'), path.join(root, 'a')]);
    execFileSync('cp', ['-al', path.join(root, 'a'), path.join(root, 'b')]);
    const offlineFile = path.join(root, 'b/offline/index.html');
    const changed = readFileSync(offlineFile, 'utf8').replace('>You are offline</h1>', '>You are offline (new deploy)</h1>');
    unlinkSync(offlineFile);
    writeFileSync(offlineFile, changed);
    unlinkSync(path.join(root, 'b/sw.js'));
    await writeServiceWorker(path.join(root, 'b'), path.join(root, 'work'));
    symlinkSync(path.join(root, 'a'), path.join(root, 'current'));
    const app = createApp({ root: path.join(root, 'current') });
    const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
      const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
    });
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    stop = () => server.close();
  });

  test.afterAll(() => {
    stop();
    if (root) rmSync(root, { recursive: true, force: true });
  });

  test("a new build's worker takes over on the next navigation, and the one after loads a whole page", async ({ page, context }) => {
    const marked = () => page.evaluate(() => (window as unknown as { terraceMark?: boolean }).terraceMark === true);
    const mark = () => page.evaluate(() => Object.assign(window, { terraceMark: true }));
    await page.goto(`${origin}/`);
    await waitForWorker(page);
    // Before an update the client router swaps pages in the same document.
    await mark();
    await page.locator('a[href="/matches"]').first().click();
    await expect(page).toHaveURL(/\/matches$/);
    expect(await marked()).toBe(true);

    // Deploy b, the way `npm run publish:local` does: the served folder's link moves at once.
    const next = path.join(root, 'next');
    symlinkSync(path.join(root, 'b'), next);
    renameSync(next, path.join(root, 'current'));
    // The next navigation: the browser checks sw.js, installs b's worker, and it takes over.
    await page.addInitScript(() =>
      navigator.serviceWorker.addEventListener('controllerchange', () => Object.assign(window, { terraceTookOver: true }), { once: true }),
    );
    await page.goto(`${origin}/matches`);
    await page.waitForFunction(() => (window as unknown as { terraceTookOver?: boolean }).terraceTookOver === true);

    await mark();
    await page.locator('a[href="/"]').first().click();
    await expect(page).toHaveURL(`${origin}/`);
    await page.waitForLoadState('load');
    expect(await marked(), 'a whole page was loaded').toBe(false);

    await context.setOffline(true);
    await page.goto(`${origin}/news/${article!.slug}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('You are offline (new deploy)');
  });
});
