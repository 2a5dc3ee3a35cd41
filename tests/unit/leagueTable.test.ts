import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { championshipZone, computeLeagueTable, countsForTable, tableWindow, type LeagueResult, type PointsDeduction } from '../../src/lib/leagueTable';

const data = (file: string): unknown => JSON.parse(readFileSync(path.resolve('data', file), 'utf8'));
const official = JSON.parse(readFileSync(path.resolve('tests/fixtures/championship-final-tables.json'), 'utf8')) as {
  seasons: Record<string, [number, string, number][]>;
};

interface SourceMatch extends Omit<LeagueResult, 'ftHome' | 'ftAway'> {
  season: string;
  status: string;
  ftHome: number | null;
  ftAway: number | null;
}
const matches = data('real/championship-matches.json') as SourceMatch[];
const clubs = (data('real/clubs.json') as { seasons: Record<string, string[]> }).seasons;
const deductions = data('club/deductions.json') as (PointsDeduction & { season: string })[];

/** The table of a season from the embedded data, as the site computes it. */
function tableOf(slug: string) {
  const label = slug.replace('-', '/');
  const results = matches
    .filter((m) => m.season === label && m.status === 'played' && m.ftHome !== null && m.ftAway !== null)
    .map((m) => ({ date: m.date, stage: m.stage, home: m.home, away: m.away, ftHome: m.ftHome!, ftAway: m.ftAway! }));
  return computeLeagueTable(
    clubs[label]!,
    results,
    deductions.filter((d) => d.season === slug),
  );
}

describe('computeLeagueTable on the real data reproduces the official final tables', () => {
  for (const season of ['2023-24', '2024-25']) {
    it(`${season}: all 24 positions and points`, () => {
      const table = tableOf(season);
      expect(table.map((r) => [r.position, r.club, r.points])).toEqual(official.seasons[season]);
      for (const row of table) expect(row.played).toBe(46);
    });
  }

  it('Stoke City: 17th on 56 points in 2023/24, then 18th on 51 in 2024/25', () => {
    expect(tableOf('2023-24').find((r) => r.club === 'Stoke City FC')).toMatchObject({
      position: 17,
      points: 56,
      won: 15,
      drawn: 11,
      lost: 20,
      goalsFor: 49,
      goalsAgainst: 60,
    });
    expect(tableOf('2024-25').find((r) => r.club === 'Stoke City FC')).toMatchObject({ position: 18, points: 51, won: 12, drawn: 15, lost: 19 });
  });

  it('applies Sheffield United’s two-point deduction in 2024/25 (92 won, 90 official)', () => {
    expect(tableOf('2024-25').find((r) => r.club === 'Sheffield United FC')).toMatchObject({ points: 90, deducted: 2, position: 3 });
  });

  it('2025/26 with Leicester (-6) and Sheffield Wednesday (-12, -6): the bottom three are the clubs relegated from the 2026/27 list', () => {
    const table = tableOf('2025-26');
    const leavers = new Set(clubs['2025/26']!.filter((c) => !clubs['2026/27']!.includes(c)));
    const bottom = table.slice(-3).map((r) => r.club);
    expect(bottom).toEqual(['Oxford United FC', 'Leicester City FC', 'Sheffield Wednesday FC']);
    for (const club of [...bottom, ...table.slice(0, 2).map((r) => r.club)]) expect(leavers.has(club)).toBe(true);
    expect(table.find((r) => r.club === 'Leicester City FC')).toMatchObject({ points: 46, deducted: 6 });
    expect(table.find((r) => r.club === 'Sheffield Wednesday FC')).toMatchObject({ points: 0, deducted: 18, position: 24 });
    expect(table.find((r) => r.club === 'Blackburn Rovers FC')!.position).toBeLessThan(22);
    expect(table.find((r) => r.club === 'Stoke City FC')).toMatchObject({ position: 17, points: 55 });
  });

  it('ignores the play-offs (5 per season in the data)', () => {
    const playOffs = matches.filter((m) => m.season === '2024/25' && m.stage === 'Play-offs');
    expect(playOffs).toHaveLength(5);
    expect(tableOf('2024-25').find((r) => r.club === 'Sunderland AFC')!.played).toBe(46);
  });

  it('gives the last five results as form, oldest first', () => {
    expect(tableOf('2023-24').find((r) => r.club === 'Stoke City FC')!.form).toHaveLength(5);
  });
});

