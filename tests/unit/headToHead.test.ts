import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { headToHead, type MeetingLike } from '../../src/lib/headToHead';
import { toMatchEntity, type MatchRecord } from '../../src/lib/matchRecords';

const club = { name: 'Stoke City', homeGround: 'bet365 Stadium' };
const real = (JSON.parse(readFileSync(path.resolve('data/real/stoke-matches.json'), 'utf8')) as MatchRecord[]).map(
  (r) => toMatchEntity(r, club) as unknown as MeetingLike & { matchID: string },
);
const none = { ftHome: null, ftAway: null, htHome: null, htAway: null, etHome: null, etAway: null, penHome: null, penAway: null };
const m = (
  opponent: string,
  isHome: boolean,
  ftHome: number,
  ftAway: number,
  result: 'W' | 'D' | 'L',
  kickOff: string,
  extra: Partial<MeetingLike['score']> = {},
): MeetingLike => ({
  opponent,
  isHome,
  kickOff,
  result,
  status: 'played',
  score: { ...none, ftHome, ftAway, ...extra },
});

describe('headToHead', () => {
  it('counts wins, draws, losses and goals from the club’s side, newest meeting first', () => {
    const record = headToHead(
      [
        m('Leeds United', true, 1, 0, 'W', '2023-10-21T14:00:00Z'),
        m('Leeds United', false, 6, 0, 'L', '2025-04-12T14:00:00Z'),
        m('Hull City', true, 2, 2, 'D', '2024-01-01T15:00:00Z'),
      ],
      'Leeds United',
    );
    expect(record).toMatchObject({ played: 2, won: 1, drawn: 0, lost: 1, goalsFor: 1, goalsAgainst: 6 });
    expect(record.meetings.map((x) => x.kickOff)).toEqual(['2025-04-12T14:00:00Z', '2023-10-21T14:00:00Z']);
  });

  it('uses the score after extra time and the final outcome (a shoot-out defeat is a defeat)', () => {
    const cardiff = m('Cardiff City', true, 3, 3, 'L', '2025-02-08T15:00:00Z', { etHome: 3, etAway: 3, penHome: 2, penAway: 4 });
    expect(headToHead([cardiff], 'Cardiff City')).toMatchObject({ played: 1, lost: 1, drawn: 0, goalsFor: 3, goalsAgainst: 3 });
  });

  it('ignores fixtures and unknown scores', () => {
    const fixture: MeetingLike = { ...m('Swansea City', true, 0, 0, 'D', '2026-08-15T14:00:00Z'), status: 'scheduled', result: null, score: none };
    expect(headToHead([fixture], 'Swansea City').played).toBe(0);
  });

  it('gives Stoke’s record against Leeds United in the real data (league and cups, 2023/24–2025/26)', () => {
    const record = headToHead(real, 'Leeds United');
    // 2023/24: 1-0 (H), 0-1 (A); 2024/25: 0-2 (H), 0-6 (A).
    expect(record).toMatchObject({ played: 4, won: 1, drawn: 0, lost: 3, goalsFor: 1, goalsAgainst: 9 });
    expect(record.meetings.map((x) => x.matchID)).toEqual([
      '2025-04-21-leeds-united',
      '2024-12-26-leeds-united',
      '2024-03-05-leeds-united',
      '2023-10-25-leeds-united',
    ]);
  });
});
