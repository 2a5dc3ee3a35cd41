/**
 * The search index built while the pages render (src/integrations/searchIndexStream.ts), given
 * what a build gives it (the news route's plan, then the article pages written one by one): it
 * writes the same files, byte for byte, as the index built after the build
 * (src/integrations/searchIndex.ts buildSearchIndex), indexes a shard as soon as its pages are
 * written, and gives up with a reason on whatever does not match its plan, so that the
 * integration builds the index after the build instead. Also its worker thread
 * (src/integrations/searchIndexIntegration.ts SearchStreamWorker), as a build runs it.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSearchIndex } from '../../src/integrations/searchIndex';
import type { AstroPrerenderer } from 'astro';
import { ARTICLE_ROUTE, articlesFirstPrerenderer, indexesWhileRendering, routeFirst, SearchStreamWorker } from '../../src/integrations/searchIndexIntegration';
import { SearchStream } from '../../src/integrations/searchIndexStream';
import { newsPageFile } from '../../src/integrations/searchPlan';
import { publishedTime } from '../../src/lib/searchShards';

let work: string;

/** An article page as src/components/ArticleBody.astro marks it for Pagefind. */
function article(title: string, published: string, body: string): string {
  return `<!doctype html><html lang="en"><head><title>${title}</title></head><body><main><article data-pagefind-body data-pagefind-meta="title[data-title], date[data-date]" data-pagefind-sort="date[data-published]" data-title="${title}" data-date="${published}" data-published="${publishedTime(published)}"><h1>${title}</h1><p>${body}</p></article></main><aside><p>Related: something else</p></aside></body></html>`;
}

/** Slug → publication date and body: two articles in January 2024, three in March; with a cap of 2, three shards. */
const ARTICLES: Record<string, [string, string]> = {
  'jan-one': ['2024-01-05T12:00:00Z', 'Stoke win at home in January'],
  'jan-two': ['2024-01-20T12:00:00Z', 'Stoke draw away'],
  'mar-one': ['2024-03-02T12:00:00Z', 'Stoke sign a keeper'],
  'mar-two': ['2024-03-25T12:00:00Z', 'Stoke lose the derby'],
  'apr-one': ['2024-04-01T09:30:00Z', 'Stoke announce the retained list'],
};
const LISTING = '<!doctype html><html lang="en"><body><p>Listing</p></body></html>';

const plan = () => Object.entries(ARTICLES).map(([slug, [date]]) => ({ path: newsPageFile(slug), published: publishedTime(date) }));
const html = (slug: string) => {
  const [date, body] = ARTICLES[slug] ?? ['', ''];
  return article(slug, date, body);
};

async function put(site: string, file: string, text: string): Promise<void> {
  await mkdir(path.dirname(path.join(site, file)), { recursive: true });
  await writeFile(path.join(site, file), text);
}

/** Every file under a folder, relative path → bytes (base64). */
function tree(dir: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (const name of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    const full = path.join(dir, name);
    if (statSync(full).isFile()) files[name] = readFileSync(full).toString('base64');
  }
  return files;
}

/** Writes article pages the way a build does: one after another, in the plan's order. */
async function render(site: string, slugs: string[], pageHtml: (slug: string) => string = html): Promise<void> {
  for (const slug of slugs) {
    await put(site, newsPageFile(slug), pageHtml(slug));
    await sleep(5);
  }
}

const SLUGS = Object.keys(ARTICLES);

/** A stream over `<work>/<name>` with the plan of {@link ARTICLES}, shards of `maxPerShard`. */
function plannedStream(name: string, maxPerShard = 2): { site: string; stream: SearchStream } {
  const site = path.join(work, name);
  const stream = new SearchStream({ site, maxPerShard });
  stream.plan(plan());
  return { site, stream };
}

/** Waits (up to 10 s) for a file to appear. */
async function appears(file: string): Promise<boolean> {
  for (let i = 0; i < 400 && !existsSync(file); i += 1) await sleep(25);
  return existsSync(file);
}

beforeAll(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), 'terrace-search-stream-'));
});
afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

