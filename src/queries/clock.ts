/**
 * The site's one clock: the instant every page decides what is past, live or next at,
 * read once per build from the `clock` collection (src/loaders/clockLoader.ts: the embedded
 * dataset's as-of instant, the build's real time for the platform's content, or TERRACE_AS_OF),
 * and pre-season mode at that instant (spec §4, src/lib/preseason).
 *
 * Pages pass `asOf` to the pure rules of src/lib (fixtureList, preseason, age …); DefaultLayout
 * hands a fixed clock to the browser as <html data-as-of> (src/browser/siteClock.ts).
 */
import { getCollection, getEntry } from 'astro:content';
import { memoizeForBuild } from './buildMemo';
import { getPlatformSettings } from './settings';
import { preseasonAt, type Preseason } from '../lib/preseason';
import type { Clock } from '../schemas/clockSchema';
import { SINGLE_ENTRY_ID } from '../loaders/entryIds';

/** The clock: { asOf (UTC ISO instant), source }. The build fails if the collection has none. */
export const getClock = memoizeForBuild(async (): Promise<Clock> => {
  const entry = await getEntry('clock', SINGLE_ENTRY_ID);
  if (!entry) throw new Error(`Content has no clock (collection clock, item "${SINGLE_ENTRY_ID}")`);
  return entry.data;
});

/** The as-of instant (UTC ISO). */
export async function getAsOf(): Promise<string> {
  return (await getClock()).asOf;
}

/**
 * The as-of instant the browser counts from, or undefined when the browser should use its real
 * clock (a build from the platform's content).
 */
export async function getBrowserAsOf(): Promise<string | undefined> {
  const clock = await getClock();
  return clock.source === 'platform' ? undefined : clock.asOf;
}

/**
 * Pre-season mode at the as-of instant (spec §4): from the platform settings' preseason block and
 * the first team's matches (they set the club's calendar), or null while a season is under way.
 */
export const getPreseason = memoizeForBuild(async (): Promise<Preseason | null> => {
  const [asOf, platform, firstTeam] = await Promise.all([getAsOf(), getPlatformSettings(), getCollection('matches', (e) => e.data.teamSlug === '')]);
  return preseasonAt(
    platform.preseason,
    firstTeam.map((e) => e.data),
    asOf,
  );
});
