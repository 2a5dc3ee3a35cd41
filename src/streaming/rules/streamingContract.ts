/**
 * The streaming HTTP contract (spec §3 "Session check payload", §8 stream codes) as zod schemas
 * shared by src/streaming/server/streamingRoutes.ts and src/streaming/browser/streamingClient.ts:
 * POST /api/session/check (→ 200 sessionCheckResponseSchema | 403 streamErrorResponseSchema),
 * /api/session/heartbeat (→ 200 heartbeatResponseSchema), /api/session/release (→ 204).
 * Browser-safe: jitless zod, no node:, no Hono.
 */
import { z } from '../../lib/zod.ts';
import { STREAM_ERROR_CODES, STREAM_HEARTBEAT_SECONDS, STREAM_MEDIA_TYPES } from './streamAccess.ts';

/** What is played: an on-demand video, a DRM live video, or live audio (spec §3 Video player state). */
export const streamMediaTypeSchema = z.enum(STREAM_MEDIA_TYPES);

/** A lease id as the API hands it out (UUID-like, printable, at most 128 characters). */
export const leaseIdSchema = z.string().regex(/^[\x21-\x7e]{1,128}$/, 'must be a lease id');

/** POST /api/session/check body (spec §3: data.attributes videoID, mediaType, optionally userID and userEmail). */
export const sessionCheckRequestSchema = z.object({
  data: z.object({
    attributes: z.object({
      videoID: z.string().trim().min(1).max(128),
      mediaType: streamMediaTypeSchema,
      /** Informative only: the identity comes from the session cookie. */
      userID: z.string().max(128).optional(),
      /** Informative only. */
      userEmail: z.string().max(320).optional(),
      /** The player's current lease, when it re-checks (e.g. the next video in the same overlay): reused instead of taking a second place. */
      leaseID: leaseIdSchema.optional(),
    }),
  }),
});

/** Licence server URLs by key system; each carries its own `aud: 'd'` token. */
export const licenceUrlsSchema = z.object({
  clearkey: z.string().optional(),
  widevine: z.string().optional(),
  playready: z.string().optional(),
  fairplay: z.string().optional(),
});

/** The granted session (200 data.attributes of POST /api/session/check). */
export const sessionGrantSchema = z.object({
  /** Playback JWT, aud 'v' (Mux signed-playback shape), bound to account, lease and asset. */
  token: z.string().min(1),
  bypassed: z.boolean(),
  playbackID: z.string().min(1),
  /** {STREAM_HOST_URL}/{playbackID}.m3u8?token=… */
  manifestURL: z.string().min(1),
  licenceURLs: licenceUrlsSchema.optional(),
  fairplayCertificateURL: z.string().optional(),
  leaseID: leaseIdSchema,
  /** Seconds between heartbeats (spec §9 concurrency ping 30 s). */
  heartbeatSeconds: z.literal(STREAM_HEARTBEAT_SECONDS),
  /** When the token expires (ISO 8601); the lease expires earlier without heartbeats. */
  expiresAt: z.string().min(1),
});

/** 200 answer of POST /api/session/check. */
export const sessionCheckResponseSchema = z.object({ data: z.object({ attributes: sessionGrantSchema }) });

/** A stream error code of spec §8. */
export const streamErrorCodeSchema = z.enum(STREAM_ERROR_CODES);

/** 403 answer of POST /api/session/check: { errors: [{ code, title, detail }] }. */
export const streamErrorResponseSchema = z.object({
  errors: z.array(z.object({ code: z.string(), title: z.string(), detail: z.string() })).min(1),
});

/** POST /api/session/heartbeat and /api/session/release body. */
export const leaseRequestSchema = z.object({ data: z.object({ attributes: z.object({ leaseID: leaseIdSchema }) }) });

/** Why a heartbeat tells the player to stop. */
export const HEARTBEAT_STOP_REASONS = ['blocked', 'revoked', 'expired'] as const;

/** Heartbeat: keep playing, with a fresh token (swap `token=` on the next requests). */
export const heartbeatContinueSchema = z.object({
  continue: z.literal(true),
  token: z.string().min(1),
  manifestURL: z.string().min(1),
  licenceURLs: licenceUrlsSchema.optional(),
  expiresAt: z.string().min(1),
});

/** Heartbeat: stop playing, with the reason and the spec §8 code to show. */
export const heartbeatStopSchema = z.object({
  continue: z.literal(false),
  reason: z.enum(HEARTBEAT_STOP_REASONS),
  code: z.string(),
});

/** 200 answer of POST /api/session/heartbeat. */
export const heartbeatResponseSchema = z.object({
  data: z.object({ attributes: z.discriminatedUnion('continue', [heartbeatContinueSchema, heartbeatStopSchema]) }),
});

/** The session check's input (spec §3 payload). */
export type SessionCheckInput = z.input<typeof sessionCheckRequestSchema>['data']['attributes'];
/** A granted session. */
export type SessionGrant = z.output<typeof sessionGrantSchema>;
/** A heartbeat's answer. */
export type HeartbeatAnswer = z.output<typeof heartbeatResponseSchema>['data']['attributes'];
/** A media type. */
export type StreamMediaType = z.output<typeof streamMediaTypeSchema>;
