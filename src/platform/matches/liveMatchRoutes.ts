/**
 * Live matches (docs/live-matches.md): POST /api/matches/feed (the provider's signed push; guards:
 * rate limit, JSON, 64 KB, Terrace-Signature HMAC with MATCH_FEED_SECRET — 401 invalid_signature or
 * stale_signature beyond 60 s, 409 replayed, 400 naming fields), GET /api/matches/live and
 * /api/matches/live/{matchId} (404 not_live). Events are stored once and folded in sequence order;
 * the first full-time delivery starts a rebuild. Reads are CDN-cached (LIVE_CACHE) with a strong ETag.
 */
import { createHash } from 'node:crypto';
import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { etagMatches } from '../../lib/etag.ts';
import { rebuildTriggerFromEnv, type RebuildTrigger } from '../content/rebuild.ts';
import { SIGNATURE_HEADER, verifySignature } from '../content/signature.ts';
import type { PlatformDeps, RateLimitStore } from '../deps.ts';
import { limitBody } from '../http/bodyLimit.ts';
import { ApiError, errorResponses } from '../http/errors.ts';
import { requireMediaType } from '../http/mediaType.ts';
import { rateLimit, type RateLimitPolicy } from '../http/rateLimit.ts';
import type { PlatformHonoEnv } from '../http/types.ts';
import { createRouter, fieldIssues } from '../http/validation.ts';
import { getLiveMatch, listRecentLiveMatches, recordLiveEvents } from '../storage/liveMatches.ts';
import { liveFeedDeliverySchema, liveFeedResponseSchema, liveMatchesResponseSchema, liveMatchIdParam, liveMatchResponseSchema } from './liveMatchContract.ts';

/** Signature timestamps further than this from now (either way) are refused: a live feed is live. */
export const MATCH_FEED_TOLERANCE_SECONDS = 60;
/** Largest delivery (bytes). */
export const MAX_MATCH_FEED_BODY_BYTES = 64 * 1024;
/** Per-client limit of the feed: a provider pushes a few deliveries a second across all matches. */
export const MATCH_FEED_RATE_LIMIT: RateLimitPolicy = { limit: 600, windowMs: 60_000 };
/** How long a match stays in GET /api/matches/live after its last event. */
export const LIVE_LIST_WINDOW_MS = 6 * 60 * 60_000;
/** What a CDN may keep and serve stale (seconds); browsers always revalidate. */
export const LIVE_CACHE = { sMaxAge: 5, staleWhileRevalidate: 10 } as const;

const REPLAY_WINDOW_MS = 2 * MATCH_FEED_TOLERANCE_SECONDS * 1000;

/** The replay memory: a hit counter per signature digest in the deps' rate-limit store. */
function replayMemory(store: RateLimitStore) {
  store.init?.({ windowMs: REPLAY_WINDOW_MS } as Parameters<NonNullable<RateLimitStore['init']>>[0]);
  return {
    async first(digest: string): Promise<boolean> {
      return (await store.increment(`sig:${digest}`)).totalHits === 1;
    },
  };
}

/** Answers `body` as cacheable JSON with a strong ETag, or 304 when the browser has it. */
function cachedJson(c: Context<PlatformHonoEnv>, body: unknown) {
  const text = JSON.stringify(body);
  const etag = `"${createHash('sha256').update(text).digest('base64url').slice(0, 27)}"`;
  c.header('ETag', etag);
  c.header('Cache-Control', 'public, max-age=0, must-revalidate');
  c.header('Netlify-CDN-Cache-Control', `public, s-maxage=${LIVE_CACHE.sMaxAge}, stale-while-revalidate=${LIVE_CACHE.staleWhileRevalidate}`);
  c.header('Vary', 'Accept-Encoding');
  if (etagMatches(c.req.header('if-none-match'), etag)) return c.body(null, 304);
  return c.body(text, 200, { 'Content-Type': 'application/json; charset=utf-8' });
}

/**
 * The live matches router (mounted at /api by createPlatformApp). `trigger` defaults to the
 * content webhook's (rebuildTriggerFromEnv); null means full time cannot rebuild the site.
 */
