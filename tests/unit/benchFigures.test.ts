/** The benchmarks' shared figures (scripts/bench/figures.mjs): nearest-rank percentiles and the seeded source. */
import { describe, expect, it } from 'vitest';
import { percentile, percentileOfSorted, seededRandom } from '../../scripts/bench/figures.mjs';

describe('bench figures', () => {
  it('takes the nearest-rank percentile, sorting when asked', () => {
    expect(percentileOfSorted([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 50)).toBe(5);
    expect(percentileOfSorted([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 95)).toBe(10);
    expect(percentile([10, 1, 9, 2, 8, 3, 7, 4, 6, 5], 90)).toBe(9);
    expect(percentile([], 50)).toBeNaN();
    expect(percentile([7], 0)).toBe(7);
  });

  it('draws the same sequence in [0, 1) for the same seed', () => {
    const a = seededRandom(42);
    const b = seededRandom(42);
    const drawn = Array.from({ length: 100 }, () => a());
    expect(drawn).toEqual(Array.from({ length: 100 }, () => b()));
    expect(drawn.every((x) => x >= 0 && x < 1)).toBe(true);
    expect(seededRandom(43)()).not.toBe(drawn[0]);
  });
});
