/**
 * Rules of a team's fixtures-and-results list (spec §2 /matches pages): each match's state at an
 * instant, the next fixture, the last result, grouping by month in Europe/London, and the
 * competitions a list holds. Matches need only FixtureLike's fields; `kickOff` and `asOf` (the
 * site's clock, src/queries/clock) are UTC ISO instants, so string order is time order.
 * Never mutates its input. Errors: RangeError from src/lib/dates for an unparsable kick-off.
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
 * What a match is at `asOf`:
 * - 'fixture': kick-off at or after `asOf` (scheduled, or played in data newer than the clock:
 *   at `asOf` nobody knows the score yet);
 * - 'result': played, kick-off before `asOf`;
 * - 'awaiting-result': scheduled but kick-off has passed and the data has no score (data older
 *   than the clock; the embedded dataset's clock is set so that this does not happen);
 * - 'postponed' and 'cancelled' as the data says.
 */
export type FixtureState = 'result' | 'fixture' | 'awaiting-result' | 'postponed' | 'cancelled';

export function fixtureState(match: FixtureLike, asOf: string): FixtureState {
  if (match.status === 'postponed' || match.status === 'cancelled') return match.status;
  if (match.kickOff >= asOf) return 'fixture';
  return match.status === 'played' ? 'result' : 'awaiting-result';
}

/** The first match that is a fixture at `asOf` (kick-off at or after it), or undefined. */
export function nextFixture<T extends FixtureLike>(matches: readonly T[], asOf: string): T | undefined {
  return [...matches].filter((m) => fixtureState(m, asOf) === 'fixture').sort((a, b) => a.kickOff.localeCompare(b.kickOff))[0];
}

/** The most recent match that is a result at `asOf`, or undefined. */
export function lastResult<T extends FixtureLike>(matches: readonly T[], asOf: string): T | undefined {
  return [...matches]
    .filter((m) => fixtureState(m, asOf) === 'result')
    .sort((a, b) => a.kickOff.localeCompare(b.kickOff))
    .at(-1);
}

/**
 * The match a match centre shows when its URL names none (spec §2 /match/:team?/:season?/:matchID?,
 * every part optional): the next fixture at `asOf`, else the latest result, else the latest match
 * by kick-off (say, one awaiting its result); undefined for an empty list. For a finished season
 * that is its last result; for a season under way, its next match.
 */
export function featuredMatch<T extends FixtureLike>(matches: readonly T[], asOf: string): T | undefined {
  return nextFixture(matches, asOf) ?? lastResult(matches, asOf) ?? [...matches].sort((a, b) => a.kickOff.localeCompare(b.kickOff)).at(-1);
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
