/**
 * RSS feed addresses: one feed of all news below /news and one per news
 * category below its listing, so each listing's feed sits beside it.
 */
import { buildUrl, categoryUrl } from './routes';

/** The RSS feed of all news: '/news/rss.xml'. */
export const NEWS_FEED_URL = `${buildUrl('news')}/rss.xml`;

/** The RSS feed of one category: 'club-news' → '/category/club-news/rss.xml'. Throws RouteParamError on a non-slug. */
export function categoryFeedUrl(category: string): string {
  return `${categoryUrl(category)}/rss.xml`;
}

/**
 * Items in an RSS feed: the newest 50. A feed is a reader's notice of what is new, not
 * the archive (every article stays on the site and in the search index), so it stays small
 * however large the archive grows.
 */
export const NEWS_FEED_ITEMS = 50;

/** The items of a feed from a newest-first list: its first {@link NEWS_FEED_ITEMS}. */
export function feedItems<T>(newestFirst: readonly T[]): T[] {
  return newestFirst.slice(0, NEWS_FEED_ITEMS);
}
