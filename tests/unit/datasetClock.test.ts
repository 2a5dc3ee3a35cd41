/**
 * The embedded dataset's one clock: data/club/dataset.json `asOf` is consistent with
 * the data — it follows the newest real result, every match that kicked off by then has its
 * result, and nothing is published after it (news, videos) — so no played match reads 'Result to
 * follow' beside news that previews later games. A season is under way at it: not pre-season, and
 * its next fixture is still to come.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { toMatchEntity, type MatchRecord } from '../../src/lib/matchRecords';
import { fixtureState, lastResult, nextFixture, type FixtureLike } from '../../src/lib/fixtureList';
import { preseasonSeasonAt } from '../../src/lib/preseason';

const root = path.resolve('data');
const json = <T>(file: string): T => JSON.parse(readFileSync(path.join(root, file), 'utf8')) as T;
const club = { name: 'Stoke City', homeGround: 'bet365 Stadium' };
const dataset = json<{ asOf: string }>('club/dataset.json');
const asOf = new Date(dataset.asOf).toISOString();
const entities = (file: string) =>
  json<MatchRecord[]>(file).map((r) => toMatchEntity(r, club) as unknown as FixtureLike & { matchID: string; season: string; kickOffLocal: string | null });
const firstTeam = [...entities('real/stoke-matches.json'), ...entities('real/stoke-fixtures-2026-27.json')];
const demoMatches = entities('demo/matches.json');

describe('data/club/dataset.json asOf', () => {
  const championship = [...entities('real/championship-matches.json'), ...entities('real/championship-matches-2026-27.json')];
  const newest = championship
    .filter((m) => m.status === 'played')
    .map((m) => m.kickOff)
    .sort()
    .at(-1)!;

  it('is an instant just after the newest real result: after it, and before the next real kick-off', () => {
    const next = championship
      .filter((m) => m.status !== 'played')
      .map((m) => m.kickOff)
      .sort()
      .find((k) => k > newest)!;
    expect(asOf > newest).toBe(true);
    expect(asOf < next).toBe(true);
    expect(Date.parse(asOf) - Date.parse(newest)).toBeLessThan(24 * 60 * 60 * 1000);
  });

  it('leaves no match that kicked off by then without its result', () => {
    const awaiting = [...firstTeam, ...demoMatches].filter((m) => fixtureState(m, asOf) === 'awaiting-result').map((m) => m.matchID);
    expect(awaiting).toEqual([]);
  });

  it('publishes no news article or video after it', () => {
    const dir = path.join(root, 'demo/news');
    const late = readdirSync(dir)
      .map((f) => /^published_date:\s*"?([^"\n]+)"?$/m.exec(readFileSync(path.join(dir, f), 'utf8'))?.[1] ?? '')
      .filter((published) => !(Date.parse(published) <= Date.parse(asOf)));
    expect(late).toEqual([]);
    const videos = json<{ publicationData: { createdAt: string } }[]>('demo/videos.json');
    expect(videos.filter((v) => Date.parse(v.publicationData.createdAt) > Date.parse(asOf))).toEqual([]);
  });

  it('falls in a season under way: not pre-season, a result behind it and a fixture ahead (spec §4)', () => {
    expect(preseasonSeasonAt(firstTeam, asOf)).toBeNull();
    const last = lastResult(firstTeam, asOf)!;
    const next = nextFixture(firstTeam, asOf)!;
    expect(last.season).toBe(next.season);
    expect(next.kickOffLocal).not.toBeNull();
  });

  it('is in the season the platform settings call current', () => {
    const settings = json<{ currentSeasonSlug: string }>('club/platform-settings.json');
    expect(nextFixture(firstTeam, asOf)!.season).toBe(settings.currentSeasonSlug);
  });
});
