/**
 * Time windows of adverts and promos (spec §4 Adverts "within the UTC start-end window", §4
 * Overlay promo "between start and end times"), framework-free.
 */

/**
 * Whether `now` lies inside the window [start, end], both ends included. The bounds are ISO 8601
 * date-times with Z or an offset (so the comparison is in UTC). Throws RangeError when a bound
 * cannot be parsed.
 */
export function withinWindow(start: string, end: string, now: Date): boolean {
  const from = Date.parse(start);
  const to = Date.parse(end);
  if (Number.isNaN(from)) throw new RangeError(`Invalid start date-time: ${start}`);
  if (Number.isNaN(to)) throw new RangeError(`Invalid end date-time: ${end}`);
  const t = now.getTime();
  return t >= from && t <= to;
}
