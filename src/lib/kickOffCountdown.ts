/**
 * Countdown to a kick-off (home page next match). Input: the kick-off as a UTC ISO
 * instant and "now" in milliseconds since the epoch. Output: whole days, hours, minutes and
 * seconds left (each rounded down), or null once the match has kicked off. Counting in UTC
 * milliseconds keeps it right across the clock change: the night the clocks go back has 25 hours.
 * Throws RangeError on an unparsable kick-off.
 */

export interface Countdown {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
  /** Milliseconds left, > 0. */
  totalMs: number;
}

const SECOND_MS = 1000;
const MINUTE_MS = 60 * SECOND_MS;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

export function countdownTo(kickOffIso: string, nowMs: number): Countdown | null {
  const kickOff = Date.parse(kickOffIso);
  if (Number.isNaN(kickOff)) throw new RangeError(`countdownTo: invalid kick-off '${kickOffIso}'`);
  const totalMs = kickOff - nowMs;
  if (totalMs <= 0) return null;
  return {
    days: Math.floor(totalMs / DAY_MS),
    hours: Math.floor((totalMs % DAY_MS) / HOUR_MS),
    minutes: Math.floor((totalMs % HOUR_MS) / MINUTE_MS),
    seconds: Math.floor((totalMs % MINUTE_MS) / SECOND_MS),
    totalMs,
  };
}

/** A reading of a countdown: '12 days, 3 hours and 4 minutes' (seconds left out; singulars). */
export function countdownText(c: Countdown): string {
  const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  const parts = [c.days > 0 ? unit(c.days, 'day') : null, c.days > 0 || c.hours > 0 ? unit(c.hours, 'hour') : null, unit(c.minutes, 'minute')].filter(
    (p): p is string => p !== null,
  );
  return parts.length === 1 ? parts[0]! : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)!}`;
}
