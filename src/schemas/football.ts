import { z } from 'astro/zod';
import { demoFlag, httpUrl, imageKey, isoDate, isoDateTime, localTime, seasonSlug, slug } from './common';

/** Team (spec §3): the four teams with their ids and display flags. */
export const teamSchema = z.object({
  name: z.string().min(1),
  slug: z.union([z.literal(''), slug]),
  id: z.string().regex(/^t\d+$/, "must be a team id like 't110'"),
  showOnMatches: z.boolean(),
  showOnTeams: z.boolean(),
  externalTeamPage: httpUrl.nullable(),
  externalMatchPage: httpUrl.nullable(),
  isSingleGroup: z.boolean(),
  displayPositionOnCard: z.boolean(),
  isMiniCard: z.boolean(),
  showTeamOverview: z.boolean(),
  childFriendly: z.boolean(),
  order: z.number().int(),
  shortName: z.string(),
  overview: z.string().optional(),
  imageKey: imageKey.optional(),
});

/** Competition a match is played in; crest configuration as spec §3. */
export const competitionSchema = z.object({
  id: slug,
  name: z.string().min(1),
  shortName: z.string().min(1),
  type: z.enum(['league', 'cup', 'friendly']),
  crest: z.object({ type: z.enum(['crest', 'pill']), iconStyle: z.string() }),
});

/** A season, e.g. 2025/26 (spec §9: season 2025, label '2025/26', slug '2025-26'). */
export const seasonSchema = z.object({
  slug: seasonSlug,
  label: z.string().regex(/^\d{4}\/\d{2}$/),
  startYear: z.number().int(),
});

const score = z.number().int().min(0).nullable();

/**
 * A fixture or result of one of the club's teams. Kick-off is stored both as the London
 * wall-clock time of the source and as a UTC instant. Scores follow the source: full time,
 * half time, after extra time and penalty shoot-out; null where not played or not known.
 */
export const matchSchema = z.object({
  matchID: slug,
  teamSlug: z.union([z.literal(''), slug]),
  season: seasonSlug,
  competition: slug,
  stage: z.string().nullable(),
  round: z.string().nullable(),
  date: isoDate,
  kickOffLocal: localTime.nullable(),
  kickOff: isoDateTime,
  home: z.string().min(1),
  away: z.string().min(1),
  isHome: z.boolean(),
  opponent: z.string().min(1),
  venue: z.string().nullable(),
  status: z.enum(['played', 'scheduled', 'cancelled', 'postponed']),
  score: z.object({ ftHome: score, ftAway: score, htHome: score, htAway: score, etHome: score, etAway: score, penHome: score, penAway: score }),
  result: z.enum(['W', 'D', 'L']).nullable(),
  source: z.string().min(1),
  demo: demoFlag,
});

/** One league match as input for computing a league table. */
export const leagueMatchSchema = z.object({
  date: isoDate,
  stage: z.string().nullable(),
  home: z.string(),
  away: z.string(),
  ftHome: z.number().int().min(0),
  ftAway: z.number().int().min(0),
});

/** League table input for a competition and season: clubs, matches, points deductions. */
export const leagueTableInputSchema = z.object({
  competition: slug,
  season: seasonSlug,
  clubs: z.array(z.string()).min(2),
  matches: z.array(leagueMatchSchema),
  deductions: z.array(z.object({ club: z.string(), points: z.number().int().positive(), reason: z.string() })),
  source: z.string(),
});

/** A player (demo people; spec §3 team flags decide how they show). */
export const playerSchema = z.object({
  slug: slug,
  teamSlug: z.union([z.literal(''), slug]),
  firstName: z.string().min(1),
  lastName: z.string().min(1),
  knownName: z.string().optional(),
  shirtNumber: z.number().int().min(1).max(99).nullable(),
  position: z.enum(['Goalkeeper', 'Defender', 'Midfielder', 'Forward']),
  nationality: z.string().min(1),
  dateOfBirth: isoDate,
  heightCm: z.number().int().min(140).max(215).nullable(),
  biography: z.string(),
  imageKey: imageKey,
  joined: isoDate.optional(),
  previousClubs: z.array(z.string()).default([]),
  stats: z.array(z.object({ season: seasonSlug, appearances: z.number().int().min(0), goals: z.number().int().min(0) })).default([]),
  demo: demoFlag,
});

/** Demo line-ups and minute-by-minute events for the match centre. */
export const matchEventsSchema = z.object({
  matchID: slug,
  lineups: z.object({ home: z.array(z.string()), away: z.array(z.string()) }).optional(),
  events: z.array(
    z.object({
      minute: z.number().int().min(0).max(130),
      type: z.enum(['goal', 'yellow', 'red', 'sub', 'comment']),
      side: z.enum(['home', 'away']).nullable(),
      text: z.string(),
    }),
  ),
  demo: demoFlag,
});
