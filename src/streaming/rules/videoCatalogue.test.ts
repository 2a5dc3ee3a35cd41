/** Spec §2 /videos and §7: categories by attributes.orderPosition, section feeds of 10 newest first. */
import { describe, expect, it } from 'vitest';
import { catalogueRows, sectionFeedPage, sortCategories, VIDEO_FEED_PAGE_SIZE } from './videoCatalogue';

const cat = (slug: string, orderPosition: number) => ({ slug, attributes: { orderPosition } });
const vid = (id: string, category: string, releaseFrom: string) => ({ id, metaData: { category }, publicationData: { releaseFrom } });

describe('catalogue', () => {
  it('sorts categories by attributes.orderPosition, ties in their given order', () => {
    expect(sortCategories([cat('c', 3), cat('a', 1), cat('b2', 2), cat('b1', 2)]).map((c) => c.slug)).toEqual(['a', 'b2', 'b1', 'c']);
  });
  it('a section feed page holds 10 of its videos, newest release first', () => {
    expect(VIDEO_FEED_PAGE_SIZE).toBe(10);
    const videos = Array.from({ length: 14 }, (_, i) => vid(String(i), 'highlights', new Date(Date.UTC(2026, 0, 1 + i)).toISOString()));
    videos.push(vid('other', 'interviews', '2027-01-01T00:00:00Z'));
    const page = sectionFeedPage(videos, 'highlights');
    expect(page.map((v) => v.id)).toEqual(['13', '12', '11', '10', '9', '8', '7', '6', '5', '4']);
    expect(sectionFeedPage(videos, 'highlights', 1).map((v) => v.id)).toEqual(['3', '2', '1', '0']);
    expect(() => sectionFeedPage(videos, 'highlights', -1)).toThrow(RangeError);
    expect(() => sectionFeedPage(videos, 'highlights', 0, 0)).toThrow(RangeError);
  });
  it('compares release instants, not their text', () => {
    const page = sectionFeedPage([vid('utc', 'h', '2026-01-01T10:30:00Z'), vid('bst', 'h', '2026-01-01T11:00:00+01:00')], 'h');
    expect(page.map((v) => v.id)).toEqual(['utc', 'bst']);
  });
  it('rows follow the category order and leave out empty categories', () => {
    const rows = catalogueRows(
      [cat('interviews', 2), cat('highlights', 1), cat('empty', 0)],
      [vid('i', 'interviews', '2026-01-01T00:00:00Z'), vid('h', 'highlights', '2026-01-01T00:00:00Z')],
    );
    expect(rows.map((r) => r.category.slug)).toEqual(['highlights', 'interviews']);
  });
});
