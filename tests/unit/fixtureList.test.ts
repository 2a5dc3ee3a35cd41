import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { competitionsIn, fixtureState, groupByMonth, lastResult, nextFixture, type FixtureLike } from '../../src/lib/fixtureList';
import { toMatchEntity, type MatchRecord } from '../../src/lib/matchRecords';
import { formatKickOff, formatMatchDate, seasonLabel, seasonOfDate, seasonSlug } from '../../src/lib/dates';

const club = { name: 'Stoke City', homeGround: 'bet365 Stadium' };
const read = (file: string) => (JSON.parse(readFileSync(path.resolve('data/real', file), 'utf8')) as MatchRecord[]).map((r) => toMatchEntity(r, club) as unknown as FixtureLike & { matchID: string; kickOffLocal: string });
const fixtures = read('stoke-fixtures-2026-27.json');
const results = read('stoke-matches.json');
const f = (kickOff: string, status: FixtureLike['status'] = 'scheduled', competition = 'championship'): FixtureLike => ({ kickOff, status, competition });

describe('fixtureState', () => {
  const now = '2026-11-21T12:00:00.000Z';
  it('tells results, fixtures, fixtures awaiting a result, and postponed or cancelled matches apart', () => {
    expect(fixtureState(f('2025-08-09T14:00:00.000Z', 'played'), now)).toBe('result');
    expect(fixtureState(f('2026-11-28T15:00:00.000Z'), now)).toBe('fixture');
    expect(fixtureState(f('2026-11-21T12:00:00.000Z'), now)).toBe('fixture');
    expect(fixtureState(f('2026-10-24T14:00:00.000Z'), now)).toBe('awaiting-result');
    expect(fixtureState(f('2026-12-01T19:45:00.000Z', 'postponed'), now)).toBe('postponed');
    expect(fixtureState(f('2026-12-01T19:45:00.000Z', 'cancelled'), now)).toBe('cancelled');
  });
});

describe('nextFixture and lastResult on the real data (today 2026-11-21)', () => {
  it('finds Stoke’s next 2026/27 fixture after today and the last 2025/26 result', () => {
    const next = nextFixture([...results, ...fixtures], '2026-11-21T12:00:00.000Z');
    expect((next?.kickOff ?? '') > '2026-11-21T12:00:00.000Z').toBe(true);
    expect(next?.matchID.startsWith('2026-11-2')).toBe(true);
    expect(lastResult([...fixtures, ...results])?.matchID).toBe('2026-05-02-bristol-city');
    expect(nextFixture(results, '2026-11-21T12:00:00.000Z')).toBeUndefined();
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
  it('keeps the 15:00 London kick-offs either side of the October 2026 change', () => {
    const bst = byId('2026-10-24-bristol-city');
    const gmt = byId('2026-10-31-preston-north-end');
    expect([bst.kickOff, formatMatchDate(bst.kickOff), formatKickOff(bst.kickOff)]).toEqual(['2026-10-24T14:00:00.000Z', 'Sat 24 Oct', '15:00']);
    expect([gmt.kickOff, formatMatchDate(gmt.kickOff), formatKickOff(gmt.kickOff)]).toEqual(['2026-10-31T15:00:00.000Z', 'Sat 31 Oct', '15:00']);
  });
  it('and either side of the March 2027 change', () => {
    const gmt = byId('2027-03-20-wrexham');
    const bst = byId('2027-04-03-burnley');
    expect([gmt.kickOff, formatKickOff(gmt.kickOff)]).toEqual(['2027-03-20T12:00:00.000Z', '12:00']);
    expect([bst.kickOff, formatMatchDate(bst.kickOff), formatKickOff(bst.kickOff)]).toEqual(['2027-04-03T12:00:00.000Z', 'Sat 3 Apr', '13:00']);
  });
  it('puts every real match in the season its data says', () => {
    for (const m of [...fixtures, ...results] as unknown as { kickOff: string; season: string }[]) {
      expect(seasonSlug(seasonOfDate(m.kickOff))).toBe(m.season);
    }
    expect(seasonLabel(seasonOfDate('2026-10-25T00:30:00.000Z'))).toBe('2026/27');
  });
});
