/**
 * Dates and seasons, always in the club's zone (Europe/London), never the machine's (spec §9
 * "Timezone Europe/London", "Date formats", "Season"). Inputs: an ISO 8601 string (read as UTC
 * without an offset) or a Date; format strings use dayjs tokens (advanced ones included).
 * Errors: a RangeError on an unparsable date or a malformed season; never 'Invalid Date'.
 */
import dayjs, { type Dayjs } from 'dayjs';
import advancedFormat from 'dayjs/plugin/advancedFormat.js';
import customParseFormat from 'dayjs/plugin/customParseFormat.js';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import { DATE_FORMAT_DEFAULT, DATE_FORMAT_MATCH, TIMEZONE } from './constants';

dayjs.extend(utc);
dayjs.extend(timezone);
dayjs.extend(customParseFormat);
dayjs.extend(advancedFormat);

/** A date-time accepted by the formatting functions. */
export type DateInput = string | Date;

/** Calendar month (1-based) on which a season starts: 1 July. */
const SEASON_START_MONTH = 7;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Converted instants by their ISO string. Converting to a zone is the costly step (Intl
 * formatToParts), and a build formats the same few thousand dates on many pages (every news
 * card, fixture row and match page); dayjs values are immutable, so sharing them is safe.
 * Bounded: emptied when it reaches LONDON_CACHE_LIMIT entries.
 */
const londonCache = new Map<string, Dayjs>();
const LONDON_CACHE_LIMIT = 100_000;

/** The instant `input` as a dayjs value in Europe/London; throws RangeError if invalid. */
function inLondon(input: DateInput): Dayjs {
  if (typeof input === 'string') {
    const cached = londonCache.get(input);
    if (cached) return cached;
  }
  const parsed = typeof input === 'string' ? dayjs.utc(input) : dayjs(input);
  if (!parsed.isValid()) {
    throw new RangeError(`Invalid date: ${String(input)}`);
  }
  const converted = parsed.tz(TIMEZONE);
  if (typeof input === 'string') {
    if (londonCache.size >= LONDON_CACHE_LIMIT) londonCache.clear();
    londonCache.set(input, converted);
  }
  return converted;
}

/** Formats an instant in London time, e.g. formatDate('2025-08-05T14:00:00Z') → '5 Aug 2025'. */
export function formatDate(input: DateInput, format: string = DATE_FORMAT_DEFAULT): string {
  return inLondon(input).format(format);
}

/** Match date in London time, 'ddd D MMM', e.g. '2025-08-09T14:00:00Z' → 'Sat 9 Aug'. */
export function formatMatchDate(input: DateInput): string {
  return inLondon(input).format(DATE_FORMAT_MATCH);
}

/** Kick-off time in London time, 'HH:mm', e.g. '2025-08-09T14:00:00Z' → '15:00'. */
export function formatKickOff(input: DateInput): string {
  return inLondon(input).format('HH:mm');
}

/** London calendar date parts (zero-padded strings), e.g. { year: '2025', month: '08', day: '05' }. */
export function londonDateParts(input: DateInput): { year: string; month: string; day: string } {
  const d = inLondon(input);
  return { year: d.format('YYYY'), month: d.format('MM'), day: d.format('DD') };
}

/**
 * Converts a London wall-clock date ('YYYY-MM-DD') and time ('HH:mm') to a UTC
 * ISO string ('YYYY-MM-DDTHH:mm:ss.sssZ'), honouring GMT/BST:
 * ('2025-03-29', '15:00') → '2025-03-29T15:00:00.000Z';
 * ('2025-03-30', '15:00') → '2025-03-30T14:00:00.000Z'.
 * Clock changes resolve like Temporal's 'compatible' mode: a time in the spring-forward gap moves
 * forward an hour; one in the autumn overlap is its first (BST) occurrence.
 * Throws RangeError on a malformed or impossible date or time.
 */
export function londonToUtcIso(date: string, time: string): string {
  const text = `${date} ${time}`;
  // Wall-clock time read as if it were UTC: strict, and free of any zone gaps.
  const wall = dayjs.utc(text, 'YYYY-MM-DD HH:mm', true);
  if (!/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/.test(text) || !wall.isValid()) {
    throw new RangeError(`Invalid London date/time: '${date}' '${time}' (expected YYYY-MM-DD and HH:mm)`);
  }
  const wallMs = wall.valueOf();
  const offsetBefore = londonOffsetMs(wallMs - DAY_MS);
  const offsetAfter = londonOffsetMs(wallMs + DAY_MS);
  const candidates = [wallMs - offsetBefore, wallMs - offsetAfter].filter((instant) => instant + londonOffsetMs(instant) === wallMs).sort((a, b) => a - b);
  // No candidate: the time is in the gap, so keep the pre-change offset (moves it forward).
  return new Date(candidates[0] ?? wallMs - offsetBefore).toISOString();
}

/** London's UTC offset (ms) at a UTC instant (ms since epoch). */
function londonOffsetMs(instantMs: number): number {
  return dayjs(instantMs).tz(TIMEZONE).utcOffset() * 60 * 1000;
}

/** Season label from its start year: 2025 → '2025/26'. Throws RangeError unless a 4-digit year. */
export function seasonLabel(startYear: number): string {
  return `${checkYear(startYear)}/${endYearSuffix(startYear)}`;
}

/** Season URL slug from its start year: 2025 → '2025-26'. Throws RangeError unless a 4-digit year. */
export function seasonSlug(startYear: number): string {
  return `${checkYear(startYear)}-${endYearSuffix(startYear)}`;
}

/**
 * Start year from a season slug or label: '2025-26' or '2025/26' → 2025.
 * Throws RangeError on any other shape or when the second year does not follow the first.
 */
export function seasonStartYear(slugOrLabel: string): number {
  const match = /^(\d{4})[-/](\d{2})$/.exec(slugOrLabel);
  const start = match ? Number(match[1]) : NaN;
  if (!match || match[2] !== endYearSuffix(start)) {
    throw new RangeError(`Invalid season: '${slugOrLabel}' (expected e.g. '2025-26' or '2025/26')`);
  }
  return start;
}

/**
 * Start year of the season containing an instant; seasons start on 1 July,
 * London time: '2025-06-30T23:30:00Z' (00:30 BST on 1 July) → 2025.
 */
export function seasonOfDate(input: DateInput): number {
  const d = inLondon(input);
  return d.month() + 1 >= SEASON_START_MONTH ? d.year() : d.year() - 1;
}

function checkYear(year: number): number {
  if (!Number.isInteger(year) || year < 1000 || year > 9999) {
    throw new RangeError(`Invalid season start year: ${year}`);
  }
  return year;
}

function endYearSuffix(startYear: number): string {
  return String((startYear + 1) % 100).padStart(2, '0');
}
