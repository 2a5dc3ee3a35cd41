import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  formatDate,
  formatKickOff,
  formatMatchDate,
  londonDateParts,
  londonToUtcIso,
  seasonLabel,
  seasonOfDate,
  seasonSlug,
  seasonStartYear,
} from '../../src/lib/dates';

/** Every assertion here runs once per machine zone: results must not change. */
const MACHINE_ZONES = ['UTC', 'Europe/London', 'America/Los_Angeles', 'Asia/Kolkata', 'Pacific/Chatham'];

describe.each(MACHINE_ZONES)('with the machine TZ set to %s', (zone) => {
  const originalTz = process.env.TZ;
  beforeAll(() => {
    process.env.TZ = zone;
  });
  afterAll(() => {
    if (originalTz === undefined) delete process.env.TZ;
    else process.env.TZ = originalTz;
  });

  it('really runs in that zone', () => {
    // Node applies process.env.TZ changes at run time.
    const expectedOffset = { UTC: 0, 'Europe/London': 0, 'America/Los_Angeles': 480, 'Asia/Kolkata': -330, 'Pacific/Chatham': -825 }[zone];
    expect(new Date('2025-01-15T12:00:00Z').getTimezoneOffset()).toBe(expectedOffset);
  });

  describe('formatting in Europe/London (spec §9 date formats)', () => {
    it('formats with the default format D MMM YYYY', () => {
      expect(formatDate('2025-08-05T14:00:00Z')).toBe('5 Aug 2025');
      // 23:30 UTC in summer is the next day in London (BST).
      expect(formatDate('2025-08-05T23:30:00Z')).toBe('6 Aug 2025');
      // 23:30 UTC in winter is the same day in London (GMT).
      expect(formatDate('2025-01-05T23:30:00Z')).toBe('5 Jan 2025');
      expect(formatDate(new Date(Date.UTC(2025, 7, 5, 23, 30)))).toBe('6 Aug 2025');
      expect(formatDate('2025-08-05T23:30:00+01:00')).toBe('5 Aug 2025');
    });

    it('reads an ISO string without an offset as UTC', () => {
      expect(formatDate('2025-08-05T23:30:00')).toBe('6 Aug 2025');
    });

    it('accepts a custom format, including advanced tokens', () => {
      expect(formatDate('2025-08-05T14:00:00Z', 'dddd Do MMMM YYYY HH:mm')).toBe('Tuesday 5th August 2025 15:00');
    });

    it('formats match dates as ddd D MMM', () => {
      expect(formatMatchDate('2025-08-09T14:00:00Z')).toBe('Sat 9 Aug');
      expect(formatMatchDate('2025-08-09T23:15:00Z')).toBe('Sun 10 Aug');
    });

    it('formats kick-off times as HH:mm London time on both sides of the clock change', () => {
      expect(formatKickOff('2025-03-29T15:00:00Z')).toBe('15:00');
      expect(formatKickOff('2025-03-30T14:00:00Z')).toBe('15:00');
      expect(formatKickOff('2025-10-25T14:00:00Z')).toBe('15:00');
      expect(formatKickOff('2025-10-26T15:00:00Z')).toBe('15:00');
      expect(formatKickOff('2025-12-26T19:45:00Z')).toBe('19:45');
      // Around the instants the clocks change.
      expect(formatKickOff('2025-03-30T00:59:00Z')).toBe('00:59');
      expect(formatKickOff('2025-03-30T01:00:00Z')).toBe('02:00');
      expect(formatKickOff('2025-10-26T00:59:00Z')).toBe('01:59');
      expect(formatKickOff('2025-10-26T01:00:00Z')).toBe('01:00');
    });

    it('gives London date parts', () => {
      expect(londonDateParts('2025-08-05T23:30:00Z')).toEqual({ year: '2025', month: '08', day: '06' });
    });

    it('throws a RangeError on an invalid date', () => {
      expect(() => formatDate('not a date')).toThrow(RangeError);
      expect(() => formatMatchDate(new Date(Number.NaN))).toThrow(RangeError);
      expect(() => formatKickOff('')).toThrow(RangeError);
    });
  });

  describe('londonToUtcIso', () => {
    it('converts across the spring clock change (GMT → BST, 30 Mar 2025)', () => {
      expect(londonToUtcIso('2025-03-29', '15:00')).toBe('2025-03-29T15:00:00.000Z');
      expect(londonToUtcIso('2025-03-30', '15:00')).toBe('2025-03-30T14:00:00.000Z');
    });

    it('converts across the autumn clock change (BST → GMT, 26 Oct 2025)', () => {
      expect(londonToUtcIso('2025-10-25', '15:00')).toBe('2025-10-25T14:00:00.000Z');
      expect(londonToUtcIso('2025-10-26', '15:00')).toBe('2025-10-26T15:00:00.000Z');
    });

    it('resolves the gap and overlap hours deterministically', () => {
      expect(londonToUtcIso('2025-03-30', '00:59')).toBe('2025-03-30T00:59:00.000Z');
      // 01:30 does not exist on 30 Mar: moved forward to 02:30 BST.
      expect(londonToUtcIso('2025-03-30', '01:30')).toBe('2025-03-30T01:30:00.000Z');
      expect(londonToUtcIso('2025-03-30', '02:00')).toBe('2025-03-30T01:00:00.000Z');
      // 01:30 happens twice on 26 Oct: the first (BST) occurrence is used.
      expect(londonToUtcIso('2025-10-26', '01:30')).toBe('2025-10-26T00:30:00.000Z');
      expect(londonToUtcIso('2025-10-26', '02:00')).toBe('2025-10-26T02:00:00.000Z');
    });

    it('throws a RangeError on malformed or impossible input', () => {
      for (const [date, time] of [
        ['2025-02-30', '15:00'],
        ['2023-02-29', '15:00'],
        ['2025-3-30', '15:00'],
        ['2025-03-30', '24:00'],
        ['2025-03-30', '15:00:00'],
        ['30/03/2025', '15:00'],
      ] as const) {
        expect(() => londonToUtcIso(date, time)).toThrow(RangeError);
      }
      expect(londonToUtcIso('2024-02-29', '12:00')).toBe('2024-02-29T12:00:00.000Z');
    });
  });

  describe('seasons (spec §9: season 2025, shown 2025/26, slug 2025-26)', () => {
    it('labels and slugs a season from its start year', () => {
      expect(seasonLabel(2025)).toBe('2025/26');
      expect(seasonSlug(2025)).toBe('2025-26');
      expect(seasonLabel(1999)).toBe('1999/00');
      expect(seasonSlug(2009)).toBe('2009-10');
      expect(() => seasonLabel(25)).toThrow(RangeError);
      expect(() => seasonSlug(2025.5)).toThrow(RangeError);
    });

    it('reads the start year from a slug or a label', () => {
      expect(seasonStartYear('2025-26')).toBe(2025);
      expect(seasonStartYear('2025/26')).toBe(2025);
      expect(seasonStartYear('1999/00')).toBe(1999);
      for (const bad of ['2025', '2025-2026', '2025-27', '25-26', '2025_26', ' 2025-26', '']) {
        expect(() => seasonStartYear(bad)).toThrow(RangeError);
      }
    });

    it('finds the season of an instant, seasons starting 1 July London time', () => {
      expect(seasonOfDate('2025-08-09T14:00:00Z')).toBe(2025);
      expect(seasonOfDate('2026-05-24T15:00:00Z')).toBe(2025);
      expect(seasonOfDate('2025-06-30T22:59:59Z')).toBe(2024);
      // 23:30 UTC on 30 June is 00:30 BST on 1 July.
      expect(seasonOfDate('2025-06-30T23:30:00Z')).toBe(2025);
      expect(seasonOfDate('2026-01-01T00:00:00Z')).toBe(2025);
      expect(() => seasonOfDate('nope')).toThrow(RangeError);
    });
  });
});
