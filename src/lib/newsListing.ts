/**
 * Paged news listings (spec §2 /news and /category/:category; §9 'Load more news' and 'Load
 * previous news'): page 1 is the listing itself, pages 2… live below it at '/page/{n}', so every
 * page works without JavaScript. Pages here are 1-based, as in the URL.
 */
import { NEWS_LISTING_PAGE_SIZE } from './constants.ts';
import { pageCount } from './pagination.ts';

function checkPage(page: number): void {
  if (!Number.isInteger(page) || page < 1) throw new RangeError(`Invalid listing page: ${page} (expected an integer >= 1)`);
}

/**
 * URL of page `page` of the listing at `base` ('/news' or '/category/{category}'):
 * (base, 1) → base; (base, 3) → '{base}/page/3'. Throws RangeError unless `page` is an integer >= 1.
 */
export function listingPageUrl(base: string, page: number): string {
  checkPage(page);
  const root = base.endsWith('/') && base !== '/' ? base.slice(0, -1) : base;
  return page === 1 ? root : `${root}/page/${page}`;
}

/** Number of listing pages for `total` articles; at least 1, so an empty listing still has its page. */
export function listingPageCount(total: number, pageSize: number = NEWS_LISTING_PAGE_SIZE): number {
  return Math.max(1, pageCount(total, pageSize));
}

/** The items shown on listing page `page` (1-based); [] beyond the last page. */
export function listingPageItems<T>(items: readonly T[], page: number, pageSize: number = NEWS_LISTING_PAGE_SIZE): T[] {
  checkPage(page);
  return items.slice((page - 1) * pageSize, page * pageSize);
}
