import type { Loader } from 'astro/loaders';
import { seasonLabel } from '../lib/dates';
import { toMatchEntity, seasonSlugOf, type MatchRecord } from '../lib/matchRecords';
import { leagueTableId } from './entryIds';
import { ContentFeedError } from './feedError';
import { asRecords, readJsonFile, storeItems } from './jsonFeedLoader';
import { MATCH_FILES } from './matchFiles';

const FEED = 'embedded';

async function readMatchRecords(collection: string): Promise<MatchRecord[]> {
  const lists = await Promise.all(MATCH_FILES.map(async (file) => asRecords(`${FEED}:${file}`, collection, await readJsonFile(FEED, collection, file))));
  return lists.flat() as unknown as MatchRecord[];
}

async function readClub(collection: string): Promise<{ name: string; homeGround: string }> {
  const [settings] = asRecords(FEED, collection, await readJsonFile(FEED, collection, 'club/platform-settings.json'));
  const name = settings?.clubName;
  const homeGround = settings?.homeGround;
  if (typeof name !== 'string' || typeof homeGround !== 'string') {
    throw new ContentFeedError(FEED, collection, 'platform-settings', 'clubName and homeGround are required to read match data');
  }
  return { name, homeGround };
}

/** Fixtures and results of every team: real first-team data plus demo fixtures of the other teams. */
export function matchesLoader(): Loader {
  return {
    name: 'embedded:matches',
    load: async (context) => {
      const [records, club] = await Promise.all([readMatchRecords(context.collection), readClub(context.collection)]);
      const items = records.map((record) => {
        const data = toMatchEntity(record, club);
        return { id: `${record.teamSlug || 'first-team'}/${String(data.matchID)}`, data };
      });
      await storeItems(context, FEED, items);
    },
  };
}

/** Every season that has matches in the data, e.g. 2023-24 … 2026-27. */
export function seasonsLoader(): Loader {
  return {
    name: 'embedded:seasons',
    load: async (context) => {
      const records = await readMatchRecords(context.collection);
      const slugs = [...new Set(records.map((r) => seasonSlugOf(r.season)))].sort();
      const items = slugs.map((slug) => {
        const startYear = Number(slug.slice(0, 4));
        return { id: slug, data: { slug, label: seasonLabel(startYear), startYear } };
      });
      await storeItems(context, FEED, items);
    },
  };
}

interface LeagueRecord {
  season: string;
  competition: string;
  stage: string | null;
  date: string;
  home: string;
  away: string;
  ftHome: number | null;
  ftAway: number | null;
  status: string;
}

/** The files of the embedded dataset that hold every Championship match (completed seasons, then the season under way). */
export const LEAGUE_MATCH_FILES = ['real/championship-matches.json', 'real/championship-matches-2026-27.json'] as const;

/**
 * League table input per season of the Championship: the clubs (data/real/clubs.json), every
 * played regular-season match (LEAGUE_MATCH_FILES) and points deductions
 * (data/club/deductions.json), for the league table rules.
 */
export function leagueTablesLoader(): Loader {
  return {
    name: 'embedded:league-tables',
    load: async (context) => {
      const c = context.collection;
      const lists = await Promise.all(LEAGUE_MATCH_FILES.map(async (file) => asRecords(`${FEED}:${file}`, c, await readJsonFile(FEED, c, file))));
      const matches = lists.flat() as unknown as LeagueRecord[];
      const clubs = (await readJsonFile(FEED, c, 'real/clubs.json')) as { seasons?: Record<string, string[]> };
      const deductions = asRecords(FEED, c, await readJsonFile(FEED, c, 'club/deductions.json'));
      if (!clubs.seasons) throw new ContentFeedError(FEED, c, 'clubs.json', 'missing "seasons"');
      const items = Object.entries(clubs.seasons).map(([season, clubList]) => {
        const slug = seasonSlugOf(season);
        const data = {
          competition: 'championship',
          season: slug,
          clubs: clubList,
          matches: matches
            .filter((m) => m.season === season && m.status === 'played' && m.ftHome !== null && m.ftAway !== null)
            .map((m) => ({ date: m.date, stage: m.stage, home: m.home, away: m.away, ftHome: m.ftHome, ftAway: m.ftAway })),
          deductions: deductions.filter((d) => d.season === slug).map(({ club, points, reason }) => ({ club, points, reason })),
          source: 'openfootball/football.json (CC0)',
        };
        return { id: leagueTableId(data), data };
      });
      await storeItems(context, FEED, items);
    },
  };
}
