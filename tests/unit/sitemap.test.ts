import { describe, expect, it } from 'vitest';
import { canonicalHref, documentHead, isDisallowedPath, isIndexableHtml, robotsTxt, SITEMAP_CHUNKS, sitemapChunk, sitemapUrl } from '../../src/lib/sitemap';

const page = (head: string) => `<!doctype html><html><head>${head}</head><body><h1>Hi</h1></body></html>`;

describe('sitemap pages', () => {
  it('keeps ordinary pages', () => {
    expect(isIndexableHtml(page('<meta charset="utf-8"><meta name="description" content="noindex is just a word here">'))).toBe(true);
  });
  it('leaves out noindex pages (app views) and redirect pages', () => {
    expect(isIndexableHtml(page('<meta name="robots" content="noindex, nofollow">'))).toBe(false);
    expect(isIndexableHtml(page("<meta content='NOINDEX' name='ROBOTS'>"))).toBe(false);
    expect(isIndexableHtml('<!doctype html><title>Redirecting to: /news/x</title><meta http-equiv="refresh" content="0;url=/news/x">')).toBe(false);
  });
  it('lists a page under its own canonical URL and leaves out duplicates', () => {
    const win = page('<link rel="canonical" href="https://x.test/news/win">');
    expect(canonicalHref(win)).toBe('https://x.test/news/win');
    expect(sitemapUrl('https://x.test/news/win/', win)).toBe('https://x.test/news/win');
    expect(sitemapUrl('https://x.test/players/smith/', page('<link rel="canonical" href="https://x.test/players/u21/smith">'))).toBeUndefined();
    expect(sitemapUrl('https://x.test/about/', page(''))).toBe('https://x.test/about/');
  });
  it('leaves out fragments: parts of pages the server puts together (src/lib/pageAssembly.ts)', () => {
    expect(sitemapUrl('https://x.test/_fragments/news/3/', '<!--terrace:item a--><article></article><!--terrace:end-->')).toBeUndefined();
  });
  it('leaves out every path robots.txt disallows, whatever the page says (the sitemap then need not read it)', () => {
    const indexable = '<!doctype html><html><head><title>T</title></head><body></body></html>';
    expect(sitemapUrl('https://x.test/app/news/win/', indexable)).toBeUndefined();
    expect(sitemapUrl('https://x.test/_fragments/related/ab/', indexable)).toBeUndefined();
    expect(sitemapUrl('https://x.test/apple/', indexable)).toBe('https://x.test/apple/');
    expect(isDisallowedPath('/app/news/win/')).toBe(true);
    expect(isDisallowedPath('/app')).toBe(false);
    expect(isDisallowedPath('/news/app/')).toBe(false);
    for (const line of robotsTxt('https://x.test')
      .split('\n')
      .filter((l) => l.startsWith('Disallow: '))) {
      expect(isDisallowedPath(`${line.slice('Disallow: '.length)}anything/`), line).toBe(true);
    }
  });
  it('reads only the head: tags in the body (an article quoting markup) do not change the decision', () => {
    const quoting = (head: string, body: string) => `<!doctype html><html><head>${head}</head><body>${body}</body></html>`;
    const body = '<pre><meta name="robots" content="noindex"><link rel="canonical" href="https://x.test/elsewhere"></pre>';
    expect(sitemapUrl('https://x.test/news/markup/', quoting('<title>Markup</title>', body))).toBe('https://x.test/news/markup/');
    expect(sitemapUrl('https://x.test/app/news/markup/', quoting('<meta name="robots" content="noindex">', body))).toBeUndefined();
    expect(documentHead('<html><HEAD><title>T</title></HEAD ><body></body></html>')).toBe('<html><HEAD><title>T</title>');
    expect(documentHead('<title>No head end</title><meta name="robots" content="noindex">')).toBe(
      '<title>No head end</title><meta name="robots" content="noindex">',
    );
  });
  it('robots.txt keeps crawlers out of the app views and names the sitemap', () => {
    expect(robotsTxt('https://club.example')).toBe(
      'User-agent: *\nDisallow: /app/\nDisallow: /_fragments/\n\nSitemap: https://club.example/sitemap-index.xml\n',
    );
  });
});

describe('sitemap files (one new article changes a few small files)', () => {
  it('puts articles by first letter, dated archives and later listing pages in their own files', () => {
    expect(sitemapChunk('https://x.test/news/win-at-home')).toBe('news-w');
    expect(sitemapChunk('https://x.test/news/2025-review')).toBe('news-2');
    expect(sitemapChunk('https://x.test/news/2025')).toBe('news-archive');
    expect(sitemapChunk('https://x.test/news/2025/08/09')).toBe('news-archive');
    expect(sitemapChunk('https://x.test/news/page/3')).toBe('news-pages');
    expect(sitemapChunk('https://x.test/category/academy/page/2')).toBe('category-pages');
  });
  it('leaves every other page in the default file', () => {
    for (const url of [
      'https://x.test/',
      'https://x.test/news',
      'https://x.test/category/academy',
      'https://x.test/players/smith',
      'https://x.test/match/first-team/2025-26/1',
    ]) {
      expect(sitemapChunk(url), url).toBeUndefined();
    }
  });
  it('names only files it declares', () => {
    for (const url of [
      'https://x.test/news/a',
      'https://x.test/news/9-in-a-row',
      'https://x.test/news/2024',
      'https://x.test/news/page/2',
      'https://x.test/category/c/page/2',
    ]) {
      expect(SITEMAP_CHUNKS, url).toContain(sitemapChunk(url));
    }
  });
});