describe('search index built while rendering', () => {
  it('writes the same index, byte for byte, as the index built after the build', async () => {
    const during = path.join(work, 'during');
    const after = path.join(work, 'after');
    const stream = new SearchStream({ site: during, maxPerShard: 2 });
    stream.plan(plan());
    await put(during, 'news/page/index.html', LISTING); // not an article: read at the end, not indexed
    await render(during, SLUGS);
    const outcome = await stream.finish();
    expect(outcome).toMatchObject({ ok: true, result: { indexed: 5, skipped: 1 } });
    if (!outcome.ok) return;
    expect(outcome.result.shards.map((s) => [s.name, s.pages.length])).toEqual([
      ['2024-01', 2],
      ['2024-03', 2],
      ['2024-04', 1],
    ]);
    expect(Object.keys(outcome.read).sort()).toEqual(
      plan()
        .map((p) => p.path)
        .sort(),
    );

    for (const slug of SLUGS) await put(after, newsPageFile(slug), html(slug));
    await put(after, 'news/page/index.html', LISTING);
    await buildSearchIndex({ site: after, maxPerShard: 2 });
    const built = tree(path.join(after, 'pagefind'));
    expect(Object.keys(built).length).toBeGreaterThan(20);
    expect(tree(path.join(during, 'pagefind'))).toEqual(built);
  }, 60_000);

  it('indexes a shard as soon as its pages are written, before the build ends', async () => {
    const { site, stream } = plannedStream('early');
    await render(site, ['jan-one', 'jan-two']);
    expect(await appears(path.join(site, 'pagefind/2024-01/pagefind-entry.json'))).toBe(true);
    expect(existsSync(path.join(site, 'pagefind/2024-03'))).toBe(false);
    await render(site, ['mar-one', 'mar-two', 'apr-one']);
    expect((await stream.finish()).ok).toBe(true);
  }, 60_000);

  it('waits for a page that is still being written', async () => {
    const { site, stream } = plannedStream('late', 10);
    const first = html('jan-one');
    await put(site, newsPageFile('jan-one'), first.slice(0, first.length - 20));
    await sleep(300);
    await put(site, newsPageFile('jan-one'), first);
    await render(site, SLUGS.slice(1));
    const outcome = await stream.finish();
    expect(outcome).toMatchObject({ ok: true, result: { indexed: 5 } });
    if (outcome.ok) expect(outcome.read['news/jan-one/index.html']?.[0]).toBe(Buffer.byteLength(first));
  }, 60_000);

  it('gives up when a planned article is never written', async () => {
    const { site, stream } = plannedStream('missing');
    await render(site, SLUGS.slice(0, 4));
    expect(await stream.finish()).toEqual({ ok: false, reason: '1 of 5 planned article pages were not written, e.g. news/apr-one/index.html' });
  }, 60_000);

  it('gives up when an article says another publication time than the plan', async () => {
    const { site, stream } = plannedStream('moved');
    await render(site, ['jan-one'], () => article('jan-one', '2024-05-01T09:30:00Z', 'moved'));
    const outcome = await stream.finish();
    expect(outcome.ok ? '' : outcome.reason).toMatch(/^news\/jan-one\/index\.html says it was published at \d+, the plan \d+$/);
  }, 60_000);

  it('gives up when a planned page is not a search record', async () => {
    const { site, stream } = plannedStream('unmarked');
    await render(site, ['jan-one'], () => LISTING);
    expect(await stream.finish()).toEqual({ ok: false, reason: 'news/jan-one/index.html was planned as an article but is not marked data-pagefind-body' });
  }, 60_000);

  it('gives up when another page where articles are written is a search record', async () => {
    const { site, stream } = plannedStream('unplanned');
    await render(site, SLUGS);
    await put(site, 'news/stray/index.html', article('stray', '2024-02-01T00:00:00Z', 'not planned'));
    expect(await stream.finish()).toEqual({ ok: false, reason: 'news/stray/index.html is a search record the news route did not plan' });
  }, 60_000);

  it('gives up without a plan, and on a second, different plan', async () => {
    expect(await new SearchStream({ site: path.join(work, 'none'), maxPerShard: 2 }).finish()).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/planned no articles/),
    });
    const stream = new SearchStream({ site: path.join(work, 'twice'), maxPerShard: 2 });
    stream.plan(plan());
    stream.plan(plan()); // the same again: fine
    expect(stream.failure).toBeUndefined();
    stream.plan(plan().slice(1));
    expect(stream.failure).toBe('the news route planned its articles twice, differently');
    await stream.finish();
  });
});

