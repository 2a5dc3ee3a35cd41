import { describe, expect, it } from 'vitest';
import { foldLiveMatch, isMatchLive, liveClockLabel, type LiveEvent } from '../../src/lib/liveMatch';

const events: LiveEvent[] = [
  { id: 'e1', sequence: 1, type: 'lineups', minute: 0, lineups: { home: ['A'], away: ['B'] } },
  { id: 'e2', sequence: 2, type: 'kick_off', minute: 0 },
  { id: 'e3', sequence: 3, type: 'goal', minute: 16, side: 'home', player: 'Okonjo' },
  { id: 'e4', sequence: 4, type: 'yellow_card', minute: 26, side: 'away', player: 'Smith' },
  { id: 'e5', sequence: 5, type: 'half_time', minute: 45, addedMinute: 2 },
  { id: 'e6', sequence: 6, type: 'second_half', minute: 46 },
  { id: 'e7', sequence: 7, type: 'goal', minute: 67, side: 'away', player: 'Jones', detail: 'own goal' },
  { id: 'e8', sequence: 8, type: 'clock', minute: 70 },
];

describe('foldLiveMatch', () => {
  it('gives phase, minute, score, timeline and line-ups', () => {
    const state = foldLiveMatch('m', events);
    expect(state).toMatchObject({ phase: 'second_half', minute: 70, score: { home: 1, away: 1 }, lineups: { home: ['A'], away: ['B'] }, sequence: 8 });
    expect(state.events.map((e) => e.id)).toEqual(['e3', 'e4', 'e7']);
    expect(isMatchLive(state)).toBe(true);
    expect(liveClockLabel(state)).toBe('70′');
  });

  it('is the same whatever order the events arrive in, and counts a repeated event once', () => {
    const shuffled = [events[6]!, events[2]!, events[0]!, events[7]!, events[2]!, events[1]!, events[5]!, events[3]!, events[4]!, events[6]!];
    expect(foldLiveMatch('m', shuffled)).toEqual(foldLiveMatch('m', events));
  });

  it('stays at full time whatever comes after it', () => {
    const state = foldLiveMatch('m', [
      ...events,
      { id: 'e9', sequence: 9, type: 'full_time', minute: 90, addedMinute: 4 },
      { id: 'e10', sequence: 10, type: 'second_half', minute: 46 },
    ]);
    expect(state.phase).toBe('full_time');
    expect(isMatchLive(state)).toBe(false);
    expect(liveClockLabel(state)).toBe('FT');
  });

  it('reads HT, added time, and nothing before kick-off', () => {
    expect(liveClockLabel(foldLiveMatch('m', events.slice(0, 5)))).toBe('HT');
    expect(liveClockLabel({ phase: 'first_half', minute: 45, addedMinute: 2 })).toBe('45+2′');
    expect(liveClockLabel(foldLiveMatch('m', events.slice(0, 1)))).toBe('');
    expect(isMatchLive(foldLiveMatch('m', []))).toBe(false);
  });
});
