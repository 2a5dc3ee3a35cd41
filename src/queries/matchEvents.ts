import { getEntry, type CollectionEntry } from 'astro:content';

export type MatchEvents = CollectionEntry<'matchEvents'>['data'];

/** Line-ups and minute-by-minute events of a match (demo data), or undefined when there are none. */
export async function getMatchEvents(matchID: string): Promise<MatchEvents | undefined> {
  return (await getEntry('matchEvents', matchID))?.data;
}
