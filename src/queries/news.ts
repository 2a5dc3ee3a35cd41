import { getCollection, type CollectionEntry } from 'astro:content';

export type NewsEntry = CollectionEntry<'news'>;

/** All news articles, newest first. */
export async function getNews(): Promise<NewsEntry[]> {
  const all = await getCollection('news');
  return all.sort((a, b) => b.data.published_date.localeCompare(a.data.published_date));
}

/** News categories by slug, in display order. */
export async function getNewsCategories(): Promise<CollectionEntry<'newsCategories'>['data'][]> {
  return (await getCollection('newsCategories')).map((c) => c.data).sort((a, b) => a.order - b.order);
}
