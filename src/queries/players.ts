import { getCollection, type CollectionEntry } from 'astro:content';

export type Player = CollectionEntry<'players'>['data'];

/** Position order of a squad list. */
export const POSITIONS = ['Goalkeeper', 'Defender', 'Midfielder', 'Forward'] as const;

/** A team's squad (team data slug, '' for the first team), by position then shirt number. */
export async function getSquad(teamSlug: string): Promise<Player[]> {
  const all = await getCollection('players', (p) => p.data.teamSlug === teamSlug);
  return all
    .map((p) => p.data)
    .sort(
      (a, b) =>
        POSITIONS.indexOf(a.position) - POSITIONS.indexOf(b.position) || (a.shirtNumber ?? 99) - (b.shirtNumber ?? 99) || a.lastName.localeCompare(b.lastName),
    );
}
