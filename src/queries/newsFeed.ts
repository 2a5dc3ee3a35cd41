import rss from '@astrojs/rss';
import { escapeHtml } from '../lib/escape';
import { feedItems } from '../lib/feeds';
import { newsArticleUrl } from '../lib/routes';
import { entryBodyHtml } from '../loaders/contentBodies';
import { getNewsCategories, type NewsEntry } from './news';
import { getPlatformSettings } from './settings';

/** The item's content: the article's sanitised HTML body (src/loaders/contentBodies.ts), when it has one. */
function contentOf(article: NewsEntry): { content?: string } {
  const html = entryBodyHtml(article);
  return html ? { content: html } : {};
}

/**
 * An RSS 2.0 response listing the newest of `articles` (newest first; src/lib/feeds feedItems):
 * title, link to the canonical article, publication date, summary as description, category names
 * and the full article HTML (sanitised by the loaders, read from its body file), with the listing
 * as the channel link and the feed's own address as atom:link rel="self". `listingPath` is the
 * listing's path ('/news'), `feedPath` the feed's ('/news/rss.xml'). Descriptions are
 * HTML-escaped plain text, since readers render them as HTML; titles stay plain text.
 */
export async function newsFeed(options: {
  site: URL;
  listingPath: string;
  feedPath: string;
  title: string;
  description: string;
  articles: NewsEntry[];
}): Promise<Response> {
  const [platform, categories] = await Promise.all([getPlatformSettings(), getNewsCategories()]);
  const names = new Map(categories.map((c) => [c.slug, c.name]));
  const self = new URL(options.feedPath, options.site).href;
  return rss({
    title: `${options.title} | ${platform.clubName}`,
    description: escapeHtml(options.description),
    site: new URL(options.listingPath, options.site).href,
    trailingSlash: false,
    xmlns: { atom: 'http://www.w3.org/2005/Atom' },
    customData: `<language>en-gb</language><atom:link href="${self}" rel="self" type="application/rss+xml"/>`,
    items: feedItems(options.articles).map((article) => ({
      title: article.data.title,
      link: newsArticleUrl(article.data.slug),
      pubDate: new Date(article.data.published_date),
      // RSS readers render an item's description as HTML; the summary is plain text.
      description: escapeHtml(article.data.summary),
      categories: article.data.categories.map((slug) => names.get(slug) ?? slug),
      ...contentOf(article),
    })),
  });
}
