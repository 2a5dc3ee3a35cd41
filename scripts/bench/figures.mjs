// @ts-check
/**
 * Small tools the benchmarks share: waiting, a seeded random source, percentiles. Pure (no I/O).
 */

/** Resolves after `ms` milliseconds (at once when negative). @param {number} ms @returns {Promise<void>} */
export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

/**
 * A seeded random source in [0, 1) (mulberry32), so every run of a benchmark draws the same
 * sequence. @param {number} seed @returns {() => number}
 */
export function seededRandom(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The `p`th percentile (nearest rank) of values sorted ascending; NaN when there are none.
 * @param {readonly number[]} sorted @param {number} p 0–100
 */
export function percentileOfSorted(sorted, p) {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;
}

/** The `p`th percentile (nearest rank) of values in any order. @param {readonly number[]} values @param {number} p 0–100 */
export function percentile(values, p) {
  return percentileOfSorted(
    [...values].sort((a, b) => a - b),
    p,
  );
}
