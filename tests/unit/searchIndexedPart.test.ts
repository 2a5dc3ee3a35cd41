/**
 * What of an article page reaches the search index (src/integrations/searchIndex.ts indexedPart):
 * only the element marked data-pagefind-body, so a shard is not rebuilt when an article's related
 * news change (one new article changes the related news of every article sharing its categories).
 */
import { describe, expect, it } from 'vitest';
import { indexedPart } from '../../src/integrations/searchIndex';

const page = (body: string, related: string) =>
  `<!doctype html><html lang="en-GB"><head><title>T</title></head><body><header><nav><a href="/">Home</a></nav></header>` +
  `<main><article class="article" data-pagefind-body data-pagefind-meta="title[data-title]" data-title="Win"><h1>Win</h1><div><p>${body}</p><br><img src="a.jpg" alt=""></div></article>` +
  `<section class="related"><h2>Related News</h2><a href="/news/${related}">${related}</a></section></main></body></html>`;

describe('indexedPart', () => {
  it('is the marked element, start tag to end tag, void elements included', () => {
    expect(indexedPart(page('Three points.', 'other'))).toBe(
      '<article class="article" data-pagefind-body data-pagefind-meta="title[data-title]" data-title="Win"><h1>Win</h1><div><p>Three points.</p><br><img src="a.jpg" alt=""></div></article>',
    );
  });

  it('ignores related news and the rest of the page, not the article', () => {
    expect(indexedPart(page('Three points.', 'a-new-article'))).toBe(indexedPart(page('Three points.', 'an-old-article')));
    expect(indexedPart(page('Three points!', 'a-new-article'))).not.toBe(indexedPart(page('Three points.', 'a-new-article')));
  });

  it('is undefined on a page without a marked element', () => {
    expect(indexedPart('<html><body><p>No record</p></body></html>')).toBeUndefined();
  });
});
