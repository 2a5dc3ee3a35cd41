/**
 * The streaming routes (docs/streaming-api.md): POST /api/session/check (spec §3 payload → 200 a
 * playback grant | 403 with a spec §8 code, order of decideStreamAccess then the lease),
 * /api/session/heartbeat (fresh token, or continue:false with a reason), /api/session/release (JSON
 * or sendBeacon text → 204), and the video catalogue GETs of spec §7 (./streamCatalogue.ts).
 * Identity comes from the session cookies (src/accounts/server/signedInSession.ts); leases live in
 * Postgres (storage/leases.ts, STREAM_LEASE_SECONDS), video leases count toward the concurrency
 * limit; tokens are bound to account, lease and asset. The session calls share SESSION_RATE_LIMIT.
 */
import { randomUUID } from 'node:crypto';
import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { licenceUrl, playbackUrl, type LicenceKeySystem } from '../rules/playbackToken.ts';
import {
  decideStreamAccess,
  STREAM_CODES,
  STREAM_HEARTBEAT_SECONDS,
  STREAM_LEASE_SECONDS,
  streamErrorText,
  type StreamErrorCode,
} from '../rules/streamAccess.ts';
import { admitAccount, readSession, verifySessionTokens } from '../../accounts/server/signedInSession.ts';
import type { PlatformDeps } from '../../platform/deps.ts';
import { configuredOrigins } from '../../platform/env.ts';
import { limitBody } from '../../platform/http/bodyLimit.ts';
import { requireSameOrigin } from '../../platform/http/csrf.ts';
import { ApiError, errorResponses } from '../../platform/http/errors.ts';
import { requireMediaType } from '../../platform/http/mediaType.ts';
import { rateLimit, type RateLimitPolicy } from '../../platform/http/rateLimit.ts';
import type { PlatformHonoEnv } from '../../platform/http/types.ts';
import { createRouter, fieldIssues } from '../../platform/http/validation.ts';
import { activeEntitlementNames } from '../../platform/storage/entitlements.ts';
import { acquireLease, getLiveLease, releaseLease, renewLeaseOfAccount } from '../../platform/storage/leases.ts';
import type { User } from '../../platform/storage/users.ts';
import { PACKAGE_TYPES, type PlayableAsset } from './streamCatalogue.ts';
import { ANONYMOUS_ACCOUNT, anonymousLeaseId, parseAnonymousLease, playableById } from './leaseCheck.ts';
import {
  heartbeatResponseSchema,
  leaseRequestSchema,
  sessionCheckRequestSchema,
  sessionCheckResponseSchema,
  streamErrorResponseSchema,
  type SessionGrant,
} from '../rules/streamingContract.ts';

/** Largest accepted body of the session routes, in bytes. */
export const MAX_SESSION_BODY_BYTES = 4 * 1024;

/**
 * Session calls per client address per minute (check, heartbeat and release together): a player
 * beats twice a minute, so this leaves room for a household of screens behind one address.
 */
export const SESSION_RATE_LIMIT: RateLimitPolicy = { limit: 120, windowMs: 60_000 };

type Viewer = { kind: 'signed-in'; user: User } | { kind: 'blocked' } | { kind: 'signed-out'; apiError: ApiError };

/** The viewer of this request: signed in, blocked (readSession's 403), or signed out (its 401). */
async function viewerOf(c: Context<PlatformHonoEnv>, deps: PlatformDeps): Promise<Viewer> {
  try {
    const { user } = await readSession(c, deps);
    return { kind: 'signed-in', user };
  } catch (error) {
    if (error instanceof ApiError && error.status === 403 && error.code === 'account_blocked') return { kind: 'blocked' };
    if (error instanceof ApiError && error.status === 401) return { kind: 'signed-out', apiError: error };
    throw error;
  }
}

/** The viewer's country from the runtime's geolocation (upper case), or null when it gave none. */
function countryOf(c: Context<PlatformHonoEnv>): string | null {
  const bound = c.env?.country;
  return typeof bound === 'string' && /^[A-Za-z]{2}$/.test(bound) ? bound.toUpperCase() : null;
}

function refusal(c: Context<PlatformHonoEnv>, code: StreamErrorCode, options: { hasSubscriptions?: boolean; countryUnknown?: boolean } = {}) {
  c.header('Cache-Control', 'no-store');
  return c.json({ errors: [{ code, ...streamErrorText(code, options) }] }, 403);
}

/**
 * Seconds a licence token (aud d) must still be valid to be handed out again rather than signed
 * anew: past the next heartbeat's answer (30 s, plus 10 s for a late answer and clock tolerance).
 * A player asks for a licence when it starts (the session check's token) and seldom after, so a
 * heartbeat signs one on every other beat; the manifest token, used by every request, is new on each.
 */
