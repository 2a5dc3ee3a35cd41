import { expect, test, type Locator, type Page } from '@playwright/test';
import { firstParagraph, frontMatter, markdownFiles, readJson } from './data';
import { quietFirstVisit } from './visits';
import { NEWS_FEED_ITEMS } from '../../src/lib/feeds';

/**
 * News and search on the production build: the search overlay over the Pagefind
 * index (spec §2 Search overlay, §4 Search, §5 exact match), the paged news listing with
 * 'Load more news' / 'Load previous news' (spec §9), articles, RSS feeds and the sitemap.
 */

const news = markdownFiles('demo/news').map(frontMatter);
const categories = readJson<{ slug: string; name: string }[]>('club/news-categories.json');
/** A real first-team match report (openfootball fixture) and a term from its title. */
const report = news.find((a) => a.slug?.startsWith('report-stoke-city-4-1-rotherham-united')) ?? news.find((a) => a.slug?.startsWith('report-'))!;
const reportTerm = report.title!.replace(/^Report:\s*/, '');
/** A two-word term whose exact phrase is rarer than its two words. */
const TWO_WORDS = 'head coach';

async function openSearch(page: Page): Promise<Locator> {
  await page.getByRole('banner').getByRole('button', { name: 'Search' }).click();
  const overlay = page.locator('dialog#search-overlay');
  await expect(overlay).toBeVisible();
  return overlay;
}

async function search(overlay: Locator, term: string): Promise<void> {
  await overlay.getByRole('searchbox').fill(term);
  await overlay.getByRole('button', { name: 'Search', exact: true }).click();
}

const countLine = (overlay: Locator) => overlay.locator('.search-results__count');

