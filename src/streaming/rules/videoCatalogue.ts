/**
 * The video catalogue's shape (spec §2 /videos, §7 "GET {video feed api}feed/{feed}/sections/
 * ?section=…&pageIndex=0&pageSize=10" and "GET {video API}/categories … sorted by
 * attributes.orderPosition"): categories in their order, each with the first page (10) of its
 * videos, newest release first. Pure: the pages pass the content collections in.
 */
import { VIDEO_SIDEBAR_PAGE_SIZE } from '../../lib/constants.ts';

/** Page size of a section feed (spec §7 feed call, pageSize=10; the same as the player sidebar's, §9). */
export const VIDEO_FEED_PAGE_SIZE = VIDEO_SIDEBAR_PAGE_SIZE;

/** The fields of a video category the catalogue needs (spec §3 Video category). */
export interface CatalogueCategory {
  slug: string;
  attributes: { orderPosition: number };
}

/** The fields of a video item the catalogue needs (spec §3 Video item). */
export interface CatalogueVideo {
  metaData: { category: string };
  publicationData: { releaseFrom: string };
}

/** Categories sorted by attributes.orderPosition, ascending; equal positions keep their order. */
export function sortCategories<C extends CatalogueCategory>(categories: readonly C[]): C[] {
  return categories
    .map((c, i) => ({ c, i }))
    .sort((a, b) => a.c.attributes.orderPosition - b.c.attributes.orderPosition || a.i - b.i)
    .map(({ c }) => c);
}

/**
 * One page of a section's feed: the videos of `section` (a category slug), newest release first,
 * page `pageIndex` (from 0) of `pageSize` (default 10). Throws RangeError on a negative or
 * fractional page index or a page size below 1.
 */
export function sectionFeedPage<V extends CatalogueVideo>(videos: readonly V[], section: string, pageIndex = 0, pageSize: number = VIDEO_FEED_PAGE_SIZE): V[] {
  if (!Number.isInteger(pageIndex) || pageIndex < 0) throw new RangeError(`Invalid page index: ${pageIndex}`);
  if (!Number.isInteger(pageSize) || pageSize < 1) throw new RangeError(`Invalid page size: ${pageSize}`);
  return videos
    .filter((v) => v.metaData.category === section)
    .map((v, i) => ({ v, i }))
    .sort((a, b) => Date.parse(b.v.publicationData.releaseFrom) - Date.parse(a.v.publicationData.releaseFrom) || a.i - b.i)
    .map(({ v }) => v)
    .slice(pageIndex * pageSize, (pageIndex + 1) * pageSize);
}

/**
 * The /videos rows: every category in orderPosition order with the first page (10) of its feed;
 * categories without videos are left out.
 */
export function catalogueRows<C extends CatalogueCategory, V extends CatalogueVideo>(
  categories: readonly C[],
  videos: readonly V[],
): { category: C; videos: V[] }[] {
  return sortCategories(categories)
    .map((category) => ({ category, videos: sectionFeedPage(videos, category.slug) }))
    .filter((row) => row.videos.length > 0);
}
