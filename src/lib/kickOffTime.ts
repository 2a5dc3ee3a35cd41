/**
 * A kick-off whose time may not be known yet (data/real README: fixtures far ahead have a date and
 * `time: null` until the league confirms the slot). Such a fixture is shown as its date with the
 * time to be confirmed: never a made-up time in text, countdowns, calendars or structured data.
 *
 * Inputs: `date` 'YYYY-MM-DD' and `kickOffLocal` 'HH:mm' (UK local) or null, as the match entity
 * of src/schemas/football.ts carries them; `kickOff` is the UTC ISO instant the lists order by.
 * Pure. Errors: RangeError from src/lib/dates for a malformed date or time.
 */
import { formatDate, formatKickOff, londonToUtcIso } from './dates';

/** What a list shows in place of a kick-off time that is not known yet. */
export const KICK_OFF_TBC = 'TBC';

/** The same, spelled out for sentences and screen readers. */
export const KICK_OFF_TBC_LONG = 'time to be confirmed';

/** London time at which a date-only fixture is ordered among the day's matches; never shown. */
export const DATE_ONLY_ORDER_TIME = '15:00';

/** The fields of a match these rules read. */
export interface KickOffLike {
  date: string;
  kickOff: string;
  kickOffLocal: string | null;
}

/** The UTC instant a match is ordered by: its kick-off, or DATE_ONLY_ORDER_TIME on its date. */
export function kickOffInstant(date: string, time: string | null): string {
  return londonToUtcIso(date, time ?? DATE_ONLY_ORDER_TIME);
}

/** Whether the kick-off time is known. */
export function hasKickOffTime(match: Pick<KickOffLike, 'kickOffLocal'>): boolean {
  return match.kickOffLocal !== null;
}

/** The kick-off time in London, 'HH:mm' ('15:00'), or KICK_OFF_TBC. */
export function kickOffTimeText(match: Pick<KickOffLike, 'kickOff' | 'kickOffLocal'>): string {
  return hasKickOffTime(match) ? formatKickOff(match.kickOff) : KICK_OFF_TBC;
}

/**
 * Date and time for a sentence, the date in `dateFormat` (dayjs tokens, London):
 * 'Sat 29 Aug, 12:30', or 'Fri 1 Jan, time to be confirmed'.
 */
export function kickOffWhen(match: KickOffLike, dateFormat = 'ddd D MMM'): string {
  const day = formatDate(match.kickOff, dateFormat);
  return `${day}, ${hasKickOffTime(match) ? formatKickOff(match.kickOff) : KICK_OFF_TBC_LONG}`;
}

/**
 * The machine-readable kick-off (HTML <time datetime>, schema.org startDate): the UTC instant when
 * the time is known, else the date alone ('2027-01-01').
 */
export function kickOffDatetime(match: KickOffLike): string {
  return hasKickOffTime(match) ? match.kickOff : match.date;
}

/** The instant a countdown counts down to: the kick-off, or null while its time is not known. */
export function countdownTarget(match: Pick<KickOffLike, 'kickOff' | 'kickOffLocal'>): string | null {
  return hasKickOffTime(match) ? match.kickOff : null;
}
