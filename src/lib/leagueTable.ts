/**
 * League table of a season from its results, ranked by EFL Regulation 9 ("Method of Determining
 * League Positions"): 1. points (3 a win, 1 a draw, minus deductions); 2. goal difference; 3. goals
 * scored; 4. among clubs still level, points in the matches between them; 5. then away goals in
 * those; 6. clubs still level share the position, listed alphabetically (English locale).
 * Only regular-season results with a full-time score count. Club names are used verbatim; points
 * may go below zero through deductions.
 * Errors: RangeError when a result or deduction names a club not in `clubs`, a club is listed
 * twice, or goals or deducted points are not whole numbers >= 0.
 */

/** One league result: full-time score only (league matches have no extra time). */
export interface LeagueResult {
  /** ISO date 'YYYY-MM-DD' (orders the form guide). */
  date: string;
  /** 'Regular season', 'Play-offs' or null. */
  stage: string | null;
  home: string;
  away: string;
  ftHome: number;
  ftAway: number;
}

/** Points taken off a club by the league, with the reason and its source. */
export interface PointsDeduction {
  club: string;
  points: number;
  reason: string;
}

export type FormLetter = 'W' | 'D' | 'L';

/** One row of a computed league table. */
export interface LeagueTableRow {
  /** 1-based position. */
  position: number;
  club: string;
  played: number;
  won: number;
  drawn: number;
  lost: number;
  goalsFor: number;
  goalsAgainst: number;
  goalDifference: number;
  /** Points after deductions. */
  points: number;
  /** Points deducted (0 when none). */
  deducted: number;
  /** The last five results, oldest first (fewer early in a season). */
  form: FormLetter[];
}

/** The stage label of regular-season league matches in the data. */
export const REGULAR_SEASON_STAGE = 'Regular season';
/** Points for a win and a draw. */
export const POINTS_FOR_WIN = 3;
export const POINTS_FOR_DRAW = 1;
/** Length of the form guide. */
export const FORM_LENGTH = 5;

/** Whether a result counts towards the league table: regular season only, never play-offs. */
export function countsForTable(stage: string | null): boolean {
  return stage === null || stage === REGULAR_SEASON_STAGE;
}

interface Tally {
  club: string;
  won: number;
  drawn: number;
  lost: number;
  goalsFor: number;
  goalsAgainst: number;
  results: { date: string; letter: FormLetter }[];
}

function checkCount(value: number, what: string): void {
  if (!Number.isInteger(value) || value < 0) throw new RangeError(`League table: ${what} must be a whole number >= 0, got ${value}`);
}

function letter(own: number, other: number): FormLetter {
  return own > other ? 'W' : own === other ? 'D' : 'L';
}

const byName = new Intl.Collator('en-GB');

/**
 * Ranks `clubs` from `results` and `deductions` by the EFL rules above. Every listed club gets a
 * row, even with no results (all zeros, ranked alphabetically among equals).
 */
