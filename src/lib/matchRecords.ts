import { displayClubName, matchIdFor, slugify } from './clubNames';
import { kickOffInstant } from './kickOffTime';

/**
 * One match as the openfootball extraction records it (data/real/README.md "Record schema"),
 * also used by the demo fixtures of the other teams (which add teamSlug, demo, venue).
 */
export interface MatchRecord {
  season: string;
  competition: string;
  competitionId?: string;
  stage: string | null;
  round: string | null;
  date: string;
  time: string | null;
  home: string;
  away: string;
  ftHome: number | null;
  ftAway: number | null;
  htHome: number | null;
  htAway: number | null;
  etHome: number | null;
  etAway: number | null;
  penHome: number | null;
  penAway: number | null;
  status: 'played' | 'scheduled' | 'cancelled' | 'postponed';
  venue: string | null;
  source: string;
  stokeHome?: boolean;
  opponent?: string;
  result?: 'W' | 'D' | 'L' | null;
  teamSlug?: string;
  demo?: boolean;
}

/** Scores of a match; null where not played or unknown. */
export interface MatchScore {
  ftHome: number | null;
  ftAway: number | null;
  htHome: number | null;
  htAway: number | null;
  etHome: number | null;
  etAway: number | null;
  penHome: number | null;
  penAway: number | null;
}

/**
 * W, D or L for the club, decided by the final outcome: penalties, then extra time, then full time.
 * Null when there is no full-time score.
 */
export function matchOutcome(score: MatchScore, isHome: boolean): 'W' | 'D' | 'L' | null {
  const pairs: [number | null, number | null][] = [
    [score.penHome, score.penAway],
    [score.etHome, score.etAway],
    [score.ftHome, score.ftAway],
  ];
  const decided = pairs.find(([h, a]) => h !== null && a !== null);
  if (!decided) return null;
  const [home, away] = decided as [number, number];
  if (home === away) return 'D';
  return home > away === isHome ? 'W' : 'L';
}

/** '2023/24' → '2023-24'; a slug stays as it is. */
export function seasonSlugOf(season: string): string {
  return season.replace('/', '-');
}

/**
 * Normalises a record to the match entity of src/schemas/football.ts: display names, the
 * canonical matchID, kick-off as a UTC instant (source times are UK local; a date-only fixture is
 * ordered as src/lib/kickOffTime says), venue (the club's
 * ground for home matches when the source has none), and the club's outcome.
 */
export function toMatchEntity(record: MatchRecord, club: { name: string; homeGround: string }): Record<string, unknown> {
  const home = displayClubName(record.home);
  const away = displayClubName(record.away);
  const isHome = record.stokeHome ?? home.startsWith(club.name);
  const opponent = displayClubName(record.opponent ?? (isHome ? record.away : record.home));
  const score: MatchScore = {
    ftHome: record.ftHome,
    ftAway: record.ftAway,
    htHome: record.htHome,
    htAway: record.htAway,
    etHome: record.etHome,
    etAway: record.etAway,
    penHome: record.penHome,
    penAway: record.penAway,
  };
  return {
    matchID: matchIdFor(record.date, opponent),
    teamSlug: record.teamSlug ?? '',
    season: seasonSlugOf(record.season),
    competition: record.competitionId ?? slugify(record.competition),
    stage: record.stage,
    round: record.round,
    date: record.date,
    kickOffLocal: record.time,
    kickOff: kickOffInstant(record.date, record.time),
    home,
    away,
    isHome,
    opponent,
    venue: record.venue ?? (isHome && !record.teamSlug ? club.homeGround : null),
    status: record.status,
    score,
    result: record.status === 'played' ? (record.result ?? matchOutcome(score, isHome)) : null,
    source: record.source,
    ...(record.demo ? { demo: true } : {}),
  };
}
