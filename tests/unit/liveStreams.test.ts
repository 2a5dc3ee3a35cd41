/**
 * Stream assets live now (spec §3: idle and disabled mean offline), by the one rule of
 * src/lib/liveNow; and the same answers as windows of instants for the page's gate, checked
 * against isStreamLive and nextKickOff at every window's edges.
 */
import { describe, expect, it } from 'vitest';
import { complementWindows, isStreamLive, LAST_INSTANT_MS, nextKickOff, nextKickOffSpans, streamLiveWindows, unionWindows } from '../../src/lib/liveStreams';
import { isStreamOnAir, LIVE_WINDOW } from '../../src/lib/liveNow';
import type { ShowWindow } from '../../src/lib/liveSlot';

const KICK_OFF = '2030-03-02T15:00:00.000Z';
const at = (minutesFromKickOff: number) => Date.parse(KICK_OFF) + minutesFromKickOff * 60_000;

describe('isStreamOnAir (spec §3)', () => {
  it('idle and disabled are offline; active and ready are on air', () => {
    expect(isStreamOnAir('idle')).toBe(false);
    expect(isStreamOnAir('disabled')).toBe(false);
    expect(isStreamOnAir('active')).toBe(true);
    expect(isStreamOnAir('ready')).toBe(true);
  });
});

describe('isStreamLive', () => {
  it('an on-air stream is live only in the window around a kick-off it shows', () => {
    const stream = { status: 'active' as const, kickOffs: [KICK_OFF] };
    expect(isStreamLive(stream, at(-LIVE_WINDOW.beforeKickOffMinutes - 1))).toBe(false);
    expect(isStreamLive(stream, at(-LIVE_WINDOW.beforeKickOffMinutes))).toBe(true);
    expect(isStreamLive(stream, at(45))).toBe(true);
    expect(isStreamLive(stream, at(LIVE_WINDOW.afterKickOffMinutes - 1))).toBe(true);
    expect(isStreamLive(stream, at(LIVE_WINDOW.afterKickOffMinutes))).toBe(false);
    expect(isStreamLive(stream, at(-3 * 24 * 60))).toBe(false);
  });
  it('an idle or disabled stream is never live, even at kick-off', () => {
    expect(isStreamLive({ status: 'idle', kickOffs: [KICK_OFF] }, at(10))).toBe(false);
    expect(isStreamLive({ status: 'disabled', kickOffs: [KICK_OFF] }, at(10))).toBe(false);
  });
  it('a stream with no kick-off (or an unreadable one) is not live', () => {
    expect(isStreamLive({ status: 'active', kickOffs: [] }, at(0))).toBe(false);
    expect(isStreamLive({ status: 'active', kickOffs: ['not a date'] }, at(0))).toBe(false);
  });
  it('any of several kick-offs (a club channel) makes it live', () => {
    expect(isStreamLive({ status: 'active', kickOffs: ['2030-01-01T15:00:00Z', KICK_OFF] }, at(5))).toBe(true);
  });
});

describe('nextKickOff', () => {
  it('is the earliest kick-off at or after now, or null', () => {
    const later = '2030-04-01T19:45:00.000Z';
    expect(nextKickOff([later, KICK_OFF, '2029-01-01T15:00:00Z'], at(-60))).toBe(KICK_OFF);
    expect(nextKickOff([later, KICK_OFF], at(1))).toBe(later);
    expect(nextKickOff([KICK_OFF], at(1))).toBeNull();
  });
});

/** The instants just before, at, at the last of and just after a window: where an answer can change. */
const edges = (w: ShowWindow) => [w.fromMs - 1, w.fromMs, w.untilMs - 1, w.untilMs];
const inAny = (windows: readonly ShowWindow[], t: number) => windows.some((w) => t >= w.fromMs && t < w.untilMs);
const iso = (ms: number) => new Date(ms).toISOString();
/** Minutes from the end of one live window to the start of the next kick-off's: the windows touch. */
const TOUCHING_MINUTES = LIVE_WINDOW.beforeKickOffMinutes + LIVE_WINDOW.afterKickOffMinutes;

describe('streamLiveWindows', () => {
  it('is exactly the instants isStreamLive says, at every edge (the spec window around each kick-off)', () => {
    const kickOffs = [iso(at(3 * 24 * 60)), KICK_OFF, 'not a date', iso(at(-7 * 24 * 60))];
    const stream = { status: 'active' as const, kickOffs };
    const windows = streamLiveWindows(stream);
    expect(windows).toHaveLength(3);
    expect(windows[1]).toEqual({ fromMs: at(-LIVE_WINDOW.beforeKickOffMinutes), untilMs: at(LIVE_WINDOW.afterKickOffMinutes) });
    for (const t of windows.flatMap(edges)) expect(inAny(windows, t), iso(t)).toBe(isStreamLive(stream, t));
    expect(windows.map((w) => w.fromMs)).toEqual([...windows.map((w) => w.fromMs)].sort((a, b) => a - b));
  });
  it('merges windows that overlap or touch, keeps apart those that do not', () => {
    const touching = { status: 'ready' as const, kickOffs: [KICK_OFF, iso(at(TOUCHING_MINUTES))] };
    expect(streamLiveWindows(touching)).toEqual([
      { fromMs: at(-LIVE_WINDOW.beforeKickOffMinutes), untilMs: at(TOUCHING_MINUTES + LIVE_WINDOW.afterKickOffMinutes) },
    ]);
    for (const t of streamLiveWindows(touching).flatMap(edges)) expect(inAny(streamLiveWindows(touching), t)).toBe(isStreamLive(touching, t));
    const apart = { status: 'active' as const, kickOffs: [KICK_OFF, iso(at(TOUCHING_MINUTES + 1))] };
    expect(streamLiveWindows(apart)).toHaveLength(2);
    expect(isStreamLive(apart, at(LIVE_WINDOW.afterKickOffMinutes))).toBe(false);
  });
  it('an idle or disabled stream has none; so has a stream with no readable kick-off', () => {
    expect(streamLiveWindows({ status: 'idle', kickOffs: [KICK_OFF] })).toEqual([]);
    expect(streamLiveWindows({ status: 'disabled', kickOffs: [KICK_OFF] })).toEqual([]);
    expect(streamLiveWindows({ status: 'active', kickOffs: ['not a date'] })).toEqual([]);
  });
});

