import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { competitionsIn, featuredMatch, fixtureState, groupByMonth, lastResult, nextFixture, type FixtureLike } from '../../src/lib/fixtureList';
import { toMatchEntity, type MatchRecord } from '../../src/lib/matchRecords';
import { formatKickOff, formatMatchDate, seasonLabel, seasonOfDate, seasonSlug } from '../../src/lib/dates';

const club = { name: 'Stoke City', homeGround: 'bet365 Stadium' };
const read = (file: string) =>
  (JSON.parse(readFileSync(path.resolve('data/real', file), 'utf8')) as MatchRecord[]).map(
    (r) => toMatchEntity(r, club) as unknown as FixtureLike & { matchID: string; kickOffLocal: string | null },
  );
const fixtures = read('stoke-fixtures-2026-27.json');
const results = read('stoke-matches.json');
const f = (kickOff: string, status: FixtureLike['status'] = 'scheduled', competition = 'championship'): FixtureLike => ({ kickOff, status, competition });

describe('fixtureState at the site’s clock', () => {
  const asOf = '2026-11-21T12:00:00.000Z';
  it('tells results, fixtures, fixtures awaiting a result, and postponed or cancelled matches apart', () => {
    expect(fixtureState(f('2025-08-09T14:00:00.000Z', 'played'), asOf)).toBe('result');
    expect(fixtureState(f('2026-11-28T15:00:00.000Z'), asOf)).toBe('fixture');
    expect(fixtureState(f('2026-11-21T12:00:00.000Z'), asOf)).toBe('fixture');
    expect(fixtureState(f('2026-10-24T14:00:00.000Z'), asOf)).toBe('awaiting-result');
    expect(fixtureState(f('2026-12-01T19:45:00.000Z', 'postponed'), asOf)).toBe('postponed');
    expect(fixtureState(f('2026-12-01T19:45:00.000Z', 'cancelled'), asOf)).toBe('cancelled');
  });
  it('a match after the clock is a fixture even when the data already has its score', () => {
    expect(fixtureState(f('2026-05-02T11:30:00.000Z', 'played'), '2026-04-01T00:00:00.000Z')).toBe('fixture');
    expect(fixtureState(f('2026-05-02T11:30:00.000Z', 'played'), '2026-05-24T08:00:00.000Z')).toBe('result');
  });
});

describe('nextFixture and lastResult on the real data', () => {
  it('in the middle of 2026/27 (as of 21 Nov 2026): the next fixture after the clock', () => {
    const next = nextFixture([...results, ...fixtures], '2026-11-21T12:00:00.000Z');
    expect((next?.kickOff ?? '') > '2026-11-21T12:00:00.000Z').toBe(true);
    expect(next?.matchID.startsWith('2026-11-2')).toBe(true);
    expect(nextFixture(results, '2026-11-21T12:00:00.000Z')).toBeUndefined();
  });
  it('between seasons (the dataset’s as-of, 24 May 2026): the last 2025/26 result and the 2026/27 opener', () => {
    const asOf = '2026-05-24T08:00:00.000Z';
    expect(lastResult([...fixtures, ...results], asOf)?.matchID).toBe('2026-05-02-bristol-city');
    expect(nextFixture([...results, ...fixtures], asOf)?.matchID).toBe('2026-08-15-swansea-city');
  });
  it('lastResult counts only results known at the clock', () => {
    expect(lastResult(results, '2026-04-22T00:00:00.000Z')?.matchID).toBe('2026-04-21-millwall');
    expect(lastResult(results, '2023-08-01T00:00:00.000Z')).toBeUndefined();
  });
});

