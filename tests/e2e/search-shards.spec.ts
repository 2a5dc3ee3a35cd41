import { expect, test, type Locator, type Page } from '@playwright/test';
import { frontMatter, markdownFiles } from './data';
import { quietFirstVisit } from './visits';

/**
 * The sharded news index (src/islands/search/pagefind.ts) on the production
 * build: every article stays findable, 'Date Added' is newest first over all results across shard
 * boundaries and counts them exactly from the count indexes, and a first search loads full
 * metadata only for the shards it shows. `npm run test:e2e` builds with SEARCH_SHARD_ARTICLES=10
 * (8 shards of the demo's 67 articles); with the default the demo is one shard.
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

/** N of 'Displaying x - y of N Result(s)' once a search has finished (0 for 'No results found'). */
async function resultCount(overlay: Locator): Promise<number> {
  await expect(countLine(overlay)).toHaveText(/^(Displaying \d+ - \d+ of \d+ Result\(s\)|No results found)$/);
  return Number(/of (\d+) Result/.exec((await countLine(overlay).textContent()) ?? '')?.[1] ?? 0);
}

test("'Date Added' counts exactly the hits 'Relevance' finds over every shard in full, for words and exact phrases", async ({ page }) => {
  test.setTimeout(60_000);
  await page.goto('/news');
  const overlay = await openSearch(page);
  const sortBy = overlay.getByLabel('Sort by');
  const filter = overlay.getByLabel('Filter');
  // Date Added counts older shards with their count indexes; Relevance opens every shard in full.
  for (const [term, exact] of [
    ['Stoke', false],
    ['head coach', false],
    ['head coach', true],
    ['hamper', false],
  ] as const) {
    await filter.selectOption({ label: exact ? 'Exact Matches' : 'All results' });
    await sortBy.selectOption({ label: 'Date Added' });
    await overlay.getByRole('searchbox').fill(term);
    await overlay.getByRole('button', { name: 'Search', exact: true }).click();
    const byDate = await resultCount(overlay);
    await sortBy.selectOption({ label: 'Relevance' });
    await expect(countLine(overlay), `${term}${exact ? ' (exact)' : ''}`).toHaveText(
      byDate === 0 ? 'No results found' : new RegExp(`^Displaying 1 - ${Math.min(8, byDate)} of ${byDate} Result\\(s\\)$`),
    );
  }
});

test('a first search loads the metadata of the shards it shows, and only count indexes of the others', async ({ page, request }) => {
  const shards = ((await (await request.get('/pagefind/shards.json')).json()) as { shards: string[] }).shards;
  // npm run test:e2e builds with SEARCH_SHARD_ARTICLES=10: 8 shards of the demo's 67 articles.
  expect(shards.length, 'an index of three shards or more (build with SEARCH_SHARD_ARTICLES=10, as npm run test:e2e does)').toBeGreaterThanOrEqual(3);
  const metadata: string[] = [];
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (path.endsWith('.pf_meta')) metadata.push(path);
  });
  await page.goto('/news');
  const overlay = await openSearch(page);
  await overlay.getByRole('searchbox').fill('Stoke');
  await overlay.getByRole('button', { name: 'Search', exact: true }).click();
  const total = await resultCount(overlay);
  await expect(overlay.locator('a.search-hit')).toHaveCount(Math.min(8, total));
  const full = metadata.filter((p) => !p.includes('/count/'));
  const counts = metadata.filter((p) => p.includes('/count/'));
  // Every older shard is counted; only the newest shards, whose hits fill the first page, are opened.
  expect(counts).toHaveLength(shards.length - 1);
  expect(full.length).toBeGreaterThanOrEqual(1);
  expect(full.length, `full metadata loaded: ${full.join(', ')}`).toBeLessThan(shards.length);
  expect(
    full.every((p) => shards.slice(0, full.length).some((s) => p.startsWith(s))),
    'the newest shards, in order',
  ).toBe(true);
});
