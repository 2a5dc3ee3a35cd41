/**
 * /_fragments/news/count.json and /_fragments/category/<slug>/count.json: how many articles a
 * listing has ({"total": n}), which page assembly needs to find a page's cards in the blocks
 * counted from the oldest (src/lib/pageAssembly.ts, src/pages/[fragments]/[...fragment].astro).
 */
import type { APIRoute, GetStaticPaths } from 'astro';
import { getNews, getNewsByCategory, getNewsCategories } from '../../../queries/news';
import { categoryListingFragments, newsListingFragments } from '../../../queries/fragments';
import { FRAGMENTS_ROOT } from '../../../lib/pageAssembly';

export const getStaticPaths = (async () => {
  const [articles, categories, byCategory] = await Promise.all([getNews(), getNewsCategories(), getNewsByCategory()]);
  const listing = (folder: string, total: number) => ({
    params: { fragments: '_fragments', listing: folder.slice(FRAGMENTS_ROOT.length, -1) },
    props: { total },
  });
  return [
    listing(newsListingFragments(), articles.length),
    ...categories.map((c) => listing(categoryListingFragments(c.slug), (byCategory.get(c.slug) ?? []).length)),
  ];
}) satisfies GetStaticPaths;

export const GET: APIRoute = ({ props }) =>
  new Response(JSON.stringify({ total: (props as { total: number }).total }), { headers: { 'Content-Type': 'application/json' } });
