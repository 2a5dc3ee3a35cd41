/**
 * The browser's clock (src/lib/siteClockRules): a page built from the embedded
 * dataset counts from the dataset's as-of instant plus the time spent on the site; a page built
 * from the platform's content uses the real clock.
 */
import { describe, expect, it } from 'vitest';
import { clockStart, siteNowMs } from '../../src/lib/siteClockRules';
import { countdownTo } from '../../src/lib/kickOffCountdown';

const asOf = '2026-05-24T08:00:00.000Z';
const real = Date.parse('2026-11-23T00:16:00.000Z');

describe('siteNowMs', () => {
  it('starts at the as-of instant, whatever the real date, and advances with real time', () => {
    const start = clockStart(asOf, real);
    expect(siteNowMs(start, real)).toBe(Date.parse(asOf));
    expect(siteNowMs(start, real + 90_000)).toBe(Date.parse(asOf) + 90_000);
  });
  it('never runs backwards if the real clock does', () => {
    expect(siteNowMs(clockStart(asOf, real), real - 5_000)).toBe(Date.parse(asOf));
  });
  it('is the real clock when the page carries no as-of instant (or an invalid one)', () => {
    expect(clockStart(undefined, real)).toBeNull();
    expect(clockStart('', real)).toBeNull();
    expect(clockStart('not a date', real)).toBeNull();
    expect(siteNowMs(null, real)).toBe(real);
  });
  it('a kick-off after the as-of instant still counts down in November 2026', () => {
    const women = '2026-05-30T13:00:00.000Z';
    expect(countdownTo(women, real)).toBeNull();
    expect(countdownTo(women, siteNowMs(clockStart(asOf, real), real))?.days).toBe(6);
  });
});

describe('clockStart with an instant the visit asks for (?as-of=)', () => {
  const kickOff = '2025-11-01T14:58:00.000Z';
  it('replaces the as-of instant on a fixed clock', () => {
    expect(siteNowMs(clockStart(asOf, real, kickOff), real + 60_000)).toBe(Date.parse(kickOff) + 60_000);
  });
  it('is ignored on the real clock, and when it is not an instant', () => {
    expect(clockStart(undefined, real, kickOff)).toBeNull();
    expect(siteNowMs(clockStart(asOf, real, 'soon'), real)).toBe(Date.parse(asOf));
    expect(siteNowMs(clockStart(asOf, real, null), real)).toBe(Date.parse(asOf));
  });
});
