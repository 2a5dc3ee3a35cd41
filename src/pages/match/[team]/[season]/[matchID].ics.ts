/**
 * /match/:team/:season/:matchID.ics — one fixture as a calendar file, for the "Add to calendar"
 * links. Static endpoint; the event's UID is the same as in the season feed, so a
 * calendar that has both keeps one event.
 */
import type { APIRoute, GetStaticPaths } from 'astro';
import { getTeams, type Team } from '../../../../queries/teams';
import { getCompetitionMap, getMatches, type Match } from '../../../../queries/matches';
import { getPlatformSettings } from '../../../../queries/settings';
import { toCalendarMatch } from '../../../../queries/calendar';
import { getAsOf } from '../../../../queries/clock';
import { fixturesDigest, renderSiteKey } from '../../../../queries/renderInputs';
import { planRender } from '../../../../integrations/renderPlan';
import { fixtureCalendar } from '../../../../lib/fixtureCalendar';
import { matchCentreUrl } from '../../../../lib/routes';

export const getStaticPaths = (async () => {
  const [teams, asOf, fixtures, site] = await Promise.all([getTeams(), getAsOf(), fixturesDigest(), renderSiteKey()]);
  const paths = await Promise.all(
    teams.map(async (team) =>
      (await getMatches(team.slug)).map((match) => ({
        path: { params: { team: team.segment, season: match.season, matchID: match.matchID }, props: { team, match } },
        file: `match/${team.segment}/${match.season}/${match.matchID}.ics`,
        // The fixtures data, and the clock the file records (generatedAt).
        inputs: `${fixtures}\0${asOf}`,
      })),
    ),
  );
  // Incremental builds write only the calendar files whose inputs changed (src/integrations/renderPlan.ts).
  return planRender('match-calendar', site, paths.flat());
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
