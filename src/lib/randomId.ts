/**
 * A random integer from 1 to 1,000,000 inclusive (spec §9: event logging id and session id).
 * `random` is injectable for tests; it must return a number in [0, 1).
 */
export function randomId(random: () => number = Math.random): number {
  return Math.floor(random() * 1_000_000) + 1;
}
