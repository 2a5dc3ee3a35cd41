/**
 * Matches of a team as the site publishes them, and the seasons a team has. A season in
 * pre-season (spec §4, src/queries/clock getPreseason) has no fixtures out yet: its matches are
 * left out of every list, page and calendar, while the season itself stays listed (its fixtures
 * list shows the pre-season message).
 */
import { getCollection, type CollectionEntry } from 'astro:content';
import { getPreseason } from './clock';
import { inPreseason } from '../lib/preseason';

export type Match = CollectionEntry<'matches'>['data'];

/** Every published match of a team (by data slug, '' for the first team), oldest first; optionally one season. */
export async function getMatches(teamSlug: string, season?: string): Promise<Match[]> {
  const [all, preseason] = await Promise.all([
    getCollection('matches', (e) => e.data.teamSlug === teamSlug && (!season || e.data.season === season)),
    getPreseason(),
  ]);
  return all
    .map((e) => e.data)
    .filter((m) => !inPreseason(preseason, m))
    .sort((a, b) => a.kickOff.localeCompare(b.kickOff));
}

/**
 * Seasons of a team, newest first: those it has matches in (published or not) and the season in
 * pre-season, if any, so its fixtures list can say the fixtures are coming soon.
 */
export async function getTeamSeasons(teamSlug: string): Promise<string[]> {
  const [all, preseason] = await Promise.all([getCollection('matches', (e) => e.data.teamSlug === teamSlug), getPreseason()]);
  const seasons = new Set(all.map((e) => e.data.season));
  if (preseason) seasons.add(preseason.seasonSlug);
  return [...seasons].sort().reverse();
}

/** Competitions by id. */
export async function getCompetitionMap(): Promise<Map<string, CollectionEntry<'competitions'>['data']>> {
  const all = await getCollection('competitions');
  return new Map(all.map((c) => [c.data.id, c.data]));
}
