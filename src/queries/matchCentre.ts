/**
 * Which match centre the shorter /match routes show (spec §2 /match/:team?/:season?/:matchID?,
 * every part optional): /match is the first team's, /match/:team a team's and /match/:team/:season
 * a team's season's featured match (src/lib/fixtureList featuredMatch: the next fixture at the
 * site's clock, else the latest result), with its previous and next match.
 */
import { getAsOf } from './clock';
import { getMatches, type Match } from './matches';
import type { Team } from './teams';
import { featuredMatch } from '../lib/fixtureList';

/** A match with the team's matches either side of it (null at the ends). */
export interface MatchInContext {
  match: Match;
  previous: Match | null;
  next: Match | null;
}

/** The featured match of a team, or of one of its seasons; null when it has no published match. */
export async function getFeaturedMatch(team: Team, season?: string): Promise<MatchInContext | null> {
  const [all, asOf] = await Promise.all([getMatches(team.slug), getAsOf()]);
  const match = featuredMatch(season === undefined ? all : all.filter((m) => m.season === season), asOf);
  if (!match) return null;
  const i = all.indexOf(match);
  return { match, previous: all[i - 1] ?? null, next: all[i + 1] ?? null };
}
