import { listingPageCount } from '../lib/newsListing';

/**
 * The pages after the first of a news listing, for getStaticPaths: page 2 … last, as the
 * `page/{n}` path below the listing (spec §9 'Load more news'; src/lib/newsListing).
 */
export function laterListingPages(total: number): { path: string; page: number }[] {
  const pages = listingPageCount(total);
  return Array.from({ length: pages - 1 }, (_, i) => ({ path: `page/${i + 2}`, page: i + 2 }));
}
