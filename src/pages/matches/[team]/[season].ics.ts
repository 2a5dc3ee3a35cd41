/**
 * /matches/:team/:season.ics — the calendar feed of a team's season: one event per
 * fixture and result (src/lib/fixtureCalendar), kick-offs as UTC instants. Static endpoint.
 */
import type { APIRoute, GetStaticPaths } from 'astro';
import { getTeams, type Team } from '../../../queries/teams';
import { getCompetitionMap, getMatches, getTeamSeasons } from '../../../queries/matches';
import { getPlatformSettings } from '../../../queries/settings';
import { seasonCalendar } from '../../../queries/calendar';
import { getAsOf } from '../../../queries/clock';
import { matchesUrl } from '../../../lib/routes';

export const getStaticPaths = (async () => {
  const teams = (await getTeams()).filter((t) => t.showOnMatches);
  const paths = await Promise.all(
    teams.map(async (team) => (await getTeamSeasons(team.slug)).map((season) => ({ params: { team: team.segment, season }, props: { team, season } }))),
  );
  return paths.flat();
}) satisfies GetStaticPaths;

export const GET: APIRoute = async ({ props, site }) => {
  const { team, season } = props as { team: Team; season: string };
  const [matches, competitions, platform, asOf] = await Promise.all([getMatches(team.slug, season), getCompetitionMap(), getPlatformSettings(), getAsOf()]);
  const body = seasonCalendar({
    clubName: platform.clubName,
    team,
    season,
    matches,
    competitionName: (id) => competitions.get(id)?.name ?? id,
    site: site ?? new URL('http://localhost:4321'),
    pageUrl: matchesUrl(team.segment, season),
    generatedAt: asOf,
  });
  return new Response(body, { headers: { 'Content-Type': 'text/calendar; charset=utf-8' } });
};
