import { describe, expect, it } from 'vitest';
import { formatVideoDuration, truncateTitle } from '../../src/lib/duration';

describe('formatVideoDuration (spec §2: H[hr] mm above 3599 s, otherwise mm:ss)', () => {
  it.each([
    [0, '00:00'],
    [5, '00:05'],
    [65, '01:05'],
    [600, '10:00'],
    [3599, '59:59'],
    [3600, '1hr 00'],
    [3659, '1hr 00'],
    [3725, '1hr 02'],
    [7199, '1hr 59'],
    [7200, '2hr 00'],
    [36_000, '10hr 00'],
    [90_000, '25hr 00'],
  ])('%i s → %s', (seconds, expected) => {
    expect(formatVideoDuration(seconds)).toBe(expected);
  });

  it('drops fractions of a second before choosing the format', () => {
    expect(formatVideoDuration(65.9)).toBe('01:05');
    expect(formatVideoDuration(3599.9)).toBe('59:59');
  });

  it.each([-1, -0.5, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY])('rejects %s with a RangeError', (bad) => {
    expect(() => formatVideoDuration(bad)).toThrow(RangeError);
  });
});

describe('truncateTitle (spec §2: truncated at 48 characters plus an ellipsis)', () => {
  const exactly48 = 'a'.repeat(48);

  it('keeps titles of up to 48 characters unchanged', () => {
    expect(truncateTitle('Highlights: Stoke City 2-1 Hull City')).toBe('Highlights: Stoke City 2-1 Hull City');
    expect(truncateTitle(exactly48)).toBe(exactly48);
    expect(truncateTitle('')).toBe('');
  });

  it('cuts longer titles to 48 characters and appends …', () => {
    expect(truncateTitle(`${exactly48}b`)).toBe(`${exactly48}…`);
    const title = 'Extended Highlights: Stoke City v Sheffield Wednesday, Championship';
    const result = truncateTitle(title);
    expect(result).toBe('Extended Highlights: Stoke City v Sheffield Wedn…');
    expect(Array.from(result)).toHaveLength(49);
  });

  it('drops the space a cut at 48 characters leaves before the …', () => {
    // Character 48 of this title is the space after 'Coventry City'.
    const title = 'Full match replay: Stoke City 2-1 Coventry City and the reaction';
    expect(Array.from(title)[47]).toBe(' ');
    expect(truncateTitle(title)).toBe('Full match replay: Stoke City 2-1 Coventry City…');
    expect(truncateTitle(`${'a'.repeat(40)}        tail`)).toBe(`${'a'.repeat(40)}…`);
    expect(truncateTitle('ab cd', 3)).toBe('ab…');
  });

  it('honours a custom limit', () => {
    expect(truncateTitle('abcdef', 3)).toBe('abc…');
    expect(truncateTitle('abc', 3)).toBe('abc');
    expect(truncateTitle('abc', 0)).toBe('…');
  });

  it('counts code points so an emoji is never split', () => {
    expect(truncateTitle('⚽⚽⚽', 2)).toBe('⚽⚽…');
    expect(truncateTitle('😀😀😀', 2)).toBe('😀😀…');
  });

  it('rejects a negative or fractional limit', () => {
    expect(() => truncateTitle('abc', -1)).toThrow(RangeError);
    expect(() => truncateTitle('abc', 1.5)).toThrow(RangeError);
  });
});
