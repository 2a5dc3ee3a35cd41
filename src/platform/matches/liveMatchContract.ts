/**
 * The live match contract: what the match-data provider pushes to POST /api/matches/feed, and
 * what GET /api/matches/live answers (src/lib/liveMatch.ts folds the one into the other).
 * Validated only after the delivery's signature matched.
 */
import { z } from '@hono/zod-openapi';
import { LIVE_EVENT_TYPES } from '../../lib/liveMatch.ts';

/** A fixture's matchID (spec §3 Match), e.g. 2026-08-29-wolverhampton-wanderers. */
const matchId = z
  .string()
  .trim()
  .min(1)
  .max(120)
  .regex(/^[a-z0-9][a-z0-9-]*$/, 'must be a matchID (lower-case letters, digits and -)');

/** A player's name as the provider spells it. */
const playerName = z
  .string()
  .trim()
  .min(1)
  .max(80)
  .regex(/^[^\p{Cc}\p{Cf}<>]+$/u, 'must be a plain name');

const side = z.enum(['home', 'away']);

/** One event of a delivery. */
export const liveEventSchema = z
  .object({
    id: z
      .string()
      .trim()
      .min(1)
      .max(64)
      .regex(/^[\w.:-]+$/, 'must be an event id (letters, digits, _ . : -)'),
    sequence: z.number().int().min(1).max(100_000),
    type: z.enum(LIVE_EVENT_TYPES),
    minute: z.number().int().min(0).max(130),
    addedMinute: z.number().int().min(1).max(30).optional(),
    side: side.optional(),
    player: playerName.optional(),
    playerOff: playerName.optional(),
    detail: z.enum(['penalty', 'own goal']).optional(),
    lineups: z
      .object({ home: z.array(playerName).max(30), away: z.array(playerName).max(30) })
      .strict()
      .optional(),
  })
  .strict()
  .superRefine((event, ctx) => {
    const needsSide = event.type === 'goal' || event.type === 'yellow_card' || event.type === 'red_card' || event.type === 'substitution';
    if (needsSide && !event.side) ctx.addIssue({ code: 'custom', path: ['side'], message: `a ${event.type} names its side` });
    if (event.type === 'lineups' && !event.lineups) ctx.addIssue({ code: 'custom', path: ['lineups'], message: 'a lineups event carries the line-ups' });
  })
  .openapi('LiveEvent');

/** POST /api/matches/feed body: one delivery of one match's events (new or repeated). */
export const liveFeedDeliverySchema = z
  .object({
    /** The provider's delivery id (logs; replay is refused by signature). */
    id: z.string().trim().min(1).max(100),
    matchId,
    events: z.array(liveEventSchema).min(1).max(200),
  })
  .strict()
  .openapi('LiveFeedDelivery');

/** A validated delivery. */
export type LiveFeedDelivery = z.infer<typeof liveFeedDeliverySchema>;

/** 202 answer to a delivery. */
export const liveFeedResponseSchema = z
  .object({
    data: z.object({
      accepted: z.literal(true),
      /** Events stored by this delivery (repeats are not). */
      newEvents: z.number().int(),
      /** Whether this delivery brought full time and asked for the site's rebuild. */
      rebuild: z.boolean(),
    }),
  })
  .openapi('LiveFeedAccepted');

/** A match's live state (src/lib/liveMatch.ts LiveMatchState). */
export const liveMatchSchema = z
  .object({
    matchId: z.string(),
    phase: z.enum(['pre_match', 'first_half', 'half_time', 'second_half', 'full_time']),
    minute: z.number().nullable(),
    addedMinute: z.number().nullable(),
    score: z.object({ home: z.number(), away: z.number() }),
    events: z.array(liveEventSchema),
    lineups: z.object({ home: z.array(z.string()), away: z.array(z.string()) }).nullable(),
    sequence: z.number(),
  })
  .openapi('LiveMatch');

/** GET /api/matches/live answer. */
export const liveMatchesResponseSchema = z.object({ data: z.array(liveMatchSchema) }).openapi('LiveMatches');

/** GET /api/matches/live/{matchId} answer. */
export const liveMatchResponseSchema = z.object({ data: liveMatchSchema }).openapi('LiveMatchResponse');

/** The matchId path parameter. */
export const liveMatchIdParam = matchId.openapi({ param: { name: 'matchId', in: 'path' } });
