/**
 * Addresses of the calendar feeds: a season feed per team, '/matches/{team}/{season}.ics',
 * a single-fixture file beside each match centre, '/match/{team}/{season}/{matchID}.ics', and the
 * webcal: form of a feed's absolute URL for "Subscribe" links (calendar apps then poll it).
 * Errors: RouteParamError (src/lib/routes) for a malformed team, season or match id; TypeError
 * from webcalUrl for a URL that is not http(s).
 */
import { matchCentreUrl, matchesUrl } from './routes';

/** '/matches/first-team/2026-27.ics'. */
export function seasonCalendarPath(teamSegment: string, seasonSlug: string): string {
  return `${matchesUrl(teamSegment, seasonSlug)}.ics`;
}

/** '/match/first-team/2026-27/2026-08-15-swansea-city.ics'. */
export function fixtureCalendarPath(teamSegment: string, seasonSlug: string, matchID: string): string {
  return `${matchCentreUrl(teamSegment, seasonSlug, matchID)}.ics`;
}

/** 'https://club.example/x.ics' → 'webcal://club.example/x.ics'. */
export function webcalUrl(absoluteUrl: string): string {
  const url = new URL(absoluteUrl);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new TypeError(`webcalUrl: expected an http(s) URL, got '${absoluteUrl}'`);
  return `webcal://${url.host}${url.pathname}${url.search}`;
}
