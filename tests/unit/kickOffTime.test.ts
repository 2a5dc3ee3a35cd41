/**
 * A kick-off whose time is not known yet (src/lib/kickOffTime): shown as its date with the time to
 * be confirmed, never a made-up time. The fixtures are the real 2026/27 data (data/real), whose
 * later matchdays have `time: null`.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  countdownTarget,
  DATE_ONLY_ORDER_TIME,
  hasKickOffTime,
  KICK_OFF_TBC,
  kickOffDatetime,
  kickOffInstant,
  kickOffTimeText,
  kickOffWhen,
} from '../../src/lib/kickOffTime';
import { toMatchEntity, type MatchRecord } from '../../src/lib/matchRecords';

const club = { name: 'Stoke City', homeGround: 'bet365 Stadium' };
const entities = (JSON.parse(readFileSync('data/real/stoke-fixtures-2026-27.json', 'utf8')) as MatchRecord[]).map(
  (r) => toMatchEntity(r, club) as unknown as { date: string; kickOff: string; kickOffLocal: string | null },
);
const dateOnly = entities.find((m) => m.kickOffLocal === null)!;
const timed = entities.find((m) => m.kickOffLocal !== null)!;

describe('a kick-off with a time', () => {
  const match = { date: '2026-08-29', kickOff: '2026-08-29T11:30:00.000Z', kickOffLocal: '12:30' };
  it('shows the London time and counts down to it', () => {
    expect(hasKickOffTime(match)).toBe(true);
    expect(kickOffTimeText(match)).toBe('12:30');
    expect(kickOffWhen(match)).toBe('Sat 29 Aug, 12:30');
    expect(kickOffDatetime(match)).toBe('2026-08-29T11:30:00.000Z');
    expect(countdownTarget(match)).toBe('2026-08-29T11:30:00.000Z');
  });
});

describe('a kick-off whose time is to be confirmed (time null)', () => {
  const match = { date: '2027-01-01', kickOff: kickOffInstant('2027-01-01', null), kickOffLocal: null };
  it('shows the date with TBC instead of a time', () => {
    expect(hasKickOffTime(match)).toBe(false);
    expect(kickOffTimeText(match)).toBe(KICK_OFF_TBC);
    expect(kickOffTimeText(match)).toBe('TBC');
    expect(kickOffWhen(match)).toBe('Fri 1 Jan, time to be confirmed');
    expect(kickOffWhen(match, 'dddd D MMMM YYYY')).toBe('Friday 1 January 2027, time to be confirmed');
  });
  it('gives calendars and structured data the date alone, and a countdown nothing to count to', () => {
    expect(kickOffDatetime(match)).toBe('2027-01-01');
    expect(countdownTarget(match)).toBeNull();
  });
  it('is ordered on its date at DATE_ONLY_ORDER_TIME London time (GMT and BST)', () => {
    expect(DATE_ONLY_ORDER_TIME).toBe('15:00');
    expect(kickOffInstant('2027-01-01', null)).toBe('2027-01-01T15:00:00.000Z');
    expect(kickOffInstant('2027-04-10', null)).toBe('2027-04-10T14:00:00.000Z');
    expect(kickOffInstant('2026-08-29', '12:30')).toBe('2026-08-29T11:30:00.000Z');
  });
});

describe('the real 2026/27 fixtures', () => {
  it('include date-only fixtures, each shown with TBC on its own date', () => {
    expect(dateOnly).toBeDefined();
    expect(kickOffTimeText(dateOnly)).toBe('TBC');
    expect(kickOffDatetime(dateOnly)).toBe(dateOnly.date);
    expect(kickOffWhen(dateOnly, 'YYYY-MM-DD')).toBe(`${dateOnly.date}, time to be confirmed`);
  });
  it('keep every known kick-off time as the source gives it', () => {
    expect(kickOffTimeText(timed)).toBe(timed.kickOffLocal);
  });
});