describe('unionWindows and complementWindows', () => {
  const a = { fromMs: 100, untilMs: 200 };
  const b = { fromMs: 150, untilMs: 300 };
  const c = { fromMs: 300, untilMs: 400 };
  const d = { fromMs: 500, untilMs: 600 };
  it('the union merges overlapping and touching windows, in order, and drops empty ones', () => {
    expect(unionWindows([d, c, a, b, { fromMs: 700, untilMs: 700 }])).toEqual([
      { fromMs: 100, untilMs: 400 },
      { fromMs: 500, untilMs: 600 },
    ]);
  });
  it('the complement holds every instant from 0 to the last a Date holds that no window holds', () => {
    const windows = [d, a, c, b];
    const outside = complementWindows(windows);
    expect(outside).toEqual([
      { fromMs: 0, untilMs: 100 },
      { fromMs: 400, untilMs: 500 },
      { fromMs: 600, untilMs: LAST_INSTANT_MS },
    ]);
    for (const t of [...windows, ...outside].flatMap(edges).filter((t) => t >= 0 && t < LAST_INSTANT_MS)) {
      expect(inAny(outside, t), String(t)).toBe(!inAny(windows, t));
    }
  });
  it('the complement of nothing is all time; of all time, nothing', () => {
    expect(complementWindows([])).toEqual([{ fromMs: 0, untilMs: LAST_INSTANT_MS }]);
    expect(complementWindows([{ fromMs: 0, untilMs: LAST_INSTANT_MS }])).toEqual([]);
  });
  it('the complement of a stream’s live windows is when it is not live', () => {
    const stream = { status: 'active' as const, kickOffs: [KICK_OFF, iso(at(TOUCHING_MINUTES + 60))] };
    const offline = complementWindows(streamLiveWindows(stream));
    for (const t of offline.flatMap(edges).filter((t) => t >= 0 && t < LAST_INSTANT_MS)) expect(inAny(offline, t), iso(t)).toBe(!isStreamLive(stream, t));
  });
});

describe('nextKickOffSpans', () => {
  const earlier = iso(at(-7 * 24 * 60));
  const later = iso(at(3 * 24 * 60));
  const latest = iso(at(10 * 24 * 60));
  const kickOffs = [latest, KICK_OFF, 'not a date', earlier, later];

  it('names, at every edge of every span, the kick-off nextKickOff names; none from just after the last', () => {
    const now = at(-24 * 60);
    const { spans, noneFromMs } = nextKickOffSpans(kickOffs, now);
    expect(spans.map((s) => s.kickOff)).toEqual([KICK_OFF, later, latest]);
    for (const span of spans) {
      expect(nextKickOff(kickOffs, span.fromMs - 1)).not.toBe(span.kickOff);
      expect(nextKickOff(kickOffs, span.fromMs)).toBe(span.kickOff);
      expect(nextKickOff(kickOffs, span.untilMs - 1)).toBe(span.kickOff);
      expect(nextKickOff(kickOffs, span.untilMs)).not.toBe(span.kickOff);
    }
    expect(spans.map((s) => s.untilMs)).toEqual(
      spans
        .slice(1)
        .map((s) => s.fromMs)
        .concat(noneFromMs),
    );
    expect(nextKickOff(kickOffs, noneFromMs - 1)).toBe(latest);
    expect(nextKickOff(kickOffs, noneFromMs)).toBeNull();
  });
  it('covers every instant from now on: the first span starts at or before now', () => {
    const now = at(-24 * 60);
    const { spans, noneFromMs } = nextKickOffSpans(kickOffs, now);
    expect(spans[0]!.fromMs).toBeLessThanOrEqual(now);
    for (const t of [now, at(0), at(1), at(3 * 24 * 60 + 1), noneFromMs - 1]) {
      expect(spans.find((s) => t >= s.fromMs && t < s.untilMs)?.kickOff).toBe(nextKickOff(kickOffs, t));
    }
  });
  it('the first kick-off ever is next from 0; a kick-off at now is still next', () => {
    expect(nextKickOffSpans([KICK_OFF], at(0))).toEqual({ spans: [{ kickOff: KICK_OFF, fromMs: 0, untilMs: at(0) + 1 }], noneFromMs: at(0) + 1 });
  });
  it('no kick-off to come: no span, none since just after the last; no kick-off at all: none from 0', () => {
    expect(nextKickOffSpans([earlier, KICK_OFF], at(1))).toEqual({ spans: [], noneFromMs: at(0) + 1 });
    expect(nextKickOffSpans(['not a date'], at(0))).toEqual({ spans: [], noneFromMs: 0 });
  });
  it('one kick-off written twice is one span, named as nextKickOff names it', () => {
    const same = [KICK_OFF, '2030-03-02T15:00:00Z'];
    const { spans } = nextKickOffSpans(same, at(-60));
    expect(spans).toHaveLength(1);
    expect(spans[0]!.kickOff).toBe(nextKickOff(same, at(-60)));
  });
});
