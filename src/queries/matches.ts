import { getCollection, type CollectionEntry } from 'astro:content';

export type Match = CollectionEntry<'matches'>['data'];

/** Every match of a team (by data slug, '' for the first team), oldest first; optionally one season. */
export async function getMatches(teamSlug: string, season?: string): Promise<Match[]> {
  const all = await getCollection('matches', (e) => e.data.teamSlug === teamSlug && (!season || e.data.season === season));
  return all.map((e) => e.data).sort((a, b) => a.kickOff.localeCompare(b.kickOff));
}

/** Seasons in which a team has matches, newest first. */
export async function getTeamSeasons(teamSlug: string): Promise<string[]> {
  const all = await getMatches(teamSlug);
  return [...new Set(all.map((m) => m.season))].sort().reverse();
}

/** Competitions by id. */
export async function getCompetitionMap(): Promise<Map<string, CollectionEntry<'competitions'>['data']>> {
  const all = await getCollection('competitions');
  return new Map(all.map((c) => [c.data.id, c.data]));
}
