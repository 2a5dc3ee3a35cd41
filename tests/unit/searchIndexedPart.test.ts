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

  it("finds the marked element when the mark's text comes first elsewhere (quoted in text or an attribute)", () => {
    const marked = indexedPart(page('Three points.', 'other'));
    const quotedInText = page('Three points.', 'other').replace('<main>', '<main><p>How data-pagefind-body works</p>');
    const quotedInAttribute = page('Three points.', 'other').replace('<title>T</title>', '<title>T</title><meta name="x" content="data-pagefind-body">');
    expect(indexedPart(quotedInText)).toBe(marked);
    expect(indexedPart(quotedInAttribute)).toBe(marked);
    expect(indexedPart('<p>data-pagefind-body, quoted on a page with no marked element</p>')).toBeUndefined();
  });

  it('keeps nested elements of the same name inside the marked one', () => {
    const nested = '<div data-pagefind-body><div><div>deep</div></div><p>tail</p></div>';
    expect(indexedPart(`<body>${nested}<div>after</div></body>`)).toBe(nested);
  });
});
