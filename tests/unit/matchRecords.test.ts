import { describe, expect, it } from 'vitest';
import { matchOutcome, toMatchEntity, type MatchRecord } from '../../src/lib/matchRecords';

const club = { name: 'Stoke City', homeGround: 'bet365 Stadium' };
const base: MatchRecord = {
  season: '2023/24',
  competition: 'Championship',
  stage: 'Regular season',
  round: 'Matchday 1',
  date: '2023-08-05',
  time: '15:00',
  home: 'Stoke City FC',
  away: 'Rotherham United FC',
  ftHome: 4,
  ftAway: 1,
  htHome: 3,
  htAway: 0,
  etHome: null,
  etAway: null,
  penHome: null,
  penAway: null,
  status: 'played',
  venue: null,
  source: 'openfootball/football.json:2023-24/en.2.json',
};
const none = { ftHome: null, ftAway: null, htHome: null, htAway: null, etHome: null, etAway: null, penHome: null, penAway: null };

describe('matchOutcome', () => {
  it('decides by full time, then extra time, then penalties', () => {
    expect(matchOutcome({ ...none, ftHome: 4, ftAway: 1 }, true)).toBe('W');
    expect(matchOutcome({ ...none, ftHome: 4, ftAway: 1 }, false)).toBe('L');
    expect(matchOutcome({ ...none, ftHome: 1, ftAway: 1 }, true)).toBe('D');
    expect(matchOutcome({ ...none, ftHome: 1, ftAway: 1, etHome: 1, etAway: 2 }, true)).toBe('L');
    expect(matchOutcome({ ...none, ftHome: 1, ftAway: 1, etHome: 1, etAway: 1, penHome: 2, penAway: 4 }, false)).toBe('W');
    expect(matchOutcome(none, true)).toBeNull();
  });
});

describe('toMatchEntity', () => {
  it('normalises the real Stoke 4-1 Rotherham record', () => {
    const m = toMatchEntity(base, club);
    expect(m).toMatchObject({
      matchID: '2023-08-05-rotherham-united',
      teamSlug: '',
      season: '2023-24',
      competition: 'championship',
      home: 'Stoke City',
      away: 'Rotherham United',
      isHome: true,
      opponent: 'Rotherham United',
      venue: 'bet365 Stadium',
      result: 'W',
      kickOff: '2023-08-05T14:00:00.000Z',
      kickOffLocal: '15:00',
    });
  });
  it('reads cup names without FC and away venues as unknown', () => {
    const m = toMatchEntity({ ...base, competition: 'EFL Cup', home: 'Rotherham United', away: 'Stoke City', ftHome: 0, ftAway: 2, stokeHome: false }, club);
    expect(m).toMatchObject({ competition: 'efl-cup', isHome: false, opponent: 'Rotherham United', venue: null, result: 'W' });
  });
  it('leaves fixtures without a result and puts winter kick-offs on GMT', () => {
    const m = toMatchEntity(
      { ...base, season: '2026/27', date: '2026-12-26', status: 'scheduled', ftHome: null, ftAway: null, htHome: null, htAway: null },
      club,
    );
    expect(m.result).toBeNull();
    expect(m.kickOff).toBe('2026-12-26T15:00:00.000Z');
  });
});
