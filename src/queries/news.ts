import { getCollection, type CollectionEntry } from 'astro:content';
import { memoizeForBuild } from './buildMemo';
import { fixtureNewsIndex, type FixtureNewsLookup } from '../lib/fixtureNews';

export type NewsEntry = CollectionEntry<'news'>;

/** All news articles, newest first (read-only: shared by every page of a build). */
export const getNews: () => Promise<NewsEntry[]> = memoizeForBuild(async () => {
  const all = await getCollection('news');
  return all.sort((a, b) => b.data.published_date.localeCompare(a.data.published_date));
});

/** News categories by slug, in display order. */
export async function getNewsCategories(): Promise<CollectionEntry<'newsCategories'>['data'][]> {
  return (await getCollection('newsCategories')).map((c) => c.data).sort((a, b) => a.order - b.order);
}

/** The news of each fixture, indexed once per build (src/lib/fixtureNews). */
export const getFixtureNews: () => Promise<FixtureNewsLookup<NewsEntry>> = memoizeForBuild(async () => fixtureNewsIndex(await getNews()));
