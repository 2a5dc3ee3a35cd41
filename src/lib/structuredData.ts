/**
 * schema.org structured data (JSON-LD) for the football pages: SportsEvent for the
 * match centre, SportsTeam for a squad page, Person for a player profile; and the text to put
 * in a <script type="application/ld+json"> element.
 *
 * Inputs are plain values (names, ISO instants and dates, absolute URLs); outputs are plain
 * objects ready for JSON. Pure; never throws.
 */

import { jsonScriptText } from './escape';

/** A JSON-LD object. */
export type JsonLd = Record<string, unknown>;

const CONTEXT = 'https://schema.org';

/**
 * The JSON text of a JSON-LD object, safe inside a <script> element (src/lib/escape
 * jsonScriptText): no value can close the element or open a comment.
 */
export function jsonLdText(data: JsonLd): string {
  return jsonScriptText(data);
}

export interface SportsEventInput {
  home: string;
  away: string;
  /** UTC ISO instant, or the date alone ('2027-01-01') while the time is to be confirmed (src/lib/kickOffTime). */
  kickOff: string;
  status: 'played' | 'scheduled' | 'cancelled' | 'postponed';
  venue: string | null;
  /** e.g. 'Championship 2023/24'. */
  competition: string;
  /** Absolute URL of the match centre. */
  url: string;
  description: string;
}

const EVENT_STATUS: Record<SportsEventInput['status'], string> = {
  played: 'https://schema.org/EventScheduled',
  scheduled: 'https://schema.org/EventScheduled',
  postponed: 'https://schema.org/EventPostponed',
  cancelled: 'https://schema.org/EventCancelled',
};

/** A match as a schema.org SportsEvent (location only when the venue is known). */
export function sportsEventJsonLd(match: SportsEventInput): JsonLd {
  const home = { '@type': 'SportsTeam', name: match.home };
  const away = { '@type': 'SportsTeam', name: match.away };
  return {
    '@context': CONTEXT,
    '@type': 'SportsEvent',
    name: `${match.home} v ${match.away}`,
    description: match.description,
    url: match.url,
    sport: 'Football',
    startDate: match.kickOff,
    eventStatus: EVENT_STATUS[match.status],
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    homeTeam: home,
    awayTeam: away,
    competitor: [home, away],
    ...(match.venue ? { location: { '@type': 'Place', name: match.venue } } : {}),
    superEvent: { '@type': 'SportsEvent', name: match.competition },
  };
}

/** A squad as a schema.org SportsTeam with its players as athletes. */
export function sportsTeamJsonLd(team: { name: string; url: string; players: { name: string; url: string }[] }): JsonLd {
  return {
    '@context': CONTEXT,
    '@type': 'SportsTeam',
    name: team.name,
    sport: 'Football',
    url: team.url,
    athlete: team.players.map((p) => ({ '@type': 'Person', name: p.name, url: p.url })),
  };
}

/** A player as a schema.org Person, member of their team. Height in centimetres. */
export function personJsonLd(player: {
  name: string;
  url: string;
  birthDate: string;
  nationality: string;
  heightCm: number | null;
  jobTitle: string;
  image: string;
  team: string;
}): JsonLd {
  return {
    '@context': CONTEXT,
    '@type': 'Person',
    name: player.name,
    url: player.url,
    image: player.image,
    birthDate: player.birthDate,
    nationality: { '@type': 'Country', name: player.nationality },
    ...(player.heightCm ? { height: { '@type': 'QuantitativeValue', value: player.heightCm, unitCode: 'CMT' } } : {}),
    jobTitle: player.jobTitle,
    memberOf: { '@type': 'SportsTeam', name: player.team },
  };
}