describe('SearchStreamWorker', () => {
  it('builds the index in its worker thread, as a build runs it', async () => {
    const site = path.join(work, 'worker');
    const lines: string[] = [];
    const worker = new SearchStreamWorker({ site, maxPerShard: 2 }, (line) => lines.push(line));
    worker.plan(plan());
    await render(site, SLUGS);
    const outcome = await worker.finish();
    expect(outcome).toMatchObject({ ok: true, result: { indexed: 5, skipped: 0 } });
    expect(lines.map((l) => l.split(' ').slice(0, 3).join(' '))).toEqual(['search shard 2024-01', 'search shard 2024-03', 'search shard 2024-04']);
    expect(existsSync(path.join(site, 'pagefind/shards.json'))).toBe(true);
  }, 60_000);

  it('gives up when a page changed after the index read it', async () => {
    const site = path.join(work, 'worker-changed');
    const worker = new SearchStreamWorker({ site, maxPerShard: 2 }, () => {});
    worker.plan(plan());
    await render(site, SLUGS);
    expect(await appears(path.join(site, 'pagefind/2024-04/pagefind-entry.json'))).toBe(true);
    await put(site, newsPageFile('mar-two'), article('mar-two', '2024-03-25T12:00:00Z', 'Stoke win the derby after all'));
    expect(await worker.finish()).toEqual({ ok: false, reason: 'news/mar-two/index.html changed after the search index read it' });
  }, 60_000);
});
describe('indexesWhileRendering', () => {
  it('is on for a full build only', () => {
    expect(indexesWhileRendering('build', {})).toBe(true);
    expect(indexesWhileRendering('dev', {})).toBe(false);
    expect(indexesWhileRendering('build', { INCREMENTAL_FROM: '/tmp/previous' })).toBe(false);
    expect(indexesWhileRendering('build', { SEARCH_INDEX_WHILE_RENDERING: '0' })).toBe(false);
  });
});

describe('routeFirst (the article pages render first on a full build)', () => {
  const page = (route: string, pathname: string) => ({ route: { route }, pathname });
  it('puts the article route first, each route keeping its own order', () => {
    const paths = [
      page('/app/news/[slug]', '/app/news/a'),
      page(ARTICLE_ROUTE, '/news/b'),
      page('/category/[...path]', '/category/c'),
      page(ARTICLE_ROUTE, '/news/a'),
      page(ARTICLE_ROUTE, '/news/2024/05'),
    ];
    expect(routeFirst(paths, ARTICLE_ROUTE).map((p) => p.pathname)).toEqual(['/news/b', '/news/a', '/news/2024/05', '/app/news/a', '/category/c']);
  });
  it('leaves a pathname two routes give where it was, so the same route wins it', () => {
    const paths = [page('/news', '/news'), page(ARTICLE_ROUTE, '/news/'), page(ARTICLE_ROUTE, '/news/x')];
    expect(routeFirst(paths, ARTICLE_ROUTE)).toEqual([paths[2], paths[0], paths[1]]);
  });
  it('names the route of the article pages as it is on disk', () => {
    // A renamed route would silently render the articles in Astro's order again (the index still complete, only later).
    expect(existsSync(path.join('src/pages', `${ARTICLE_ROUTE}.astro`))).toBe(true);
    expect(readFileSync(path.join('src/pages', `${ARTICLE_ROUTE}.astro`), 'utf8')).toContain('planSearchIndex(');
  });
  it('gives Astro the reordered pages through its own prerenderer', async () => {
    const base = {
      name: 'astro:default',
      getStaticPaths: async () => [page('/a', '/a'), page(ARTICLE_ROUTE, '/news/x')],
      render: async () => new Response(''),
    };
    const wrapped = articlesFirstPrerenderer(base as unknown as AstroPrerenderer);
    expect((await wrapped.getStaticPaths()).map((p) => p.pathname)).toEqual(['/news/x', '/a']);
    expect(wrapped.render).toBe(base.render);
  });
});
