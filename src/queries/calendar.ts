import { fixtureCalendar, type CalendarMatch } from '../lib/fixtureCalendar';
import { matchCentreUrl } from '../lib/routes';
import { seasonLabel, seasonStartYear } from '../lib/dates';
import type { Match } from './matches';
import type { Team } from './teams';

/** A match of a team as a calendar event, with absolute URLs on `site`. */
export function toCalendarMatch(match: Match, team: Team, competitionName: string, site: URL): CalendarMatch {
  return {
    uid: `${team.segment}/${match.matchID}@${site.hostname}`,
    date: match.date,
    kickOff: match.kickOff,
    kickOffLocal: match.kickOffLocal,
    home: match.home,
    away: match.away,
    competitionName,
    round: match.round,
    venue: match.venue,
    status: match.status,
    score: match.score,
    url: new URL(matchCentreUrl(team.segment, match.season, match.matchID), site).href,
  };
}

/**
 * The .ics text of a team's matches in one season. `generatedAt` (DTSTAMP) is the site's clock
 * (src/queries/clock getAsOf), so every feed of one build carries the same stamp.
 */
export function seasonCalendar(opts: {
  clubName: string;
  team: Team;
  season: string;
  matches: Match[];
  competitionName: (id: string) => string;
  site: URL;
  pageUrl: string;
  generatedAt: string;
}): string {
  const label = seasonLabel(seasonStartYear(opts.season));
  return fixtureCalendar(
    {
      name: `${opts.clubName} ${opts.team.name} ${label}`,
      description: `Every ${opts.clubName} ${opts.team.name} fixture and result of the ${label} season. Kick-off times are in UK time.`,
      url: new URL(opts.pageUrl, opts.site).href,
      generatedAt: opts.generatedAt,
      company: opts.clubName,
      product: 'Terrace fixtures',
    },
    opts.matches.map((m) => toCalendarMatch(m, opts.team, opts.competitionName(m.competition), opts.site)),
  );
}