export function createMatchesRouter(deps: PlatformDeps, trigger: RebuildTrigger | null = rebuildTriggerFromEnv(deps.env, deps.logger)) {
  const replay = replayMemory(deps.rateLimitStore('match-feed-replay'));

  const feed = createRoute({
    method: 'post',
    path: '/matches/feed',
    tags: ['matches'],
    summary: 'The match-data provider\'s signed push (Terrace-Signature: t=<unix s>,v1=<hex HMAC-SHA256 of "<t>.<body>">). Body: LiveFeedDelivery.',
    middleware: [
      rateLimit('match-feed', MATCH_FEED_RATE_LIMIT, deps.rateLimitStore('match-feed'), () => deps.clock.now()),
      requireMediaType('application/json'),
      limitBody(MAX_MATCH_FEED_BODY_BYTES),
    ] as const,
    request: { headers: z.object({ [SIGNATURE_HEADER]: z.string().max(1024).optional() }) },
    responses: {
      202: { description: 'Accepted and stored', content: { 'application/json': { schema: liveFeedResponseSchema } } },
      ...errorResponses(400, 401, 409, 413, 415, 429, 503),
    },
  });

  const list = createRoute({
    method: 'get',
    path: '/matches/live',
    tags: ['matches'],
    summary: 'Matches with feed events in the last 6 hours, each folded into its live state (CDN-cached for 5 s)',
    responses: {
      200: { description: 'The live matches', content: { 'application/json': { schema: liveMatchesResponseSchema } } },
      304: { description: 'Not modified (If-None-Match)' },
    },
  });

  const one = createRoute({
    method: 'get',
    path: '/matches/live/{matchId}',
    tags: ['matches'],
    summary: "One match's live state (CDN-cached for 5 s)",
    request: { params: z.object({ matchId: liveMatchIdParam }) },
    responses: {
      200: { description: 'The live state', content: { 'application/json': { schema: liveMatchResponseSchema } } },
      304: { description: 'Not modified (If-None-Match)' },
      ...errorResponses(400, 404),
    },
  });

  return createRouter()
    .openapi(feed, async (c) => {
      c.header('Cache-Control', 'no-store');
      const secret = deps.env.MATCH_FEED_SECRET;
      if (!secret) {
        deps.logger.error('match feed: MATCH_FEED_SECRET is not set; every delivery is refused');
        throw new ApiError(503, 'feed_unconfigured', 'The match feed is not configured');
      }
      const raw = await c.req.text();
      const verdict = verifySignature(c.req.header(SIGNATURE_HEADER), raw, secret, Math.floor(deps.clock.now().getTime() / 1000), MATCH_FEED_TOLERANCE_SECONDS);
      if (!verdict.ok) {
        deps.logger.warn('match feed: signature refused', { requestId: c.get('requestId'), problem: verdict.problem });
        if (verdict.problem === 'stale')
          throw new ApiError(401, 'stale_signature', `The signature's timestamp is more than ${MATCH_FEED_TOLERANCE_SECONDS} s from now`);
        throw new ApiError(401, 'invalid_signature', 'The Terrace-Signature header is missing or does not match the body');
      }
      if (!(await replay.first(verdict.digest))) throw new ApiError(409, 'replayed', 'This delivery was already received');
      let json: unknown;
      try {
        json = JSON.parse(raw);
      } catch {
        throw new ApiError(400, 'invalid_json', 'The body is not valid JSON');
      }
      const parsed = liveFeedDeliverySchema.safeParse(json);
      if (!parsed.success) throw new ApiError(400, 'invalid_request', 'The request has invalid fields (json)', { fields: fieldIssues(parsed.error) });
      const delivery = parsed.data;
      const db = await deps.db.get();
      const fresh = await recordLiveEvents(db, delivery.matchId, delivery.events, deps.clock.now());
      const fullTime = delivery.events.some((event) => event.type === 'full_time' && fresh.includes(event.id));
      if (fullTime) {
        if (trigger) {
          trigger({ id: `full-time-${delivery.matchId}`, feed: 'fixtures', action: 'updated', items: [delivery.matchId] }).catch((error: unknown) => {
            deps.logger.error('match feed: the rebuild after full time could not start', { matchId: delivery.matchId, error: String(error) });
          });
        } else {
          deps.logger.error('match feed: full time, but nothing can rebuild the site (set NETLIFY_BUILD_HOOK_URL)', { matchId: delivery.matchId });
        }
      }
      deps.logger.info('match feed: delivery stored', {
        delivery: delivery.id,
        matchId: delivery.matchId,
        events: delivery.events.length,
        newEvents: fresh.length,
        fullTime,
      });
      return c.json({ data: { accepted: true as const, newEvents: fresh.length, rebuild: fullTime && trigger !== null } }, 202);
    })
    .openapi(list, async (c) => {
      const db = await deps.db.get();
      const matches = await listRecentLiveMatches(db, new Date(deps.clock.now().getTime() - LIVE_LIST_WINDOW_MS));
      return cachedJson(c, { data: matches }) as never;
    })
    .openapi(one, async (c) => {
      const { matchId } = c.req.valid('param');
      const db = await deps.db.get();
      const match = await getLiveMatch(db, matchId);
      if (!match) throw new ApiError(404, 'not_live', 'The feed has sent nothing for this match');
      return cachedJson(c, { data: match }) as never;
    });
}