/** N of 'Displaying x - y of N Result(s)' once the search has finished. */
async function resultCount(overlay: Locator): Promise<number> {
  await expect(countLine(overlay)).toHaveText(/^(Displaying \d+ - \d+ of \d+ Result\(s\)|No results found)$/);
  const text = (await countLine(overlay).textContent()) ?? '';
  return Number(/of (\d+) Result/.exec(text)?.[1] ?? 0);
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** 'D MMM YYYY' → sortable number. */
function dayNumber(text: string): number {
  const [d, m, y] = text.trim().split(' ');
  return Number(y) * 10_000 + (MONTHS.indexOf(m ?? '') + 1) * 100 + Number(d);
}

test.beforeEach(async ({ context, baseURL }) => {
  await quietFirstVisit(context, baseURL!);
});

test.describe('search overlay', () => {
  test('no search code is requested before the overlay opens', async ({ page }) => {
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    await page.goto('/news', { waitUntil: 'networkidle' });
    await page.getByRole('banner').hover(); // hydrates the header actions island
    // Hydrated (Astro drops `ssr`): its code, and anything it imports eagerly, has been requested.
    await expect(page.locator('astro-island:has(.header-actions)')).not.toHaveAttribute('ssr');
    const searchCode = (paths: string[]) => paths.filter((p) => /\/pagefind\/|SearchPanel|\/_astro\/search\./.test(p));
    expect(searchCode(requested)).toEqual([]);
    const overlay = await openSearch(page);
    await search(overlay, 'Stoke');
    await resultCount(overlay);
    expect(searchCode(requested).some((p) => p.includes('SearchPanel'))).toBe(true);
    expect(requested).toContain('/pagefind/pagefind.js');
  });

  test('a term from a real match report finds it; the result leads to the article and closes search', async ({ page }) => {
    await page.goto('/news');
    const overlay = await openSearch(page);
    await expect(overlay.getByRole('searchbox')).toBeFocused();
    await overlay.getByLabel('Sort by').selectOption({ label: 'Relevance' });
    await search(overlay, reportTerm);
    expect(await resultCount(overlay)).toBeGreaterThan(0);
    const hit = overlay.locator('.search-hit', { hasText: report.title! });
    await expect(hit).toBeVisible();
    await expect(hit.locator('.search-hit__image')).toBeVisible();
    await expect(hit.locator('.search-hit__meta')).toContainText('Match Reports');
    await hit.click();
    await expect(page).toHaveURL(new RegExp(`/news/${report.slug}/?$`));
    await expect(page.locator('h1')).toHaveText(report.title!);
    await expect(page.locator('dialog#search-overlay')).toHaveCount(0);
  });

  test("'Exact Matches' returns fewer results than 'All results' for a two-word term", async ({ page }) => {
    await page.goto('/news');
    const overlay = await openSearch(page);
    await search(overlay, TWO_WORDS);
    const all = await resultCount(overlay);
    await overlay.getByLabel('Filter').selectOption({ label: 'Exact Matches' });
    await expect(countLine(overlay)).not.toHaveText(new RegExp(`of ${all} Result`));
    const exact = await resultCount(overlay);
    expect(exact).toBeGreaterThan(0);
    expect(exact).toBeLessThan(all);
    await overlay.getByLabel('Filter').selectOption({ label: 'All results' });
    await expect(countLine(overlay)).toHaveText(new RegExp(`of ${all} Result`));
  });

  test("'Date Added' orders newest first; paging forward and back within the clamped window", async ({ page }) => {
    test.setTimeout(60_000);
    await page.goto('/news');
    const overlay = await openSearch(page);
    await search(overlay, 'Stoke');
    const total = await resultCount(overlay);
    const pages = Math.ceil(total / 8);
    expect(pages, 'enough results to page through').toBeGreaterThanOrEqual(7);
    await expect(overlay.getByLabel('Sort by')).toHaveValue('date');
    const dates = async () => (await overlay.locator('.search-hit__meta > span:first-child').allTextContents()).map(dayNumber);
    const first = await dates();
    expect(first).toHaveLength(8);
    expect([...first].sort((a, b) => b - a)).toEqual(first);

    const pager = overlay.getByRole('navigation', { name: 'Search results pages' });
    const previous = pager.getByRole('button', { name: 'Previous page' });
    const next = pager.getByRole('button', { name: 'Next page' });
    const numbers = async () => (await pager.locator('.search-pages__page').allTextContents()).map(Number);
    await expect(previous).toHaveAttribute('aria-disabled', 'true');
    await previous.click({ force: true }); // unavailable at the first page: stays there
    await expect(countLine(overlay)).toHaveText(`Displaying 1 - 8 of ${total} Result(s)`);
    expect(await numbers()).toEqual([1, 2, 3, 4, 5]);

    await next.click();
    await expect(countLine(overlay)).toHaveText(`Displaying 9 - 16 of ${total} Result(s)`);
    await expect(pager.getByRole('button', { name: 'Page 2', exact: true })).toHaveAttribute('aria-current', 'page');
    const second = await dates();
    expect(second[0]!).toBeLessThanOrEqual(first[first.length - 1]!);

    await pager.getByRole('button', { name: 'Page 4', exact: true }).click();
    await expect(countLine(overlay)).toHaveText(`Displaying 25 - 32 of ${total} Result(s)`);
    expect(await numbers()).toEqual([2, 3, 4, 5, 6]);

    await previous.click();
    await expect(countLine(overlay)).toHaveText(`Displaying 17 - 24 of ${total} Result(s)`);

    // Jump along the window (its highest number each time) to the last page.
    for (let shown = await numbers(); !shown.includes(pages); shown = await numbers()) {
      const furthest = Math.max(...shown);
      await pager.getByRole('button', { name: `Page ${furthest}`, exact: true }).click();
      await expect(countLine(overlay)).toHaveText(`Displaying ${(furthest - 1) * 8 + 1} - ${Math.min(furthest * 8, total)} of ${total} Result(s)`);
    }
    await pager.getByRole('button', { name: `Page ${pages}`, exact: true }).click();
    await expect(countLine(overlay)).toHaveText(`Displaying ${(pages - 1) * 8 + 1} - ${total} of ${total} Result(s)`);
    await expect(next).toHaveAttribute('aria-disabled', 'true');
    expect(await numbers()).toEqual([pages - 4, pages - 3, pages - 2, pages - 1, pages]);
    await next.click({ force: true }); // unavailable at the last page: stays there
    await expect(countLine(overlay)).toHaveText(`Displaying ${(pages - 1) * 8 + 1} - ${total} of ${total} Result(s)`);

    // A new term resets to the first page.
    await search(overlay, 'Rotherham');
    await expect(countLine(overlay)).toHaveText(/^Displaying 1 - /);
  });

  test('a locked article is flagged in the results', async ({ page }) => {
    const locked = news.find((a) => a.locked === 'true');
    expect(locked, 'the demo dataset has a locked article').toBeDefined();
    await page.goto('/news');
    const overlay = await openSearch(page);
    await overlay.getByLabel('Filter').selectOption({ label: 'Exact Matches' });
    await search(overlay, locked!.title!.replace(/[^\p{L}\p{N} ]+/gu, ' '));
    await resultCount(overlay);
    const hit = overlay.locator('.search-hit', { hasText: locked!.title! });
    await expect(hit.locator('.search-hit__locked')).toHaveText('Subscribers only');
  });

  test("'No results found', Escape closes and focus returns to the Search button", async ({ page }) => {
    await page.goto('/news');
    const overlay = await openSearch(page);
    await search(overlay, 'zzqxv');
    await expect(countLine(overlay)).toHaveText('No results found');
    await page.keyboard.press('Escape');
    await expect(overlay).toHaveCount(0);
    await expect(page.getByRole('banner').getByRole('button', { name: 'Search' })).toBeFocused();
  });

  test('the Video tab searches video titles', async ({ page }) => {
    await page.goto('/news');
    const overlay = await openSearch(page);
    await overlay.getByRole('tab', { name: 'Video' }).click();
    await expect(overlay.getByRole('tab', { name: 'Video' })).toHaveAttribute('aria-selected', 'true');
    await search(overlay, 'highlights');
    await expect(countLine(overlay)).toHaveText(/^Showing \d+ (of \d+ results|result)$/);
    const first = overlay.locator('.search-video').first();
    await expect(first.getByRole('link', { name: /Watch Now/ }).or(first.locator('.search-video__locked'))).toBeVisible();
  });
});

test.describe('news listing', () => {
  const cards = (page: Page) => page.locator('[data-news-listing] .news-card');

  test("'Load more news' adds the next page in place; reload and back keep the place", async ({ page }) => {
    await page.goto('/news', { waitUntil: 'networkidle' });
    await expect(cards(page)).toHaveCount(12);
    await page.getByRole('link', { name: 'Load more news' }).click();
    await expect(cards(page)).toHaveCount(24);
    await expect(page).toHaveURL(/\/news\/page\/2\/?$/);
    await expect(cards(page).nth(12).locator('a')).toBeFocused();
    await expect(page.locator('[data-news-status]')).toContainText('page 2');

    await page.mouse.wheel(0, 300);
    await page.waitForTimeout(400);
    const y = await page.evaluate(() => window.scrollY);
    await page.reload({ waitUntil: 'networkidle' });
    await expect(cards(page)).toHaveCount(24);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(y - 50);

    const target = cards(page).nth(20).locator('a');
    const href = (await target.getAttribute('href'))!;
    await target.click();
    await expect(page).toHaveURL(new RegExp(`${href}/?$`));
    await page.goBack();
    await expect(cards(page)).toHaveCount(24);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(y - 50);
  });

  test("'Load previous news' adds the earlier page above without moving what is on screen", async ({ page }) => {
    await page.goto('/news/page/3', { waitUntil: 'networkidle' });
    await expect(cards(page)).toHaveCount(12);
    const firstCard = cards(page).first();
    const title = (await firstCard.locator('.news-card__title').textContent())!;
    const before = await firstCard.evaluate((el) => el.getBoundingClientRect().top);
    await page.getByRole('link', { name: 'Load previous news' }).click();
    await expect(cards(page)).toHaveCount(24);
    const same = cards(page).filter({ hasText: title }).first();
    const after = await same.evaluate((el) => el.getBoundingClientRect().top);
    expect(Math.abs(after - before)).toBeLessThan(80);
    await expect(page.getByRole('link', { name: 'Load previous news' })).toHaveAttribute('href', /\/news\/?$/);
  });

  test('works without JavaScript: plain links between listing pages, categories too', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
    const page = await context.newPage();
    await page.goto('/news');
    await expect(cards(page)).toHaveCount(12);
    const firstPage = await cards(page)
      .locator('a')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    await page.getByRole('link', { name: 'Load more news' }).click();
    await expect(page).toHaveURL(/\/news\/page\/2\/?$/);
    await expect(cards(page)).toHaveCount(12);
    const secondPage = await cards(page)
      .locator('a')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(new Set([...firstPage, ...secondPage]).size).toBe(24);
    // Cards and page count are put in by the server (src/lib/pageAssembly.ts): 12 others, and the count as a number.
    const pages = Math.ceil(news.length / 12);
    await expect(page).toHaveTitle(new RegExp(`: page 2 of ${pages} \\| `));
    await expect(page.getByText(`Page 2 of ${pages}`, { exact: true })).toBeVisible();
    await expect(cards(page).first().locator('img')).toHaveAttribute('loading', 'eager');
    await expect(cards(page).nth(2).locator('img')).toHaveAttribute('loading', 'lazy');
    await expect(page.getByRole('link', { name: 'Load previous news' })).toHaveAttribute('href', /\/news\/?$/);
    await expect(page.getByRole('navigation', { name: 'News categories' }).getByRole('link', { name: 'All news' })).toHaveAttribute('aria-current', 'page');

    const busiest = categories
      .map((c) => ({ ...c, count: news.filter((a) => (a.categories ?? '').includes(`"${c.slug}"`)).length }))
      .sort((a, b) => b.count - a.count)[0]!;
    await page.goto(`/category/${busiest.slug}`);
    await expect(page.locator('h1')).toHaveText(busiest.name);
    await expect(cards(page)).toHaveCount(Math.min(12, busiest.count));
    if (busiest.count > 12) {
      await page.getByRole('link', { name: 'Load more news' }).click();
      await expect(page).toHaveURL(new RegExp(`/category/${busiest.slug}/page/2/?$`));
    }
    await context.close();
  });
});

