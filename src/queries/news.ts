import { getCollection, type CollectionEntry } from 'astro:content';
import { memoizeForBuild } from './buildMemo';
import { fixtureNewsIndex, type FixtureNewsLookup } from '../lib/fixtureNews';
import { relatedNewsRows } from '../lib/relatedNews';

export type NewsEntry = CollectionEntry<'news'>;

/** All news articles, newest first (read-only: shared by every page of a build). */
export const getNews: () => Promise<NewsEntry[]> = memoizeForBuild(async () => {
  const all = await getCollection('news');
  return all.sort((a, b) => b.data.published_date.localeCompare(a.data.published_date));
});

/** Each category's articles, newest first, by category slug (read-only, once per build). */
export const getNewsByCategory: () => Promise<ReadonlyMap<string, NewsEntry[]>> = memoizeForBuild(async () => {
  const byCategory = new Map<string, NewsEntry[]>();
  for (const article of await getNews()) {
    for (const slug of new Set(article.data.categories)) {
      const list = byCategory.get(slug);
      if (list) list.push(article);
      else byCategory.set(slug, [article]);
    }
  }
  return byCategory;
});

/** News categories by slug, in display order. */
export async function getNewsCategories(): Promise<CollectionEntry<'newsCategories'>['data'][]> {
  return (await getCollection('newsCategories')).map((c) => c.data).sort((a, b) => a.order - b.order);
}

/** The news of each fixture, indexed once per build (src/lib/fixtureNews). */
export const getFixtureNews: () => Promise<FixtureNewsLookup<NewsEntry>> = memoizeForBuild(async () => fixtureNewsIndex(await getNews()));

/**
 * The archive's related-news rows (src/lib/relatedNews relatedNewsRows) as news entries, by row
 * name: written as fragments (src/pages/[fragments]/), and read by the article pages to know whether they have related news.
 * Computed once per build.
 */
export const getRelatedRows: () => Promise<ReadonlyMap<string, NewsEntry[]>> = memoizeForBuild(async () => {
  const articles = await getNews();
  const entryOf = new Map(articles.map((a) => [a.data, a]));
  const rows = relatedNewsRows(articles.map((a) => a.data));
  return new Map([...rows].map(([row, items]) => [row, items.flatMap((data) => entryOf.get(data) ?? [])]));
});