describe('featuredMatch (spec §2 /match/:team?/:season?: the match a match centre shows when no match is named)', () => {
  it('is the next fixture at the clock', () => {
    expect(featuredMatch([...results, ...fixtures], '2026-11-21T12:00:00.000Z')?.matchID.startsWith('2026-11-2')).toBe(true);
  });
  it('is the latest result when no fixture is left: a finished season shows its last match', () => {
    const season2324 = results.filter((m) => (m as unknown as { season: string }).season === '2023-24');
    expect(featuredMatch(season2324, '2026-05-24T08:00:00.000Z')?.matchID).toBe(season2324.at(-1)!.matchID);
    expect(featuredMatch(results, '2026-05-24T08:00:00.000Z')?.matchID).toBe('2026-05-02-bristol-city');
  });
  it('falls back to the latest match (say, awaiting its result), and is undefined for no matches', () => {
    expect(featuredMatch([f('2026-10-24T14:00:00.000Z'), f('2026-09-24T14:00:00.000Z')], '2026-11-21T12:00:00.000Z')?.kickOff).toBe('2026-10-24T14:00:00.000Z');
    expect(featuredMatch([], '2026-11-21T12:00:00.000Z')).toBeUndefined();
  });
});

describe('groupByMonth', () => {
  it('groups by the London month, in kick-off order', () => {
    const groups = groupByMonth([f('2025-09-01T18:45:00.000Z'), f('2025-08-31T23:30:00.000Z'), f('2025-08-09T14:00:00.000Z')]);
    expect(groups.map((g) => [g.key, g.label, g.matches.length])).toEqual([
      ['2025-08', 'August 2025', 1],
      ['2025-09', 'September 2025', 2],
    ]);
  });
  it('groups the 46 real 2026/27 fixtures into the months August 2026 to May 2027', () => {
    const groups = groupByMonth(fixtures);
    expect(groups[0]!.label).toBe('August 2026');
    expect(groups.at(-1)!.label).toBe('May 2027');
    expect(groups.reduce((n, g) => n + g.matches.length, 0)).toBe(46);
  });
});

describe('competitionsIn', () => {
  it('lists each competition once with its count, in order of first appearance', () => {
    expect(competitionsIn(results.filter((m) => m.kickOff < '2024-07-01'))).toEqual([
      { id: 'championship', count: 46 },
      { id: 'efl-cup', count: 3 },
      { id: 'fa-cup', count: 1 },
    ]);
  });
});

describe('kick-off and season formatting across the clock change (spec §9: ddd D MMM, Europe/London)', () => {
  const byId = (id: string) => [...fixtures, ...results].find((m) => m.matchID === id)!;
  it('keeps the London kick-offs either side of the October 2026 change', () => {
    const bst = byId('2026-10-24-bristol-city');
    const gmt = byId('2026-10-31-preston-north-end');
    expect([bst.kickOff, formatMatchDate(bst.kickOff), formatKickOff(bst.kickOff)]).toEqual(['2026-10-24T14:00:00.000Z', 'Sat 24 Oct', '15:00']);
    expect([gmt.kickOff, formatMatchDate(gmt.kickOff), formatKickOff(gmt.kickOff)]).toEqual(['2026-10-31T12:30:00.000Z', 'Sat 31 Oct', '12:30']);
  });
  it('and either side of the March 2026 change', () => {
    const gmt = byId('2026-03-20-preston-north-end');
    const bst = byId('2026-04-03-sheffield-wednesday');
    expect([gmt.kickOff, formatKickOff(gmt.kickOff)]).toEqual(['2026-03-20T20:00:00.000Z', '20:00']);
    expect([bst.kickOff, formatMatchDate(bst.kickOff), formatKickOff(bst.kickOff)]).toEqual(['2026-04-03T14:00:00.000Z', 'Fri 3 Apr', '15:00']);
  });
  it('shows every real kick-off time as the source gives it', () => {
    for (const m of [...fixtures, ...results].filter((x) => x.kickOffLocal !== null)) expect(formatKickOff(m.kickOff)).toBe(m.kickOffLocal);
  });
  it('puts every real match in the season its data says', () => {
    for (const m of [...fixtures, ...results] as unknown as { kickOff: string; season: string }[]) {
      expect(seasonSlug(seasonOfDate(m.kickOff))).toBe(m.season);
    }
    expect(seasonLabel(seasonOfDate('2026-10-25T00:30:00.000Z'))).toBe('2026/27');
  });
});
