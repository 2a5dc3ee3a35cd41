/**
 * The league tables loader (src/loaders/footballLoaders.ts) on the embedded dataset: every season
 * of data/real/clubs.json gets its played regular-season matches, the season in progress
 * included (data/real/championship-matches-2026-27.json), so its table counts the games played so
 * far. Runs on a small fake loader context; expected figures come from the data files.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { LoaderContext } from 'astro/loaders';
import { describe, expect, it } from 'vitest';
import { leagueTablesLoader } from '../../src/loaders/footballLoaders';
import { computeLeagueTable, type LeagueResult } from '../../src/lib/leagueTable';

interface TableInput {
  season: string;
  clubs: string[];
  matches: LeagueResult[];
}
interface SourceMatch {
  season: string;
  status: string;
  home: string;
  away: string;
}

async function loadTables(): Promise<Map<string, TableInput>> {
  const entries = new Map<string, TableInput>();
  const context = {
    collection: 'leagueTables',
    store: {
      clear: () => entries.clear(),
      set: (e: { id: string; data: TableInput }) => (entries.set(e.data.season, e.data), true),
    },
    parseData: async ({ data }: { data: unknown }) => data,
    generateDigest: () => 'digest',
    logger: { info: () => undefined, warn: () => undefined },
  } as unknown as LoaderContext;
  await leagueTablesLoader().load(context);
  return entries;
}

describe('leagueTablesLoader', () => {
  it('gives the season in progress its played matches, so its table counts the games so far', async () => {
    const source = JSON.parse(readFileSync(path.resolve('data/real/championship-matches-2026-27.json'), 'utf8')) as SourceMatch[];
    const played = source.filter((m) => m.status === 'played');
    const season = played[0]!.season.replace('/', '-');
    const input = (await loadTables()).get(season)!;
    expect(played.length).toBeGreaterThan(0);
    expect(input.matches).toHaveLength(played.length);
    const table = computeLeagueTable(input.clubs, input.matches);
    expect(table).toHaveLength(input.clubs.length);
    for (const row of table) expect(row.played).toBe(played.filter((m) => m.home === row.club || m.away === row.club).length);
  });

  it('keeps every completed season whole (46 games a club)', async () => {
    const tables = await loadTables();
    for (const season of ['2023-24', '2024-25', '2025-26']) {
      const input = tables.get(season)!;
      for (const row of computeLeagueTable(
        input.clubs,
        input.matches.filter((m) => m.stage === 'Regular season'),
      ))
        expect(row.played).toBe(46);
    }
  });
});
