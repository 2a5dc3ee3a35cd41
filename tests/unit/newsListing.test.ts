import { describe, expect, it } from 'vitest';
import { listingPageCount, listingPageItems, listingPageUrl } from '../../src/lib/newsListing';
import { categoryFeedUrl, feedItems, NEWS_FEED_ITEMS, NEWS_FEED_URL } from '../../src/lib/feeds';
import { NEWS_LISTING_PAGE_SIZE } from '../../src/lib/constants';

describe('paged news listings', () => {
  it('puts page 1 at the listing and later pages below it', () => {
    expect(listingPageUrl('/news', 1)).toBe('/news');
    expect(listingPageUrl('/news', 2)).toBe('/news/page/2');
    expect(listingPageUrl('/category/club-news/', 3)).toBe('/category/club-news/page/3');
    expect(() => listingPageUrl('/news', 0)).toThrow(RangeError);
    expect(() => listingPageUrl('/news', 1.5)).toThrow(RangeError);
  });
  it('pages 12 articles at a time, with at least one page', () => {
    expect(NEWS_LISTING_PAGE_SIZE).toBe(12);
    expect([0, 1, 12, 13, 85].map((n) => listingPageCount(n))).toEqual([1, 1, 1, 2, 8]);
    const items = Array.from({ length: 30 }, (_, i) => i);
    expect(listingPageItems(items, 1)).toEqual(items.slice(0, 12));
    expect(listingPageItems(items, 3)).toEqual([24, 25, 26, 27, 28, 29]);
    expect(listingPageItems(items, 4)).toEqual([]);
  });
  it('puts the feeds beside their listings', () => {
    expect(NEWS_FEED_URL).toBe('/news/rss.xml');
    expect(categoryFeedUrl('match-reports')).toBe('/category/match-reports/rss.xml');
    expect(() => categoryFeedUrl('Not A Slug')).toThrow();
  });
  it('lists the newest 50 articles in a feed, not the archive', () => {
    expect(NEWS_FEED_ITEMS).toBe(50);
    const newestFirst = Array.from({ length: 30_000 }, (_, i) => i);
    expect(feedItems(newestFirst)).toEqual(newestFirst.slice(0, 50));
    expect(feedItems([3, 2, 1])).toEqual([3, 2, 1]);
  });
});
