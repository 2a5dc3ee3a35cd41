/** Video content queries (spec §3 video item and category; §7 categories call order). */
import { getCollection, type CollectionEntry } from 'astro:content';
import { sortCategories } from '../streaming/rules/videoCatalogue';

export type Video = CollectionEntry<'videos'>['data'];
export type VideoCategory = CollectionEntry<'videoCategories'>['data'];

/** Video categories sorted by attributes.orderPosition (spec §7 categories call). */
export async function getVideoCategories(): Promise<VideoCategory[]> {
  return sortCategories((await getCollection('videoCategories')).map((c) => c.data));
}

/** Videos, newest release first; optionally one category. */
export async function getVideos(category?: string): Promise<Video[]> {
  const all = await getCollection('videos', (v) => !category || v.data.metaData.category === category);
  return all.map((v) => v.data).sort((a, b) => b.publicationData.releaseFrom.localeCompare(a.publicationData.releaseFrom));
}
