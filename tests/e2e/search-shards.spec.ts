import { expect, test, type Locator, type Page } from '@playwright/test';
import { frontMatter, markdownFiles } from './data';
import { quietFirstVisit } from './visits';

/**
 * The sharded news index (issue 16 item 3, src/islands/search/pagefind.ts) on the production
 * build: every article stays findable and 'Date Added' is newest first over all results, across
 * shard boundaries, whatever the shard count (the e2e build has one shard with the default
 * SEARCH_SHARD_ARTICLES; build with e.g. SEARCH_SHARD_ARTICLES=10 to check several).
 */

const news = markdownFiles('demo/news').map(frontMatter);

async function openSearch(page: Page): Promise<Locator> {
  await page.getByRole('banner').getByRole('button', { name: 'Search' }).click();
  const overlay = page.locator('dialog#search-overlay');
  await expect(overlay).toBeVisible();
  return overlay;
}

const countLine = (overlay: Locator) => overlay.locator('.search-results__count');

test.beforeEach(async ({ context, baseURL }) => {
  await quietFirstVisit(context, baseURL!);
});

test('the shard list is served and every shard loads', async ({ request }) => {
  const list = (await (await request.get('/pagefind/shards.json')).json()) as { version: number; shards: string[] };
  expect(list.version).toBe(1);
  expect(list.shards.length).toBeGreaterThan(0);
  let pages = 0;
  for (const shard of list.shards) {
    const entry = (await (await request.get(`${shard}pagefind-entry.json`)).json()) as { languages: Record<string, { page_count: number }> };
    // Each shard also holds its sort anchor (a record with no words, src/integrations/searchIndex.ts).
    pages += Object.values(entry.languages).reduce((sum, l) => sum + l.page_count, 0) - 1;
  }
  expect(pages, 'every article is in exactly one shard').toBe(news.length);
});

test("'Date Added' lists every hit newest first, page after page", async ({ page }) => {
  test.setTimeout(120_000);
  // The published times of the articles, by path, to check the order exactly (not by day).
  const published = new Map(news.map((a) => [`/news/${a.slug}`, Date.parse(a.published_date ?? '')]));
  await page.goto('/news');
  const overlay = await openSearch(page);
  await overlay.getByRole('searchbox').fill('Stoke');
  await overlay.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(countLine(overlay)).toHaveText(/^Displaying 1 - \d+ of \d+ Result\(s\)$/);
  const total = Number(/of (\d+) Result/.exec((await countLine(overlay).textContent()) ?? '')?.[1]);
  const times: number[] = [];
  const next = overlay.getByRole('navigation', { name: 'Search results pages' }).getByRole('button', { name: 'Next page' });
  for (let from = 1; from <= total; from += 8) {
    await expect(countLine(overlay)).toHaveText(`Displaying ${from} - ${Math.min(from + 7, total)} of ${total} Result(s)`);
    const hrefs = await overlay
      .locator('a.search-hit')
      .evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname.replace(/\/$/, '')));
    for (const href of hrefs) times.push(published.get(href) ?? Number.NaN);
    if (from + 8 <= total) await next.click();
  }
  expect(times).toHaveLength(total);
  expect(times.every(Number.isFinite), 'every hit is a known article').toBe(true);
  expect(times).toEqual([...times].sort((a, b) => b - a));
});
