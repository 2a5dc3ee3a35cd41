/** /category/:category/rss.xml — RSS feed of one news category, newest first. */
import type { APIRoute, GetStaticPaths } from 'astro';
import { getNewsByCategory, getNewsCategories } from '../../../queries/news';
import { newsFeed } from '../../../queries/newsFeed';
import { categoryFeedUrl } from '../../../lib/feeds';
import { categoryUrl } from '../../../lib/routes';

export const getStaticPaths = (async () => {
  const categories = await getNewsCategories();
  return categories.map((category) => ({ params: { category: category.slug }, props: { category } }));
}) satisfies GetStaticPaths;

export const GET: APIRoute<{ category: Awaited<ReturnType<typeof getNewsCategories>>[number] }> = async ({ site, props }) => {
  const { category } = props;
  const articles = (await getNewsByCategory()).get(category.slug) ?? [];
  return newsFeed({
    site: site ?? new URL('http://localhost:4321'),
    listingPath: categoryUrl(category.slug),
    feedPath: categoryFeedUrl(category.slug),
    title: category.name,
    description: category.description || `${category.name}: the latest from Stoke City.`,
    articles,
  });
};
