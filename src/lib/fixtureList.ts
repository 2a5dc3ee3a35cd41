/**
 * Rules of a team's fixtures-and-results list (spec §2 /matches pages; issue 3): the state of each
 * match at an instant, the next fixture, the last result, grouping by calendar month in
 * Europe/London, and the competitions a list holds (for the competition filter).
 *
 * Input matches need only the fields named in FixtureLike (a subset of the match entity of
 * src/schemas/football.ts); `kickOff` is a UTC ISO instant ('2025-08-09T14:00:00.000Z'), so
 * string order is time order. `now` is an ISO instant too. Functions never mutate their input.
 * Errors: RangeError from src/lib/dates for an unparsable kick-off.
 */
import { formatDate, londonDateParts } from './dates';

export type MatchStatus = 'played' | 'scheduled' | 'cancelled' | 'postponed';

/** The fields of a match these rules read. */
export interface FixtureLike {
  kickOff: string;
  status: MatchStatus;
  competition: string;
}

/**
 * What a match is at `now`:
 * - 'result': played;
 * - 'fixture': scheduled, kick-off at or after `now`;
 * - 'awaiting-result': scheduled but kick-off has passed and the data has no score yet
 *   (the 2026/27 fixtures are as of August 2026);
 * - 'postponed' and 'cancelled' as the data says.
 */
export type FixtureState = 'result' | 'fixture' | 'awaiting-result' | 'postponed' | 'cancelled';

export function fixtureState(match: FixtureLike, now: string): FixtureState {
  if (match.status === 'played') return 'result';
  if (match.status === 'scheduled') return match.kickOff >= now ? 'fixture' : 'awaiting-result';
  return match.status;
}

/** The first scheduled match kicking off at or after `now`, or undefined. */
export function nextFixture<T extends FixtureLike>(matches: readonly T[], now: string): T | undefined {
  return [...matches].filter((m) => fixtureState(m, now) === 'fixture').sort((a, b) => a.kickOff.localeCompare(b.kickOff))[0];
}

/** The most recent played match, or undefined. */
export function lastResult<T extends FixtureLike>(matches: readonly T[]): T | undefined {
  return [...matches].filter((m) => m.status === 'played').sort((a, b) => a.kickOff.localeCompare(b.kickOff)).at(-1);
}

/** Matches of one calendar month in London time. */
export interface MonthGroup<T> {
  /** 'YYYY-MM', e.g. '2025-08'. */
  key: string;
  /** 'August 2025'. */
  label: string;
  matches: T[];
}

/**
 * Groups matches by their London calendar month, months and matches in kick-off order:
 * a 23:30 UTC kick-off on 31 August BST belongs to September.
 */
export function groupByMonth<T extends FixtureLike>(matches: readonly T[]): MonthGroup<T>[] {
  const groups = new Map<string, MonthGroup<T>>();
  for (const match of [...matches].sort((a, b) => a.kickOff.localeCompare(b.kickOff))) {
    const { year, month } = londonDateParts(match.kickOff);
    const key = `${year}-${month}`;
    const group = groups.get(key) ?? { key, label: formatDate(match.kickOff, 'MMMM YYYY'), matches: [] };
    group.matches.push(match);
    groups.set(key, group);
  }
  return [...groups.values()];
}

/** The competition ids of a list with how many matches each has, in order of first appearance. */
export function competitionsIn(matches: readonly FixtureLike[]): { id: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const m of [...matches].sort((a, b) => a.kickOff.localeCompare(b.kickOff))) counts.set(m.competition, (counts.get(m.competition) ?? 0) + 1);
  return [...counts].map(([id, count]) => ({ id, count }));
}