/** The dataset file of an article, by slug. */
const articleFile = (slug: string) => markdownFiles('demo/news').find((file) => frontMatter(file).slug === slug)!;

test.describe('article', () => {
  test('the article body is on its page and in its app view', async ({ page }) => {
    const opening = firstParagraph(articleFile(report.slug!));
    for (const url of [`/news/${report.slug}`, `/app/news/${report.slug}`]) {
      await page.goto(url);
      await expect(page.locator('.article__body'), url).toContainText(opening);
    }
  });

  test('share buttons, 4 related articles, social tags and the feed link', async ({ page }) => {
    await page.goto(`/news/${report.slug}`);
    const share = page.getByRole('region', { name: 'Share this article' });
    await expect(share.getByRole('link', { name: /Share on Facebook/ })).toHaveAttribute('href', /facebook\.com\/sharer/);
    await expect(share.getByRole('link', { name: /Share on X/ })).toHaveAttribute('href', /x\.com\/intent\/post/);
    await expect(share.getByRole('link', { name: /Share on WhatsApp/ })).toHaveAttribute('href', /wa\.me/);
    await expect(share.getByRole('link', { name: 'Share by email' })).toHaveAttribute('href', /^mailto:/);
    await expect(share.getByRole('button', { name: 'Copy link' })).toBeVisible();
    await expect(page.locator('.related .news-card')).toHaveCount(4);
    await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'article');
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', /^https?:\/\//);
    await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute('content', 'summary_large_image');
    await expect(page.locator('meta[property="article:published_time"]')).toHaveAttribute('content', report.published_date!);
    await expect(page.locator('link[rel="alternate"][type="application/rss+xml"]').first()).toHaveAttribute('href', '/news/rss.xml');
    const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent()) ?? '{}') as Record<string, unknown>;
    expect(jsonLd).toMatchObject({ '@type': 'NewsArticle', headline: report.title, datePublished: report.published_date });
  });
});

