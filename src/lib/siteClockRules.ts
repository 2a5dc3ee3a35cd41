/**
 * The site's clock in the browser. A site built from the embedded dataset lives at the dataset's
 * "as of" instant plus the real time spent since the page started counting, so countdowns, promo
 * and advert windows agree with its pages and still tick; `?as-of=<ISO instant>` in the first
 * page's address picks another instant (the matchday simulator's address does; docs/live-matches.md).
 * A site built from the platform's content lives on the real clock and ignores `?as-of`.
 * All values are milliseconds since the epoch. Pure.
 */

/** Where the browser's clock starts: the as-of instant and the real time it was read at. */
export interface ClockStart {
  asOfMs: number;
  realStartMs: number;
}

/**
 * The site's "now": `realNowMs` on the real clock (start null); otherwise the as-of instant plus
 * the real time elapsed since `realStartMs` (never less than the as-of instant).
 */
export function siteNowMs(start: ClockStart | null, realNowMs: number): number {
  if (start === null) return realNowMs;
  return start.asOfMs + Math.max(0, realNowMs - start.realStartMs);
}

/**
 * The clock start from the as-of instant a page carries (an ISO string, or undefined on the real
 * clock) read at real time `realNowMs`; null when there is none or it is not a valid instant.
 * `asked`, the instant a visit asks for (`?as-of=`), replaces a valid as-of instant when it is a
 * valid instant itself; it never moves the real clock.
 */
export function clockStart(asOf: string | undefined, realNowMs: number, asked?: string | null): ClockStart | null {
  if (asOf === undefined || asOf === '') return null;
  const asOfMs = Date.parse(asOf);
  if (Number.isNaN(asOfMs)) return null;
  const askedMs = asked ? Date.parse(asked) : Number.NaN;
  return { asOfMs: Number.isNaN(askedMs) ? asOfMs : askedMs, realStartMs: realNowMs };
}

/** The query parameter a visit asks for another instant with (fixed clock only). */
export const AS_OF_PARAMETER = 'as-of';
