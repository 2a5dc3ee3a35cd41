/**
 * RSS feed addresses (issue #4 feeds): one feed of all news below /news and one per news
 * category below its listing, so each listing's feed sits beside it.
 */
import { buildUrl, categoryUrl } from './routes';

/** The RSS feed of all news: '/news/rss.xml'. */
export const NEWS_FEED_URL = `${buildUrl('news')}/rss.xml`;

/** The RSS feed of one category: 'club-news' → '/category/club-news/rss.xml'. Throws RouteParamError on a non-slug. */
export function categoryFeedUrl(category: string): string {
  return `${categoryUrl(category)}/rss.xml`;
}
