import { getCollection, getEntry } from 'astro:content';
import { leagueTableId } from '../loaders/entryIds';
import { computeLeagueTable, type LeagueTableRow } from '../lib/leagueTable';

/** A computed league table with what it was computed from. */
export interface LeagueTable {
  competition: string;
  season: string;
  rows: LeagueTableRow[];
  deductions: { club: string; points: number; reason: string }[];
  /** Regular-season results counted. */
  resultsCounted: number;
  source: string;
}

/** Seasons (slugs, newest first) for which a Championship table can be computed. */
export async function getLeagueTableSeasons(): Promise<string[]> {
  return (await getCollection('leagueTables'))
    .map((e) => e.data.season)
    .sort()
    .reverse();
}

/** The Championship table of a season (slug '2024-25'), or undefined when the data has none. */
export async function getLeagueTable(season: string, competition = 'championship'): Promise<LeagueTable | undefined> {
  const entry = await getEntry('leagueTables', leagueTableId({ competition, season }));
  if (!entry) return undefined;
  const { clubs, matches, deductions, source } = entry.data;
  const rows = computeLeagueTable(clubs, matches, deductions);
  return { competition, season, rows, deductions, resultsCounted: rows.reduce((n, r) => n + r.played, 0) / 2, source };
}
