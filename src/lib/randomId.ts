/** Largest random id (spec §9: ids run from 1 to 1,000,000). */
export const RANDOM_ID_MAX = 1_000_000;

/**
 * A random integer from 1 to 1,000,000 inclusive (spec §9: event logging id and session id).
 * `random` is injectable for tests; it must return a number in [0, 1).
 */
export function randomId(random: () => number = Math.random): number {
  return Math.floor(random() * RANDOM_ID_MAX) + 1;
}
