/**
 * Line-ups and minute-by-minute events of matches (collection matchEvents; demo data for a few
 * matches only). Most matches have none, so the query looks ids up in the collection read once
 * per build instead of asking getEntry for each match (which logs "Entry … was not found" for
 * every match without events).
 */
import { getCollection, type CollectionEntry } from 'astro:content';
import { memoizeForBuild } from './buildMemo';

export type MatchEvents = CollectionEntry<'matchEvents'>['data'];

const eventsByMatch = memoizeForBuild(async () => new Map((await getCollection('matchEvents')).map((e) => [e.id, e.data])));

/** Line-ups and minute-by-minute events of a match (demo data), or undefined when there are none. */
export async function getMatchEvents(matchID: string): Promise<MatchEvents | undefined> {
  return (await eventsByMatch()).get(matchID);
}
