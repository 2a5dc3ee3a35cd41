import { describe, expect, it } from 'vitest';
import { clampPage, displayingText, lastPage, pageCount, pageSlice, pageWindow, resultRange } from '../../src/lib/pagination';

// Spec §9: news search page size 8, page window 5; §2: 5 at the ends, current ±2 in the middle;
// §4: previous and next clamped between 0 and the last page.
describe('news search pagination (spec §2, §4, §9)', () => {
  it('counts pages of 8 for 0, 1, 8, 9 and 200 results', () => {
    expect([0, 1, 8, 9, 200].map((n) => pageCount(n))).toEqual([0, 1, 1, 2, 25]);
    expect([0, 1, 8, 9, 200].map((n) => lastPage(n))).toEqual([0, 0, 0, 1, 24]);
  });

  it('clamps previous and next between 0 and the last page', () => {
    expect(clampPage(-1, 200)).toBe(0);
    expect(clampPage(0, 200)).toBe(0);
    expect(clampPage(12, 200)).toBe(12);
    expect(clampPage(24, 200)).toBe(24);
    expect(clampPage(25, 200)).toBe(24);
    expect(clampPage(1, 9)).toBe(1);
    expect(clampPage(2, 9)).toBe(1);
    expect(clampPage(1, 8)).toBe(0);
    expect(clampPage(1, 1)).toBe(0);
    expect(clampPage(3, 0)).toBe(0);
    expect(clampPage(-3, 0)).toBe(0);
    expect(clampPage(Number.NaN, 200)).toBe(0);
  });

  it('shows the first five pages at the start', () => {
    expect(pageWindow(0, 200)).toEqual([0, 1, 2, 3, 4]);
    expect(pageWindow(1, 200)).toEqual([0, 1, 2, 3, 4]);
    expect(pageWindow(2, 200)).toEqual([0, 1, 2, 3, 4]);
  });

  it('shows the current page ±2 in the middle', () => {
    expect(pageWindow(3, 200)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(12, 200)).toEqual([10, 11, 12, 13, 14]);
    expect(pageWindow(21, 200)).toEqual([19, 20, 21, 22, 23]);
  });

  it('shows the last five pages at the end', () => {
    expect(pageWindow(22, 200)).toEqual([20, 21, 22, 23, 24]);
    expect(pageWindow(23, 200)).toEqual([20, 21, 22, 23, 24]);
    expect(pageWindow(24, 200)).toEqual([20, 21, 22, 23, 24]);
    expect(pageWindow(99, 200)).toEqual([20, 21, 22, 23, 24]);
  });

  it('shows every page when there are fewer than five, none without results', () => {
    expect(pageWindow(0, 0)).toEqual([]);
    expect(pageWindow(0, 1)).toEqual([0]);
    expect(pageWindow(0, 8)).toEqual([0]);
    expect(pageWindow(0, 9)).toEqual([0, 1]);
    expect(pageWindow(1, 9)).toEqual([0, 1]);
    expect(pageWindow(2, 33)).toEqual([0, 1, 2, 3, 4]);
    expect(pageWindow(2, 40)).toEqual([0, 1, 2, 3, 4]);
  });

  it('gives the range of results on a page', () => {
    expect(resultRange(0, 0)).toEqual({ first: 0, last: 0 });
    expect(resultRange(0, 1)).toEqual({ first: 1, last: 1 });
    expect(resultRange(0, 8)).toEqual({ first: 1, last: 8 });
    expect(resultRange(1, 9)).toEqual({ first: 9, last: 9 });
    expect(resultRange(24, 200)).toEqual({ first: 193, last: 200 });
  });

  it("writes 'Displaying x - y of N Result(s)'", () => {
    expect(displayingText(0, 200)).toBe('Displaying 1 - 8 of 200 Result(s)');
    expect(displayingText(1, 200)).toBe('Displaying 9 - 16 of 200 Result(s)');
    expect(displayingText(24, 200)).toBe('Displaying 193 - 200 of 200 Result(s)');
    expect(displayingText(1, 9)).toBe('Displaying 9 - 9 of 9 Result(s)');
    expect(displayingText(0, 8)).toBe('Displaying 1 - 8 of 8 Result(s)');
    expect(displayingText(0, 1)).toBe('Displaying 1 - 1 of 1 Result(s)');
    expect(displayingText(0, 0)).toBe('Displaying 0 - 0 of 0 Result(s)');
    expect(displayingText(7, 9)).toBe('Displaying 9 - 9 of 9 Result(s)');
  });

  it('takes the 8 results of a page (start = page × 8), clamping the page', () => {
    const results = Array.from({ length: 9 }, (_, i) => i);
    expect(pageSlice(0, results.length)).toEqual({ page: 0, start: 0, end: 8 });
    expect(pageSlice(1, results.length)).toEqual({ page: 1, start: 8, end: 9 });
    expect(pageSlice(5, results.length)).toEqual({ page: 1, start: 8, end: 9 });
    expect(pageSlice(3, 0)).toEqual({ page: 0, start: 0, end: 0 });
  });

  it('rejects impossible counts', () => {
    expect(() => pageCount(-1)).toThrow(RangeError);
    expect(() => pageCount(1.5)).toThrow(RangeError);
    expect(() => pageCount(10, 0)).toThrow(RangeError);
    expect(() => pageWindow(0, 10, 8, 0)).toThrow(RangeError);
  });
});