test.describe('feeds and sitemap', () => {
  /** Parses XML in the browser; throws on a parse error. */
  async function parseXml(
    page: Page,
    path: string,
  ): Promise<{ locs: string[]; items: { title: string; link: string; categories: string[]; content: string }[]; root: string }> {
    const response = await page.request.get(path);
    expect(response.status(), path).toBe(200);
    expect(response.headers()['content-type'] ?? '').toMatch(/xml/);
    const text = await response.text();
    return page.evaluate((xml) => {
      const doc = new DOMParser().parseFromString(xml, 'application/xml');
      const error = doc.querySelector('parsererror');
      if (error) throw new Error(`Invalid XML: ${error.textContent ?? ''}`);
      return {
        root: doc.documentElement.nodeName,
        locs: Array.from(doc.getElementsByTagName('loc'), (n) => n.textContent ?? ''),
        items: Array.from(doc.getElementsByTagName('item'), (item) => ({
          title: item.getElementsByTagName('title')[0]?.textContent ?? '',
          link: item.getElementsByTagName('link')[0]?.textContent ?? '',
          categories: Array.from(item.getElementsByTagName('category'), (c) => c.textContent ?? ''),
          content: item.getElementsByTagName('content:encoded')[0]?.textContent ?? '',
        })),
      };
    }, text);
  }

  test('RSS feeds of all news and of each category are valid and complete', async ({ page }) => {
    await page.goto('/news');
    const all = await parseXml(page, '/news/rss.xml');
    expect(all.root).toBe('rss');
    // The newest NEWS_FEED_ITEMS (50) articles, newest first.
    const newest = [...news].sort((a, b) => (b.published_date ?? '').localeCompare(a.published_date ?? '')).slice(0, NEWS_FEED_ITEMS);
    expect(all.items.map((i) => new URL(i.link).pathname)).toEqual(newest.map((a) => `/news/${a.slug}`));
    // Each item carries its article's full HTML body.
    for (const [index, article] of newest.slice(0, 3).entries()) {
      const content = await page.evaluate((html) => new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '', all.items[index]?.content ?? '');
      expect(content.replace(/\s+/g, ' '), article.slug).toContain(firstParagraph(articleFile(article.slug!)));
    }
    const category = categories.find((c) => c.slug === 'match-reports')!;
    await expect(page.locator(`link[rel="alternate"][href="/news/rss.xml"]`)).toHaveCount(1);
    await page.goto(`/category/${category.slug}`);
    await expect(page.locator(`link[rel="alternate"][href="/category/${category.slug}/rss.xml"]`)).toHaveCount(1);
    const feed = await parseXml(page, `/category/${category.slug}/rss.xml`);
    expect(feed.items).toHaveLength(Math.min(NEWS_FEED_ITEMS, news.filter((a) => (a.categories ?? '').includes(`"${category.slug}"`)).length));
    for (const item of feed.items) expect(item.categories).toContain(category.name);
  });

  test('the sitemap lists public pages, not app views or redirect pages', async ({ page }) => {
    await page.goto('/news');
    const index = await parseXml(page, '/sitemap-index.xml');
    expect(index.root).toBe('sitemapindex');
    const paths: string[] = [];
    for (const loc of index.locs) paths.push(...(await parseXml(page, new URL(loc).pathname)).locs.map((l) => new URL(l).pathname));
    expect(paths).toContain('/');
    // The sitemap spells URLs as the site links them and as the canonical links do: no trailing slash.
    expect(paths).toContain('/news');
    expect(paths).toContain('/news/page/2');
    expect(paths).toContain(`/news/${report.slug}`);
    expect(paths).toContain('/category/match-reports');
    expect(paths.filter((p) => p !== '/' && p.endsWith('/'))).toEqual([]);
    expect(paths.filter((p) => p.startsWith('/app/'))).toEqual([]);
    expect(paths.filter((p) => p.startsWith('/_fragments/'))).toEqual([]);
    const year = report.published_date!.slice(0, 4);
    expect(paths).not.toContain(`/news/${year}/${report.slug}`);
    expect(paths.filter((p) => new RegExp(`^/news/\\d{4}(/\\d{2}){0,2}/${report.slug}`).test(p))).toEqual([]);
    expect(new Set(paths).size).toBe(paths.length);
    const robots = await (await page.request.get('/robots.txt')).text();
    expect(robots).toContain('Disallow: /app/');
    expect(robots).toMatch(/^Sitemap: https?:\/\/\S+\/sitemap-index\.xml$/m);
  });
});
