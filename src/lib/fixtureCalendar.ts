/**
 * iCalendar (RFC 5545) feeds of fixtures and results: one VEVENT per match (ical-generator).
 * DTSTART is the kick-off in UTC, DTEND MATCH_DURATION_MINUTES later; a kick-off without a known
 * time is an all-day event, never a made-up time. SUMMARY 'Home v Away' or 'Home 4–1 Away' once
 * played; STATUS CANCELLED, TENTATIVE (postponed) or CONFIRMED; UID the caller's stable id, so a
 * subscribed calendar updates in place; DTSTAMP `generatedAt`.
 * Input instants are ISO strings; output the calendar text (CRLF, folded), every feed text escaped
 * so none can start a property of its own. Errors: RangeError for an unparsable instant.
 */
import ical, { ICalEventStatus } from 'ical-generator';
import { icalText } from './escape';
import { hasKickOffTime } from './kickOffTime';
import type { MatchScore } from './matchRecords';
import { formatGoals, scoreLine, scoreNote } from './scoreLine';

/** Minutes a match occupies in a calendar: 90, a 15-minute half-time and stoppages. */
export const MATCH_DURATION_MINUTES = 115;

const DAY_MS = 24 * 60 * 60 * 1000;

/** One match as a calendar event needs it. */
export interface CalendarMatch {
  uid: string;
  /** London date, 'YYYY-MM-DD'. */
  date: string;
  kickOff: string;
  /** London kick-off time 'HH:mm', or null while it is to be confirmed. */
  kickOffLocal: string | null;
  home: string;
  away: string;
  competitionName: string;
  round: string | null;
  venue: string | null;
  status: 'played' | 'scheduled' | 'cancelled' | 'postponed';
  score: MatchScore;
  /** Absolute URL of the match centre. */
  url: string;
}

export interface FixtureCalendarOptions {
  /** Calendar name, e.g. 'Stoke City First Team fixtures 2026/27'. */
  name: string;
  description: string;
  /** Absolute URL of the page the feed belongs to. */
  url: string;
  /** ISO instant used as every event's DTSTAMP. */
  generatedAt: string;
  /** PRODID parts. */
  company: string;
  product: string;
}

function instant(iso: string, what: string): Date {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) throw new RangeError(`fixtureCalendar: invalid ${what} '${iso}'`);
  return date;
}

/** The event title of a match: 'Home v Away' or 'Home 2–1 Away'. */
export function calendarSummary(match: Pick<CalendarMatch, 'home' | 'away' | 'status' | 'score'>): string {
  const line = match.status === 'played' ? scoreLine(match.score) : null;
  return line ? `${match.home} ${formatGoals(line.final)} ${match.away}` : `${match.home} v ${match.away}`;
}

function description(match: CalendarMatch): string {
  const lines = [[match.competitionName, match.round].filter(Boolean).join(', ')];
  const line = match.status === 'played' ? scoreLine(match.score) : null;
  if (line) {
    const note = scoreNote(line);
    lines.push(
      `Result: ${match.home} ${formatGoals(line.final)} ${match.away}${note ? ` (${note})` : ''}${line.halfTime ? `, half time ${formatGoals(line.halfTime)}` : ''}`,
    );
  } else if (match.status !== 'scheduled') {
    lines.push(`This match was ${match.status}.`);
  }
  lines.push(`Match centre: ${match.url}`);
  return lines.join('\n');
}

const STATUS: Record<CalendarMatch['status'], ICalEventStatus> = {
  played: ICalEventStatus.CONFIRMED,
  scheduled: ICalEventStatus.CONFIRMED,
  postponed: ICalEventStatus.TENTATIVE,
  cancelled: ICalEventStatus.CANCELLED,
};

/** The iCalendar text of `matches`, one event each, in kick-off order. */
export function fixtureCalendar(options: FixtureCalendarOptions, matches: readonly CalendarMatch[]): string {
  const stamp = instant(options.generatedAt, 'generatedAt');
  const calendar = ical({
    // ical-generator writes these calendar properties as given: escaped here (src/lib/escape).
    name: icalText(options.name),
    description: icalText(options.description),
    url: options.url,
    prodId: { company: icalText(options.company), product: icalText(options.product), language: 'EN' },
    ttl: 60 * 60 * 6,
  });
  for (const match of [...matches].sort((a, b) => a.kickOff.localeCompare(b.kickOff))) {
    const timed = hasKickOffTime(match);
    // An all-day event: the date at UTC midnight, which ical-generator writes as a plain date.
    const start = timed ? instant(match.kickOff, `kick-off of ${match.uid}`) : instant(`${match.date}T00:00:00Z`, `date of ${match.uid}`);
    calendar.createEvent({
      id: match.uid,
      start,
      end: new Date(start.getTime() + (timed ? MATCH_DURATION_MINUTES * 60 * 1000 : DAY_MS)),
      allDay: !timed,
      stamp,
      summary: calendarSummary(match),
      description: description(match),
      location: match.venue,
      url: match.url,
      categories: [{ name: match.competitionName }],
      status: STATUS[match.status],
    });
  }
  return calendar.toString();
}
