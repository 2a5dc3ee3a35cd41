/**
 * Pre-season mode (spec §4 "Pre-season": on for season 2025-26, a message that fixtures are
 * coming soon) — by the platform settings' flag, and by the site's clock between seasons
 * (the embedded dataset is as of 24 May 2026, after 2025/26 and before 2026/27).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { inPreseason, PRESEASON_DEFAULT_MESSAGE, preseasonAt, preseasonMessage, preseasonSeasonAt, type SeasonMatch } from '../../src/lib/preseason';
import { toMatchEntity, type MatchRecord } from '../../src/lib/matchRecords';

const club = { name: 'Stoke City', homeGround: 'bet365 Stadium' };
const read = (file: string): SeasonMatch[] =>
  (JSON.parse(readFileSync(path.resolve('data/real', file), 'utf8')) as MatchRecord[]).map((r) => toMatchEntity(r, club) as unknown as SeasonMatch);
const firstTeam = [...read('stoke-matches.json'), ...read('stoke-fixtures-2026-27.json')];
const m = (season: string, kickOff: string): SeasonMatch => ({ season, kickOff });
const off = { display: false, seasonSlug: '2026-27', message: 'Fixtures for the 2026/27 season are coming soon.' };

describe('preseasonSeasonAt: the club is between seasons at the clock', () => {
  it('after the last 2025/26 match and before the first 2026/27 one: pre-season for 2026-27', () => {
    expect(preseasonSeasonAt(firstTeam, '2026-05-24T08:00:00.000Z')).toBe('2026-27');
    expect(preseasonSeasonAt(firstTeam, '2026-08-15T13:59:59.000Z')).toBe('2026-27');
  });
  it('is off while a season is under way, from its first kick-off to its last', () => {
    expect(preseasonSeasonAt(firstTeam, '2026-08-15T14:00:00.000Z')).toBeNull();
    expect(preseasonSeasonAt(firstTeam, '2025-12-01T00:00:00.000Z')).toBeNull();
    expect(preseasonSeasonAt(firstTeam, '2026-05-02T11:29:00.000Z')).toBeNull();
  });
  it('the summer of 2025: pre-season for 2025-26 (the spec’s example)', () => {
    expect(preseasonSeasonAt(firstTeam, '2025-07-01T12:00:00.000Z')).toBe('2025-26');
  });
  it('names the next season even when the data has none of its fixtures yet', () => {
    expect(preseasonSeasonAt([m('2025-26', '2025-08-09T14:00:00.000Z'), m('2025-26', '2026-05-02T11:30:00.000Z')], '2026-06-01T00:00:00.000Z')).toBe('2026-27');
  });
  it('before any season: the first season in the data; no matches: off', () => {
    expect(preseasonSeasonAt(firstTeam, '2023-07-01T00:00:00.000Z')).toBe('2023-24');
    expect(preseasonSeasonAt([], '2026-05-24T08:00:00.000Z')).toBeNull();
  });
});

describe('preseasonAt: the settings’ flag, else the clock', () => {
  it('between seasons, with the settings’ message when it is written for that season', () => {
    expect(preseasonAt(off, firstTeam, '2026-05-24T08:00:00.000Z')).toEqual({
      seasonSlug: '2026-27',
      message: 'Fixtures for the 2026/27 season are coming soon.',
    });
    expect(preseasonAt({ ...off, seasonSlug: '2025-26' }, firstTeam, '2026-05-24T08:00:00.000Z')).toEqual({
      seasonSlug: '2026-27',
      message: PRESEASON_DEFAULT_MESSAGE,
    });
    expect(preseasonAt({ ...off, message: ' ' }, firstTeam, '2026-05-24T08:00:00.000Z')?.message).toBe(PRESEASON_DEFAULT_MESSAGE);
  });
  it('off during a season unless the flag is on, which names its season (spec §4: 2025-26)', () => {
    expect(preseasonAt(off, firstTeam, '2025-12-01T00:00:00.000Z')).toBeNull();
    const on = { display: true, seasonSlug: '2025-26', message: 'Fixtures for the 2025/26 season are coming soon.' };
    expect(preseasonAt(on, firstTeam, '2025-12-01T00:00:00.000Z')).toEqual({
      seasonSlug: '2025-26',
      message: 'Fixtures for the 2025/26 season are coming soon.',
    });
  });
});

describe('preseasonMessage and inPreseason', () => {
  const preseason = { seasonSlug: '2026-27', message: 'Fixtures for the 2026/27 season are coming soon.' };
  it('the message shows on the fixtures list of the season in pre-season only', () => {
    expect(preseasonMessage(preseason, '2026-27')).toBe('Fixtures for the 2026/27 season are coming soon.');
    expect(preseasonMessage(preseason, '2025-26')).toBeNull();
    expect(preseasonMessage(null, '2026-27')).toBeNull();
  });
  it('the season’s matches are not out yet; other seasons’ are', () => {
    expect(inPreseason(preseason, { season: '2026-27' })).toBe(true);
    expect(inPreseason(preseason, { season: '2025-26' })).toBe(false);
    expect(inPreseason(null, { season: '2026-27' })).toBe(false);
  });
});
