/** Stream assets live now (spec §3: idle and disabled mean offline), by the one rule of src/lib/liveNow. */
import { describe, expect, it } from 'vitest';
import { isStreamLive, nextKickOff } from '../../src/lib/liveStreams';
import { isStreamOnAir, LIVE_WINDOW } from '../../src/lib/liveNow';

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
