/**
 * /match/:team/:season/:matchID.ics — one fixture as a calendar file, for the "Add to calendar"
 * links (issue 3). Static endpoint; the event's UID is the same as in the season feed, so a
 * calendar that has both keeps one event.
 */
import type { APIRoute, GetStaticPaths } from 'astro';
import { getTeams, type Team } from '../../../../queries/teams';
import { getCompetitionMap, getMatches, type Match } from '../../../../queries/matches';
import { getPlatformSettings } from '../../../../queries/settings';
import { toCalendarMatch } from '../../../../queries/calendar';
import { getAsOf } from '../../../../queries/clock';
import { fixtureCalendar } from '../../../../lib/fixtureCalendar';
import { matchCentreUrl } from '../../../../lib/routes';

export const getStaticPaths = (async () => {
  const teams = await getTeams();
  const paths = await Promise.all(
    teams.map(async (team) =>
      (await getMatches(team.slug)).map((match) => ({ params: { team: team.segment, season: match.season, matchID: match.matchID }, props: { team, match } })),
    ),
  );
  return paths.flat();
}) satisfies GetStaticPaths;

export const GET: APIRoute = async ({ props, site }) => {
  const { team, match } = props as { team: Team; match: Match };
  const [competitions, platform, asOf] = await Promise.all([getCompetitionMap(), getPlatformSettings(), getAsOf()]);
  const base = site ?? new URL('http://localhost:4321');
  const event = toCalendarMatch(match, team, competitions.get(match.competition)?.name ?? match.competition, base);
  const body = fixtureCalendar(
    {
      name: `${match.home} v ${match.away}`,
      description: `${platform.clubName} ${team.name}`,
      url: new URL(matchCentreUrl(team.segment, match.season, match.matchID), base).href,
      generatedAt: asOf,
      company: platform.clubName,
      product: 'Terrace fixtures',
    },
    [event],
  );
  return new Response(body, { headers: { 'Content-Type': 'text/calendar; charset=utf-8' } });
};
