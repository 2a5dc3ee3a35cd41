/** The live island's pure rules (src/lib/liveUpdates): back-off, one announcement per goal, the words, reading the API's answer. */
import { describe, expect, it } from 'vitest';
import { foldLiveMatch, type LiveEvent } from '../../src/lib/liveMatch';
import { goalAnnouncement, LIVE_POLL, liveEventText, liveStatus, newGoals, nextPollDelay, readLiveMatchAnswer } from '../../src/lib/liveUpdates';

const teams = { home: 'Stoke City', away: 'Bristol City' };
const events: LiveEvent[] = [
  { id: 'e1', sequence: 1, type: 'lineups', minute: 0, lineups: { home: ['Callum Ashworth'], away: [] } },
  { id: 'e2', sequence: 2, type: 'kick_off', minute: 0 },
  { id: 'e3', sequence: 3, type: 'goal', minute: 16, side: 'home', player: 'Lindqvist' },
  { id: 'e4', sequence: 4, type: 'yellow_card', minute: 27, side: 'home', player: 'Brannigan' },
  { id: 'e5', sequence: 5, type: 'goal', minute: 45, addedMinute: 2, side: 'away', detail: 'penalty', player: 'Conway' },
  { id: 'e6', sequence: 6, type: 'substitution', minute: 57, side: 'home', player: 'Morel', playerOff: 'Oyelaran' },
];

describe('nextPollDelay', () => {
  it('polls every cache lifetime while all is well', () => {
    expect(nextPollDelay(0, 0.9)).toBe(LIVE_POLL.intervalMs);
  });
  it('doubles after each failure, with up to half of it as jitter, and is capped', () => {
    for (const failures of [1, 2, 3, 4]) {
      const ceiling = LIVE_POLL.backoffBaseMs * 2 ** (failures - 1);
      expect(nextPollDelay(failures, 0)).toBe(ceiling / 2);
      expect(nextPollDelay(failures, 0.999_999)).toBeCloseTo(ceiling, -1);
    }
    expect(nextPollDelay(30, 1)).toBe(LIVE_POLL.backoffCapMs);
    expect(nextPollDelay(30, 0)).toBe(LIVE_POLL.backoffCapMs / 2);
  });
  it('spreads a crowd that failed together', () => {
    const delays = new Set([0.1, 0.4, 0.7].map((r) => nextPollDelay(3, r)));
    expect(delays.size).toBe(3);
  });
});

describe('newGoals: each goal announced once', () => {
  it('gives the goals not announced yet, in match order', () => {
    const state = foldLiveMatch('m', events);
    expect(newGoals(state, new Set()).map((g) => g.id)).toEqual(['e3', 'e5']);
    expect(newGoals(state, new Set(['e3'])).map((g) => g.id)).toEqual(['e5']);
    expect(newGoals(state, new Set(['e3', 'e5']))).toEqual([]);
  });
});

describe('the words', () => {
  it('timeline lines name the team, the player and the detail', () => {
    expect(liveEventText(events[2]!, teams)).toBe('Goal, Stoke City: Lindqvist');
    expect(liveEventText(events[4]!, teams)).toBe('Goal, Bristol City: Conway (pen)');
    expect(liveEventText(events[3]!, teams)).toBe('Yellow card, Stoke City: Brannigan');
    expect(liveEventText(events[5]!, teams)).toBe('Substitution, Stoke City: Morel on, Oyelaran off');
    expect(liveEventText({ id: 'x', sequence: 9, type: 'red_card', minute: 70, side: 'away' }, teams)).toBe('Red card, Bristol City');
  });
  it('a goal announcement gives scorer, minute and score', () => {
    const state = foldLiveMatch('m', events);
    expect(goalAnnouncement(events[4]!, state, teams)).toBe('Goal for Bristol City, Conway (penalty), 45+2′. Stoke City 1, Bristol City 1.');
  });
  it('offline never shows a minute as live; full time stays FT', () => {
    const live = foldLiveMatch('m', events);
    expect(liveStatus(live, { offline: false, failing: false })).toEqual({ status: 'Live', clock: '57′', live: true });
    expect(liveStatus(live, { offline: true, failing: false })).toEqual({ status: 'Offline — live updates paused', clock: '', live: false });
    expect(liveStatus(live, { offline: false, failing: true })).toMatchObject({ status: 'Live updates delayed', live: false });
    const fullTime = foldLiveMatch('m', [...events, { id: 'e9', sequence: 9, type: 'full_time', minute: 90 }]);
    expect(liveStatus(fullTime, { offline: true, failing: true })).toEqual({ status: 'Full time', clock: 'FT', live: false });
    expect(liveStatus(null, { offline: false, failing: false })).toMatchObject({ status: 'Kick-off soon', live: false });
  });
});

describe('readLiveMatchAnswer', () => {
  it('reads the API answer', () => {
    const state = foldLiveMatch('m', events);
    expect(readLiveMatchAnswer(JSON.parse(JSON.stringify({ data: state })))).toEqual(state);
  });
  it('refuses what is not the contract', () => {
    const state = foldLiveMatch('m', events);
    expect(readLiveMatchAnswer(null)).toBeNull();
    expect(readLiveMatchAnswer({ data: { ...state, phase: 'extra_time' } })).toBeNull();
    expect(readLiveMatchAnswer({ data: { ...state, score: { home: '1', away: 0 } } })).toBeNull();
    expect(readLiveMatchAnswer({ data: { ...state, events: [{ ...events[2], side: 'middle' }] } })).toBeNull();
    expect(readLiveMatchAnswer({ data: { ...state, lineups: { home: [1] } } })).toBeNull();
  });
});