export function computeLeagueTable(clubs: readonly string[], results: readonly LeagueResult[], deductions: readonly PointsDeduction[] = []): LeagueTableRow[] {
  const tallies = new Map<string, Tally>();
  for (const club of clubs) {
    if (tallies.has(club)) throw new RangeError(`League table: club "${club}" is listed twice`);
    tallies.set(club, { club, won: 0, drawn: 0, lost: 0, goalsFor: 0, goalsAgainst: 0, results: [] });
  }
  const tallyOf = (club: string): Tally => {
    const tally = tallies.get(club);
    if (!tally) throw new RangeError(`League table: "${club}" is not a club of this league`);
    return tally;
  };
  const counted = results.filter((r) => countsForTable(r.stage));
  for (const r of counted) {
    checkCount(r.ftHome, `${r.home} v ${r.away} home goals`);
    checkCount(r.ftAway, `${r.home} v ${r.away} away goals`);
    const sides: [Tally, number, number][] = [
      [tallyOf(r.home), r.ftHome, r.ftAway],
      [tallyOf(r.away), r.ftAway, r.ftHome],
    ];
    for (const [tally, own, other] of sides) {
      const l = letter(own, other);
      tally.goalsFor += own;
      tally.goalsAgainst += other;
      if (l === 'W') tally.won += 1;
      else if (l === 'D') tally.drawn += 1;
      else tally.lost += 1;
      tally.results.push({ date: r.date, letter: l });
    }
  }
  const deducted = new Map<string, number>();
  for (const d of deductions) {
    tallyOf(d.club);
    checkCount(d.points, `points deducted from ${d.club}`);
    deducted.set(d.club, (deducted.get(d.club) ?? 0) + d.points);
  }

  const rows = [...tallies.values()].map((t) => {
    const minus = deducted.get(t.club) ?? 0;
    const form = [...t.results]
      .sort((a, b) => a.date.localeCompare(b.date))
      .slice(-FORM_LENGTH)
      .map((x) => x.letter);
    return {
      position: 0,
      club: t.club,
      played: t.won + t.drawn + t.lost,
      won: t.won,
      drawn: t.drawn,
      lost: t.lost,
      goalsFor: t.goalsFor,
      goalsAgainst: t.goalsAgainst,
      goalDifference: t.goalsFor - t.goalsAgainst,
      points: t.won * POINTS_FOR_WIN + t.drawn * POINTS_FOR_DRAW - minus,
      deducted: minus,
      form,
    } satisfies LeagueTableRow;
  });

  const overall = (a: LeagueTableRow, b: LeagueTableRow) => b.points - a.points || b.goalDifference - a.goalDifference || b.goalsFor - a.goalsFor;
  rows.sort((a, b) => overall(a, b) || byName.compare(a.club, b.club));

  // Break the remaining ties with the matches between the clubs still level.
  const ranked: LeagueTableRow[] = [];
  for (let i = 0; i < rows.length;) {
    let j = i + 1;
    while (j < rows.length && overall(rows[i]!, rows[j]!) === 0) j += 1;
    const group = rows.slice(i, j);
    ranked.push(...(group.length > 1 ? breakTie(group, counted) : group));
    i = j;
  }
  return ranked.map((row, index) => ({ ...row, position: index + 1 }));
}

/** Orders clubs level on points, goal difference and goals scored (steps 4 to 6 above). */
function breakTie(group: LeagueTableRow[], results: readonly LeagueResult[]): LeagueTableRow[] {
  const names = new Set(group.map((r) => r.club));
  const mini = new Map(group.map((r) => [r.club, { points: 0, awayGoals: 0 }]));
  for (const r of results) {
    if (!names.has(r.home) || !names.has(r.away)) continue;
    const home = mini.get(r.home)!;
    const away = mini.get(r.away)!;
    home.points += r.ftHome > r.ftAway ? POINTS_FOR_WIN : r.ftHome === r.ftAway ? POINTS_FOR_DRAW : 0;
    away.points += r.ftAway > r.ftHome ? POINTS_FOR_WIN : r.ftHome === r.ftAway ? POINTS_FOR_DRAW : 0;
    away.awayGoals += r.ftAway;
  }
  return [...group].sort((a, b) => {
    const x = mini.get(a.club)!;
    const y = mini.get(b.club)!;
    return y.points - x.points || y.awayGoals - x.awayGoals || byName.compare(a.club, b.club);
  });
}

/**
 * The rows of a compact table: `size` consecutive rows with the club's row as near the middle as
 * the table allows (the whole table when it is shorter; the top rows when the club is absent).
 * Throws RangeError unless `size` is a whole number >= 1.
 */
export function tableWindow(rows: readonly LeagueTableRow[], isClub: (row: LeagueTableRow) => boolean, size: number): LeagueTableRow[] {
  if (!Number.isInteger(size) || size < 1) throw new RangeError(`tableWindow: size must be a whole number >= 1, got ${size}`);
  const index = rows.findIndex(isClub);
  if (index < 0) return rows.slice(0, size);
  const start = Math.max(0, Math.min(index - Math.floor(size / 2), rows.length - size));
  return rows.slice(start, start + size);
}

/** Where a position sits in the Championship: promotion, play-offs, relegation or none. */
export type TableZone = 'promotion' | 'play-offs' | 'relegation' | null;

/**
 * The zone of a position in a 24-club Championship table: 1st and 2nd promoted, 3rd to 6th in
 * the play-offs, the bottom three relegated (EFL Regulation 10). Positions are 1-based; a table
 * of another size has the same top zones and its own bottom three. Throws RangeError for a
 * position outside 1..clubCount.
 */
export function championshipZone(position: number, clubCount = 24): TableZone {
  if (!Number.isInteger(position) || position < 1 || position > clubCount)
    throw new RangeError(`championshipZone: position ${position} is not in 1..${clubCount}`);
  if (position <= 2) return 'promotion';
  if (position <= 6) return 'play-offs';
  if (position > clubCount - 3) return 'relegation';
  return null;
}
