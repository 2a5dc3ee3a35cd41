/** The one 'live now' rule (src/lib/liveNow): the clock around a kick-off, the feed's period, a stream's status (spec §3). */
import { describe, expect, it } from 'vitest';
import { isLiveNow, isStreamOnAir, LIVE_WINDOW, liveWindowOf } from '../../src/lib/liveNow';

// Wolves v Stoke, Matchday 3 of 2026/27: 29 August 2026, 12:30 in London.
const kickOffMs = Date.parse('2026-08-29T11:30:00Z');
const at = (minutes: number) => kickOffMs + minutes * 60_000;

describe('isLiveNow without the feed: the clock around the kick-off', () => {
  it('is live from the window before kick-off until the window after it', () => {
    expect(isLiveNow({ kickOffMs }, at(-LIVE_WINDOW.beforeKickOffMinutes - 1))).toBe(false);
    expect(isLiveNow({ kickOffMs }, at(-LIVE_WINDOW.beforeKickOffMinutes))).toBe(true);
    expect(isLiveNow({ kickOffMs }, at(0))).toBe(true);
    expect(isLiveNow({ kickOffMs }, at(LIVE_WINDOW.afterKickOffMinutes) - 1)).toBe(true);
    expect(isLiveNow({ kickOffMs }, at(LIVE_WINDOW.afterKickOffMinutes))).toBe(false);
  });
  it('covers extra time and penalties (120 minutes of play, two breaks, a shoot-out)', () => {
    expect(isLiveNow({ kickOffMs }, at(90 + 15 + 30 + 5 + 20))).toBe(true);
  });
  it('the embedded dataset clock (24 Aug 2026 09:00 BST) is not live for the next fixture', () => {
    expect(isLiveNow({ kickOffMs }, Date.parse('2026-08-24T09:00:00+01:00'))).toBe(false);
  });
  it('an unknown kick-off is never live by the clock', () => {
    expect(isLiveNow({ kickOffMs: Number.NaN }, at(0))).toBe(false);
  });
  it('liveWindowOf gives the same window as instants', () => {
    expect(liveWindowOf(kickOffMs)).toEqual({ fromMs: at(-LIVE_WINDOW.beforeKickOffMinutes), untilMs: at(LIVE_WINDOW.afterKickOffMinutes) });
  });
});

describe("isLiveNow with the feed's period", () => {
  it('in play is live even outside the window (a late kick-off)', () => {
    for (const phase of ['first_half', 'half_time', 'second_half'] as const) {
      expect(isLiveNow({ kickOffMs, phase }, at(LIVE_WINDOW.afterKickOffMinutes + 30))).toBe(true);
    }
  });
  it('full time is not live, even inside the window', () => {
    expect(isLiveNow({ kickOffMs, phase: 'full_time' }, at(100))).toBe(false);
  });
  it('before kick-off (line-ups only) the window decides', () => {
    expect(isLiveNow({ kickOffMs, phase: 'pre_match' }, at(-10))).toBe(true);
    expect(isLiveNow({ kickOffMs, phase: 'pre_match' }, at(-LIVE_WINDOW.beforeKickOffMinutes - 10))).toBe(false);
  });
});

describe('isLiveNow of a stream (spec §3: idle and disabled mean offline)', () => {
  it('idle and disabled streams are never live, even in play', () => {
    expect(isStreamOnAir('idle')).toBe(false);
    expect(isStreamOnAir('disabled')).toBe(false);
    expect(isLiveNow({ kickOffMs, phase: 'second_half', streamStatus: 'idle' }, at(60))).toBe(false);
    expect(isLiveNow({ kickOffMs, streamStatus: 'disabled' }, at(10))).toBe(false);
  });
  it('active and ready streams are live exactly when their match is', () => {
    expect(isLiveNow({ kickOffMs, streamStatus: 'active' }, at(10))).toBe(true);
    expect(isLiveNow({ kickOffMs, streamStatus: 'ready', phase: 'full_time' }, at(100))).toBe(false);
    expect(isLiveNow({ kickOffMs, streamStatus: 'active' }, at(-LIVE_WINDOW.beforeKickOffMinutes - 1))).toBe(false);
  });
});
