import { getCollection, type CollectionEntry } from 'astro:content';
import { teamSegment } from '../lib/routes';
import { getPlatformSettings } from './settings';

export type Team = CollectionEntry<'teams'>['data'] & { segment: string };

/** The teams in display order, each with its URL segment (the first team's empty slug → 'first-team'). */
export async function getTeams(): Promise<Team[]> {
  const [entries, platform] = await Promise.all([getCollection('teams'), getPlatformSettings()]);
  return entries.map((e) => ({ ...e.data, segment: teamSegment(e.data.slug, platform.firstTeamSlug) })).sort((a, b) => a.order - b.order);
}

/** The team whose URL segment is `segment`, or undefined. */
export async function getTeamBySegment(segment: string): Promise<Team | undefined> {
  return (await getTeams()).find((t) => t.segment === segment);
}
