/**
 * The matchday simulator's replay (scripts/matchday/replay.ts): every replayable match of the
 * embedded dataset folds (src/lib/liveMatch) into its recorded result, and the feed's contract
 * accepts each event.
 */
import { describe, expect, it } from 'vitest';
import { foldLiveMatch, isMatchLive } from '../../src/lib/liveMatch';
import { liveEventSchema } from '../../src/platform/matches/liveMatchContract';
import { DEFAULT_REPLAY_MATCH, loadReplay, replayableMatches } from '../../scripts/matchday/replay';

describe('loadReplay', () => {
  it.each(replayableMatches())('%s folds into its recorded result at full time', (matchId) => {
    const { match, steps } = loadReplay(matchId);
    const events = steps.map((s) => s.event);
    for (const event of events) expect(liveEventSchema.safeParse(event).success).toBe(true);
    const final = foldLiveMatch(matchId, events);
    expect(final.phase).toBe('full_time');
    expect(final.score).toEqual(match.score);
    expect(final.sequence).toBe(events.length);
  });
  it('sends line-ups before kick-off, is live through the match, and keeps match-minute order', () => {
    const { steps } = loadReplay(DEFAULT_REPLAY_MATCH);
    expect(steps.slice(0, 2).map((s) => s.event.type)).toEqual(['lineups', 'kick_off']);
    expect(steps.map((s) => s.atMinute)).toEqual([...steps.map((s) => s.atMinute)].sort((a, b) => a - b));
    const halfway = foldLiveMatch(
      'm',
      steps.filter((s) => s.atMinute <= 60).map((s) => s.event),
    );
    expect(isMatchLive(halfway)).toBe(true);
    expect(halfway.minute).toBe(60);
  });
  it('names a match without events and the ones that have them', () => {
    expect(() => loadReplay('2026-08-29-wolverhampton-wanderers')).toThrow(/has no events.*replayable: /);
  });
});