describe('computeLeagueTable rules', () => {
  const r = (home: string, away: string, ftHome: number, ftAway: number, date = '2025-08-09', stage: string | null = 'Regular season'): LeagueResult => ({
    date,
    stage,
    home,
    away,
    ftHome,
    ftAway,
  });

  it('ranks by points, then goal difference, then goals scored', () => {
    const table = computeLeagueTable(['A', 'B', 'C', 'D'], [r('A', 'B', 1, 0), r('C', 'D', 3, 2), r('A', 'C', 0, 0), r('B', 'D', 2, 2)]);
    expect(table.map((x) => [x.position, x.club, x.points, x.goalDifference, x.goalsFor])).toEqual([
      [1, 'C', 4, 1, 3],
      [2, 'A', 4, 1, 1],
      [3, 'D', 1, -1, 4],
      [4, 'B', 1, -1, 2],
    ]);
  });

  it('puts the head-to-head winner first among clubs level on points, goal difference and goals scored', () => {
    // W and L both finish on 4 points, GD 0, 4 scored; W took 4 points from their meetings, L 1.
    const results = [r('W', 'L', 2, 1), r('L', 'S', 2, 1, '2025-08-10'), r('S', 'W', 2, 1, '2025-08-11'), r('L', 'W', 1, 1, '2025-08-12')];
    const table = computeLeagueTable(['L', 'S', 'W'], results);
    const w = table.find((x) => x.club === 'W')!;
    const l = table.find((x) => x.club === 'L')!;
    expect([w.points, w.goalDifference, w.goalsFor]).toEqual([l.points, l.goalDifference, l.goalsFor]);
    expect(table.map((x) => x.club)).toEqual(['W', 'L', 'S']);
  });

  it('then uses away goals scored in the meetings', () => {
    // A 2-2 B and B 0-0 A: level on head-to-head points; B scored 2 away, A none → B first.
    const table = computeLeagueTable(['A', 'B'], [r('A', 'B', 2, 2), r('B', 'A', 0, 0, '2025-09-01')]);
    expect(table.map((x) => x.club)).toEqual(['B', 'A']);
  });

  it('lists clubs level on everything alphabetically', () => {
    const table = computeLeagueTable(['B', 'A'], [r('A', 'B', 1, 1), r('B', 'A', 1, 1, '2025-09-01')]);
    expect(table.map((x) => [x.position, x.club])).toEqual([
      [1, 'A'],
      [2, 'B'],
    ]);
    expect(computeLeagueTable(['Stoke City FC', 'Burnley FC'], []).map((x) => x.club)).toEqual(['Burnley FC', 'Stoke City FC']);
  });

  it('takes deductions off points, summing several for one club', () => {
    const table = computeLeagueTable(
      ['A', 'B'],
      [r('A', 'B', 1, 0)],
      [
        { club: 'A', points: 2, reason: 'x' },
        { club: 'A', points: 2, reason: 'y' },
      ],
    );
    expect(table.map((x) => [x.club, x.points, x.deducted])).toEqual([
      ['B', 0, 0],
      ['A', -1, 4],
    ]);
  });

  it('counts only the regular season', () => {
    expect(countsForTable('Regular season')).toBe(true);
    expect(countsForTable(null)).toBe(true);
    expect(countsForTable('Play-offs')).toBe(false);
    const table = computeLeagueTable(['A', 'B'], [r('A', 'B', 1, 0, '2025-05-10', 'Play-offs')]);
    expect(table.every((x) => x.played === 0)).toBe(true);
  });

  it('fails on unknown clubs, repeated clubs and bad numbers', () => {
    expect(() => computeLeagueTable(['A'], [r('A', 'B', 1, 0)])).toThrow(RangeError);
    expect(() => computeLeagueTable(['A', 'A'], [])).toThrow(RangeError);
    expect(() => computeLeagueTable(['A', 'B'], [r('A', 'B', -1, 0)])).toThrow(RangeError);
    expect(() => computeLeagueTable(['A', 'B'], [], [{ club: 'C', points: 1, reason: '' }])).toThrow(RangeError);
  });
});

describe('tableWindow', () => {
  const rows = computeLeagueTable(['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H'], []);
  it('centres the club where it can and stays inside the table', () => {
    expect(tableWindow(rows, (x) => x.club === 'E', 3).map((x) => x.club)).toEqual(['D', 'E', 'F']);
    expect(tableWindow(rows, (x) => x.club === 'A', 3).map((x) => x.club)).toEqual(['A', 'B', 'C']);
    expect(tableWindow(rows, (x) => x.club === 'H', 3).map((x) => x.club)).toEqual(['F', 'G', 'H']);
    expect(tableWindow(rows, () => false, 2).map((x) => x.club)).toEqual(['A', 'B']);
    expect(() => tableWindow(rows, () => true, 0)).toThrow(RangeError);
  });
});

describe('championshipZone (EFL Regulation 10: two up, 3rd-6th play-offs, three down)', () => {
  it('marks the zones of a 24-club table', () => {
    expect([1, 2, 3, 6, 7, 21, 22, 24].map((p) => championshipZone(p))).toEqual([
      'promotion',
      'promotion',
      'play-offs',
      'play-offs',
      null,
      null,
      'relegation',
      'relegation',
    ]);
    expect(() => championshipZone(25)).toThrow(RangeError);
  });
});
