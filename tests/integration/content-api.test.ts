/**
 * Building from the club platform's content API (CONTENT_API_URL; docs/content-api.md), served by
 * tests/support/contentApiStandIn.ts: `astro build` with its bearer token writes the whole site with
 * sanitised article bodies; `astro sync` fails naming feed URL, item and field for an invalid
 * article, naming the feed when the token is refused, and refuses an emptied news feed.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embeddedFeeds, startContentApi, type ContentApiStandIn, type FeedRecord } from '../support/contentApiStandIn';

const work = mkdtempSync(path.join(tmpdir(), 'terrace-content-api-'));
const TOKEN = 'content-api-token-for-tests';
let api: ContentApiStandIn;
let news: FeedRecord[];

beforeAll(async () => {
  const feeds = await embeddedFeeds();
  news = feeds.get('news') as FeedRecord[];
  api = await startContentApi(feeds, { token: TOKEN });
});
afterAll(async () => {
  await api?.close();
  rmSync(work, { recursive: true, force: true });
});

/** Runs `astro <args>` with the content API at the stand-in (and `env` over it); resolves with exit code and output. */
function astro(args: string[], name: string, env: Record<string, string> = {}): Promise<{ code: number; output: string }> {
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    CONTENT_API_URL: api.url,
    CONTENT_API_TOKEN: TOKEN,
    // The feed guard compares with a last published site; these builds have none.
    FEED_BASELINE: 'none',
    ASTRO_CACHE_DIR: path.join(work, `${name}-cache`),
    ASTRO_TELEMETRY_DISABLED: '1',
    SEARCH_SHARD_ARTICLES: '10',
    ...env,
  };
  delete childEnv.TERRACE_CONTENT_DIR;
  delete childEnv.INCREMENTAL_FROM;
  return new Promise((resolve) => {
    execFile(process.execPath, ['node_modules/astro/bin/astro.mjs', ...args], { env: childEnv, maxBuffer: 256 * 1024 * 1024 }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, output: `${stdout}${stderr}` });
    });
  });
}

/** Serves `feed` changed by `change` for the length of `run`. */
async function withFeed<T>(feed: string, change: (records: FeedRecord[]) => FeedRecord[], run: () => Promise<T>): Promise<T> {
  const original = api.feeds.get(feed) as FeedRecord[];
  api.feeds.set(feed, change(structuredClone(original)));
  try {
    return await run();
  } finally {
    api.feeds.set(feed, original);
  }
}

const HOSTILE_SLUG = 'academy-duo-sign-first-professional-contracts';
const HOSTILE_BODY =
  '<p onclick="steal()">The academy pair signed today.<script>steal()</script></p>' +
  '<p><a href="javascript:steal()">Watch the signing</a> <img src="/media/club/crest.svg" alt="Crest" onerror="steal()"></p>';

describe('a build from the content API', () => {
  it('writes the whole site from the API, each article with its sanitised body', async () => {
    const out = path.join(work, 'site');
    const { code, output } = await withFeed(
      'news',
      (records) => records.map((record) => (record.slug === HOSTILE_SLUG ? { ...record, body: HOSTILE_BODY } : record)),
      () => astro(['build', '--outDir', out], 'build'),
    );
    expect(code, output.slice(-4000)).toBe(0);
    // Every feed came from the API, with the token.
    for (const feed of api.feeds.keys()) expect(output).toContain(`entries from feed "${api.url}/${feed}"`);
    expect(output).not.toContain('from feed "embedded');
    // The site is all there: home, listing, every article, a content page.
    expect(existsSync(path.join(out, 'index.html'))).toBe(true);
    expect(existsSync(path.join(out, 'news/index.html'))).toBe(true);
    for (const article of news) expect(existsSync(path.join(out, 'news', String(article.slug), 'index.html')), String(article.slug)).toBe(true);
    expect(existsSync(path.join(out, 'accessibility/index.html'))).toBe(true);
    // The settings (one entity each) and the league tables (named by competition and season)
    // are found by the ids the pages ask for: the home page shows the club and its table.
    const home = readFileSync(path.join(out, 'index.html'), 'utf8');
    expect(home).toContain('<title>Stoke City');
    expect(home).toContain('class="league-table__scroll"');
    // The hostile body is published without its script, handlers or javascript: link.
    const page = readFileSync(path.join(out, 'news', HOSTILE_SLUG, 'index.html'), 'utf8');
    const app = readFileSync(path.join(out, 'app/news', HOSTILE_SLUG, 'index.html'), 'utf8');
    for (const html of [page, app]) {
      expect(html).toContain('The academy pair signed today.');
      expect(html).toContain('<a>Watch the signing</a>');
      expect(html).not.toContain('steal()');
      expect(html).not.toContain('javascript:');
    }
  }, 600_000);
});

describe('bad content from the API fails the build naming feed, item and field', () => {
  it('an article without its title', async () => {
    const slug = String(news[3]!.slug);
    const { code, output } = await withFeed(
      'news',
      (records) => records.map((record) => (record.slug === slug ? { ...record, title: undefined } : record)),
      () => astro(['sync'], 'bad-article'),
    );
    expect(code).not.toBe(0);
    expect(output).toContain(`Content feed "${api.url}/news", collection "news", item "${slug}"`);
    expect(output).toMatch(/\btitle\b/);
  }, 180_000);

  it('an emptied news feed', async () => {
    const { code, output } = await withFeed(
      'news',
      () => [],
      () => astro(['sync'], 'empty-news'),
    );
    expect(code).not.toBe(0);
    expect(output).toContain(`Content feed "${api.url}/news", collection "news": the feed is empty; refusing to publish an emptied site`);
  }, 180_000);

  it('a token the API refuses', async () => {
    const { code, output } = await astro(['sync'], 'bad-token', { CONTENT_API_TOKEN: 'expired' });
    expect(code).not.toBe(0);
    expect(output).toMatch(new RegExp(`Content feed "${api.url.replace(/[.]/g, '\\.')}/[a-z/-]+", collection "\\w+": HTTP 401`));
  }, 180_000);
});
