/**
 * Where a news listing remembers the reader's place (spec §9 'Load more news'): the key of its
 * history entry's state, which holds the listing pages on screen and the scroll position
 * (src/browser/newsLoadMore.ts). Apart from src/lib/newsListing so the page's first script can
 * ask whether there is a place to restore without loading the listing's code.
 */

/** The key under which a listing's history entry keeps the pages on screen and the scroll position. */
export const LISTING_PLACE_KEY = 'terraceNewsListing';

/** Whether a history entry's state holds a listing's place (then the listing restores it on load). */
export function hasListingPlace(state: unknown): boolean {
  return typeof state === 'object' && state !== null && typeof (state as Record<string, unknown>)[LISTING_PLACE_KEY] === 'object';
}
