/** Random ids for event logging and sessions (spec §9); the range is the schemas' (src/schemas/ids). */
import { RANDOM_ID_MAX } from '../schemas/ids.ts';

/**
 * A random integer from 1 to 1,000,000 inclusive (spec §9: event logging id and session id).
 * `random` is injectable for tests; it must return a number in [0, 1).
 */
export function randomId(random: () => number = Math.random): number {
  return Math.floor(random() * RANDOM_ID_MAX) + 1;
}