const LICENCE_TOKEN_REUSE_SECONDS = STREAM_HEARTBEAT_SECONDS + 10;

/** Tokens and URLs for a lease: a fresh manifest token (aud v) and, for DRM assets, licence URLs (aud d). */
async function playbackFor(deps: PlatformDeps, asset: PlayableAsset, accountId: string, leaseId: string) {
  const { signer, config } = deps.streaming();
  if (!signer) throw new ApiError(503, 'streaming_unavailable', 'There was a problem connecting to the video service. Please try again in a few minutes');
  const grant = { playbackId: asset.playbackId, accountId, leaseId, assetId: asset.assetId };
  const video = await signer.sign({ ...grant, audience: 'video' });
  const result: Pick<SessionGrant, 'token' | 'manifestURL' | 'expiresAt' | 'licenceURLs' | 'fairplayCertificateURL'> = {
    token: video.token,
    manifestURL: playbackUrl(config.hostUrl, asset.playbackId, video.token),
    expiresAt: video.expiresAt.toISOString(),
  };
  if (asset.drm) {
    const licence = await signer.sign({ ...grant, audience: 'licence' }, { reuseIfValidFor: LICENCE_TOKEN_REUSE_SECONDS });
    result.licenceURLs = Object.fromEntries(
      config.keySystems.map((system: LicenceKeySystem) => [system, licenceUrl(config.licenceUrl, system, asset.playbackId, licence.token)]),
    );
    if (config.fairplayCertificateUrl && config.keySystems.includes('fairplay')) {
      result.fairplayCertificateURL = `${config.fairplayCertificateUrl}/${asset.playbackId}?token=${encodeURIComponent(licence.token)}`;
    }
  }
  return result;
}

/** Reads the lease body of heartbeat and release: JSON, or the text/plain JSON of a beacon. */
async function leaseIdOf(c: Context<PlatformHonoEnv>): Promise<string> {
  let json: unknown;
  try {
    json = JSON.parse(await c.req.text());
  } catch {
    throw new ApiError(400, 'invalid_json', 'The body is not valid JSON');
  }
  const parsed = leaseRequestSchema.safeParse(json);
  if (!parsed.success) throw new ApiError(400, 'invalid_request', 'The request has invalid fields (json)', { fields: fieldIssues(parsed.error) });
  return parsed.data.data.attributes.leaseID;
}

const stop = (reason: 'blocked' | 'revoked' | 'expired', code: string) => ({ data: { attributes: { continue: false as const, reason, code } } });

