/** /news/rss.xml — RSS feed of all news, newest first. */
import type { APIRoute } from 'astro';
import { getNews } from '../../queries/news';
import { newsFeed } from '../../queries/newsFeed';
import { getSiteSettings } from '../../queries/settings';
import { NEWS_FEED_URL } from '../../lib/feeds';
import { buildUrl } from '../../lib/routes';

export const GET: APIRoute = async ({ site }) => {
  const [articles, settings] = await Promise.all([getNews(), getSiteSettings()]);
  return newsFeed({
    site: site ?? new URL('http://localhost:4321'),
    listingPath: buildUrl('news'),
    feedPath: NEWS_FEED_URL,
    title: settings.pageTitles.news ?? 'Latest News',
    description: settings.pageDescriptions.news ?? 'The latest Stoke City news.',
    articles,
  });
};