/** The streaming router (mounted at /api by createPlatformApp). */
export function createStreamingRouter(deps: PlatformDeps) {
  const sameOrigin = requireSameOrigin({ allowedOrigins: configuredOrigins(deps.env) });
  const ttlMs = STREAM_LEASE_SECONDS * 1000;
  const limited = rateLimit('session', SESSION_RATE_LIMIT, deps.rateLimitStore('session'), () => deps.clock.now());

  const check = createRoute({
    method: 'post',
    path: '/session/check',
    tags: ['streaming'],
    summary: 'Stream session check: a playback token and a concurrency lease, or the spec §8 code',
    middleware: [sameOrigin, limited, requireMediaType('application/json'), limitBody(MAX_SESSION_BODY_BYTES)] as const,
    request: { body: { required: true, content: { 'application/json': { schema: sessionCheckRequestSchema } } } },
    responses: {
      200: { description: 'Playback granted', content: { 'application/json': { schema: sessionCheckResponseSchema } } },
      403: { description: 'Refused with a spec §8 stream code (or forbidden_origin)', content: { 'application/json': { schema: streamErrorResponseSchema } } },
      ...errorResponses(400, 413, 415, 429, 503),
    },
  });

  const heartbeat = createRoute({
    method: 'post',
    path: '/session/heartbeat',
    tags: ['streaming'],
    summary: 'Renew a lease every 30 s: a fresh token, or stop with the reason',
    middleware: [sameOrigin, limited, requireMediaType('application/json'), limitBody(MAX_SESSION_BODY_BYTES)] as const,
    request: { body: { required: true, content: { 'application/json': { schema: leaseRequestSchema } } } },
    responses: {
      200: { description: 'Continue (fresh token) or stop (reason, code)', content: { 'application/json': { schema: heartbeatResponseSchema } } },
      ...errorResponses(400, 401, 403, 413, 415, 429, 503),
    },
  });

  const release = createRoute({
    method: 'post',
    path: '/session/release',
    tags: ['streaming'],
    summary: 'End a lease (player stopped); accepts the text/plain body of navigator.sendBeacon',
    middleware: [sameOrigin, limited, requireMediaType('application/json', 'text/plain'), limitBody(MAX_SESSION_BODY_BYTES)] as const,
    responses: { 204: { description: 'Released (or nothing to release)' }, ...errorResponses(400, 403, 413, 415, 429) },
  });

  const feed = createRoute({
    method: 'get',
    path: '/video/feed/{feed}/sections',
    tags: ['video'],
    summary: 'A page of a feed section (spec §7): sections[0].itemData',
    request: {
      params: z.object({
        feed: z
          .string()
          .min(1)
          .max(64)
          .openapi({ param: { name: 'feed', in: 'path' } }),
      }),
      query: z.object({
        section: z.string().max(64).optional(),
        pageIndex: z.coerce.number().int().min(0).max(10_000).default(0),
        pageSize: z.coerce.number().int().min(1).max(100).default(10),
      }),
    },
    responses: {
      200: {
        description: 'The section page',
        content: { 'application/json': { schema: z.object({ sections: z.array(z.object({ itemData: z.array(z.unknown()) }).loose()) }) } },
      },
      ...errorResponses(400, 404),
    },
  });

  const categories = createRoute({
    method: 'get',
    path: '/video/categories',
    tags: ['video'],
    summary: 'Video categories sorted by attributes.orderPosition (spec §7)',
    responses: {
      200: {
        description: 'Categories',
        content: { 'application/json': { schema: z.object({ data: z.array(z.object({ id: z.string(), attributes: z.record(z.string(), z.unknown()) })) }) } },
      },
    },
  });

  const packages = createRoute({
    method: 'get',
    path: '/video/packages',
    tags: ['video'],
    summary: 'Packages of a type (spec §7): membership or match-pass',
    request: { query: z.object({ 'filter.packageType': z.enum(PACKAGE_TYPES) }) },
    responses: {
      200: { description: 'Packages', content: { 'application/json': { schema: z.object({ data: z.array(z.unknown()) }) } } },
      ...errorResponses(400),
    },
  });

  const stream = createRoute({
    method: 'get',
    path: '/video/streams/{assetId}',
    tags: ['video'],
    summary: 'A stream asset (spec §3): data.attributes',
    request: {
      params: z.object({
        assetId: z
          .string()
          .min(1)
          .max(128)
          .openapi({ param: { name: 'assetId', in: 'path' } }),
      }),
    },
    responses: {
      200: { description: 'The stream asset', content: { 'application/json': { schema: z.object({ data: z.unknown() }) } } },
      ...errorResponses(404),
    },
  });

  return createRouter()
    .openapi(check, async (c) => {
      const { videoID, mediaType, leaseID } = c.req.valid('json').data.attributes;
      const services = deps.streaming();
      const asset = services.catalogue.playable(videoID, mediaType);
      const viewer = await viewerOf(c, deps);
      const now = deps.clock.now();
      const db = await deps.db.get();
      const entitlements = viewer.kind === 'signed-in' ? await activeEntitlementNames(db, viewer.user.id, now) : [];
      const country = countryOf(c);
      const code = decideStreamAccess({
        asset,
        account:
          viewer.kind === 'signed-in'
            ? { blocked: viewer.user.blocked, bypassed: viewer.user.bypassed, entitlements }
            : viewer.kind === 'blocked'
              ? { blocked: true, bypassed: false, entitlements: [] }
              : null,
        country,
        defaultAllowedCountries: services.config.allowedCountries,
      });
      if (code) return refusal(c, code, { hasSubscriptions: entitlements.length > 0, countryUnknown: country === null });
      if (!asset) return refusal(c, STREAM_CODES.unavailable); // unreachable: decideStreamAccess refuses unknown assets
      if (!services.signer)
        throw new ApiError(503, 'streaming_unavailable', 'There was a problem connecting to the video service. Please try again in a few minutes');

      let accountId = ANONYMOUS_ACCOUNT;
      let leaseId = anonymousLeaseId(mediaType, asset.assetId);
      let bypassed = false;
      if (viewer.kind === 'signed-in') {
        const current = leaseID ? await getLiveLease(db, { leaseId: leaseID, userId: viewer.user.id }, now) : null;
        const decision = await acquireLease(db, {
          userId: viewer.user.id,
          deviceId: current?.deviceId ?? randomUUID(),
          assetId: asset.assetId,
          countsTowardLimit: mediaType !== 'LiveAudio',
          limit: services.config.concurrencyLimit,
          ttlMs,
          now,
        });
        if (!decision.granted) return refusal(c, STREAM_CODES.concurrency);
        accountId = viewer.user.id;
        leaseId = decision.lease.id;
        bypassed = viewer.user.bypassed;
      }
      const playback = await playbackFor(deps, asset, accountId, leaseId);
      c.header('Cache-Control', 'no-store');
      return c.json(
        { data: { attributes: { ...playback, bypassed, playbackID: asset.playbackId, leaseID: leaseId, heartbeatSeconds: STREAM_HEARTBEAT_SECONDS } } },
        200,
      );
    })
    .openapi(heartbeat, async (c) => {
      const { leaseID } = c.req.valid('json').data.attributes;
      c.header('Cache-Control', 'no-store');
      const services = deps.streaming();
      const country = countryOf(c);
      const anonymous = parseAnonymousLease(leaseID);
      if (anonymous) {
        const asset = services.catalogue.playable(anonymous.assetId, anonymous.mediaType);
        const code = decideStreamAccess({ asset, account: null, country, defaultAllowedCountries: services.config.allowedCountries });
        if (code || !asset) return c.json(stop(code === STREAM_CODES.country ? 'revoked' : 'expired', code ?? STREAM_CODES.unavailable), 200);
        return c.json({ data: { attributes: { continue: true as const, ...(await playbackFor(deps, asset, ANONYMOUS_ACCOUNT, leaseID)) } } }, 200);
      }
      const tokens = await verifySessionTokens(c, deps); // 401: refresh the session and beat again
      const db = await deps.db.get();
      const now = deps.clock.now();
      const beat = await renewLeaseOfAccount(db, { leaseId: leaseID, sub: tokens.idClaims.sub }, now, ttlMs);
      if (!beat) {
        // No live lease of this account (or no account row yet): the session alone decides the answer.
        const viewer = await viewerOf(c, deps);
        if (viewer.kind === 'signed-out') throw viewer.apiError;
        return c.json(viewer.kind === 'blocked' ? stop('blocked', STREAM_CODES.blocked) : stop('expired', 'lease_expired'), 200);
      }
      const { lease, account, entitlements } = beat;
      const end = () => releaseLease(db, { leaseId: lease.id, userId: account.id });
      try {
        admitAccount(tokens, account);
      } catch (error) {
        await end(); // renewed above for a session that is over: the lease ends with it
        if (error instanceof ApiError && error.code === 'account_blocked') return c.json(stop('blocked', STREAM_CODES.blocked), 200);
        throw error;
      }
      const asset = lease.assetId ? playableById(services.catalogue, lease.assetId) : null;
      const code = decideStreamAccess({
        asset,
        account: { blocked: account.blocked, bypassed: account.bypassed, entitlements },
        country,
        defaultAllowedCountries: services.config.allowedCountries,
      });
      if (code || !asset) {
        await end();
        const reason = code === STREAM_CODES.blocked ? 'blocked' : code === STREAM_CODES.notEntitled || code === STREAM_CODES.country ? 'revoked' : 'expired';
        return c.json(stop(reason, code ?? STREAM_CODES.unavailable), 200);
      }
      return c.json({ data: { attributes: { continue: true as const, ...(await playbackFor(deps, asset, account.id, lease.id)) } } }, 200);
    })
    .openapi(release, async (c) => {
      const leaseID = await leaseIdOf(c);
      if (!parseAnonymousLease(leaseID)) {
        const viewer = await viewerOf(c, deps);
        if (viewer.kind === 'signed-in') await releaseLease(await deps.db.get(), { leaseId: leaseID, userId: viewer.user.id });
      }
      c.header('Cache-Control', 'no-store');
      return c.body(null, 204);
    })
    .openapi(feed, (c) => {
      const { feed: name } = c.req.valid('param');
      const query = c.req.valid('query');
      const page = deps.streaming().catalogue.feedSections(name, { ...query, now: deps.clock.now() });
      if (!page) throw new ApiError(404, 'not_found', 'No such feed');
      return c.json(page, 200);
    })
    .openapi(categories, (c) => c.json({ data: deps.streaming().catalogue.categories() }, 200))
    .openapi(packages, (c) => c.json({ data: deps.streaming().catalogue.packages(c.req.valid('query')['filter.packageType']) }, 200))
    .openapi(stream, (c) => {
      const asset = deps.streaming().catalogue.stream(c.req.valid('param').assetId);
      if (!asset) throw new ApiError(404, 'not_found', 'No such stream');
      const { demo: _demo, ...data } = asset;
      return c.json({ data }, 200);
    });
}
