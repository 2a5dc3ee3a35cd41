/**
 * Playback tokens' claims, shared by the signer (src/streaming/server/playbackSigner.ts), the local
 * stream host and a production edge: Mux's shape (`sub` the playback ID, `aud` 'v' | 't' | 'g' | 's'
 * | 'd', `exp`, an RS256 `kid`) bound to our `account_id`, `lease_id` and `asset_id`, and never
 * outliving a lease (at most PLAYBACK_TOKEN_MAX_LIFETIME_SECONDS between `iat` and `exp`).
 * Pure: signatures, key ids and expiry are the caller's (jose).
 */
import { STREAM_LEASE_SECONDS } from './streamAccess.ts';
import { z } from '../../lib/zod.ts';

/** The `aud` letter of each use, as Mux defines them. */
export const PLAYBACK_AUDIENCES = Object.freeze({
  video: 'v',
  thumbnail: 't',
  gif: 'g',
  storyboard: 's',
  licence: 'd',
} as const);

/** A use of a playback token: a key of PLAYBACK_AUDIENCES. */
export type PlaybackAudience = keyof typeof PLAYBACK_AUDIENCES;

/** An `aud` letter ('v', 't', 'g', 's' or 'd'). */
export type PlaybackAudienceClaim = (typeof PLAYBACK_AUDIENCES)[PlaybackAudience];

const AUDIENCE_CLAIMS = Object.values(PLAYBACK_AUDIENCES) as [PlaybackAudienceClaim, ...PlaybackAudienceClaim[]];

/** Longest lifetime any token may have (`exp - iat`), in seconds: a lease's life, so a token never outlives its lease. */
export const PLAYBACK_TOKEN_MAX_LIFETIME_SECONDS = STREAM_LEASE_SECONDS;
/** Default lifetime of a playback token, in seconds: the longest allowed (a lease's life). */
export const PLAYBACK_TOKEN_LIFETIME_SECONDS = PLAYBACK_TOKEN_MAX_LIFETIME_SECONDS;
/** Shortest lifetime a configuration may choose, in seconds (more than a heartbeat's interval). */
export const PLAYBACK_TOKEN_MIN_LIFETIME_SECONDS = 60;

/** A playback ID: letters and digits, as Mux's are (1 to 64 characters). */
export const PLAYBACK_ID_PATTERN = /^[A-Za-z0-9]{1,64}$/;

/** Our ids bound into a token (account, lease, asset): printable, no spaces, up to 128 characters. */
const boundId = z.string().regex(/^[\x21-\x7e]{1,128}$/);

/** The payload of a playback token. Other claims may be present and are ignored. */
export const playbackClaimsSchema = z.object({
  sub: z.string().regex(PLAYBACK_ID_PATTERN),
  aud: z.enum(AUDIENCE_CLAIMS),
  exp: z.number().int().positive(),
  iat: z.number().int().positive(),
  account_id: boundId,
  lease_id: boundId,
  asset_id: boundId,
});

/** A playback token's payload. */
export type PlaybackClaims = z.output<typeof playbackClaimsSchema>;

/** What a token is issued for: the playback ID, its use, and the account, lease and asset it is bound to. */
export interface PlaybackGrant {
  playbackId: string;
  audience: PlaybackAudience;
  accountId: string;
  leaseId: string;
  assetId: string;
}

/**
 * The payload to sign for `grant`, issued at `issuedAt` (seconds since the epoch) and living
 * `lifetimeSeconds`. Throws RangeError when the lifetime is outside
 * PLAYBACK_TOKEN_MIN_LIFETIME_SECONDS..PLAYBACK_TOKEN_MAX_LIFETIME_SECONDS or the grant is not
 * one {@link checkPlaybackClaims} would accept.
 */
export function playbackClaims(grant: PlaybackGrant, issuedAt: number, lifetimeSeconds = PLAYBACK_TOKEN_LIFETIME_SECONDS): PlaybackClaims {
  if (!Number.isInteger(lifetimeSeconds) || lifetimeSeconds < PLAYBACK_TOKEN_MIN_LIFETIME_SECONDS || lifetimeSeconds > PLAYBACK_TOKEN_MAX_LIFETIME_SECONDS) {
    throw new RangeError(
      `A playback token lives ${PLAYBACK_TOKEN_MIN_LIFETIME_SECONDS}-${PLAYBACK_TOKEN_MAX_LIFETIME_SECONDS} seconds (got ${lifetimeSeconds})`,
    );
  }
  const iat = Math.floor(issuedAt);
  const parsed = playbackClaimsSchema.safeParse({
    sub: grant.playbackId,
    aud: PLAYBACK_AUDIENCES[grant.audience],
    exp: iat + lifetimeSeconds,
    iat,
    account_id: grant.accountId,
    lease_id: grant.leaseId,
    asset_id: grant.assetId,
  });
  if (!parsed.success) throw new RangeError(`Not a valid playback grant: ${parsed.error.issues.map((issue) => issue.path.join('.')).join(', ')}`);
  return parsed.data;
}

/** Why claims were refused. */
export type PlaybackClaimsFailure = 'malformed' | 'wrong-playback-id' | 'wrong-audience' | 'too-long-lived' | 'wrong-binding';

/** The outcome of {@link checkPlaybackClaims}. */
export type PlaybackClaimsCheck = { ok: true; claims: PlaybackClaims } | { ok: false; reason: PlaybackClaimsFailure };

/** What the request needs the token to grant; the bound ids are compared only when given. */
export interface PlaybackExpectation {
  playbackId: string;
  audience: PlaybackAudience;
  accountId?: string;
  leaseId?: string;
  assetId?: string;
}

/**
 * Whether a (signature-checked, unexpired) payload grants `expected`: the claims have the shape
 * of playbackClaimsSchema, `sub` is the playback ID asked for, `aud` the letter of the use asked
 * for, `exp - iat` at most PLAYBACK_TOKEN_MAX_LIFETIME_SECONDS, and the bound ids equal any given.
 */
export function checkPlaybackClaims(payload: unknown, expected: PlaybackExpectation): PlaybackClaimsCheck {
  const parsed = playbackClaimsSchema.safeParse(payload);
  if (!parsed.success) return { ok: false, reason: 'malformed' };
  const claims = parsed.data;
  if (claims.sub !== expected.playbackId) return { ok: false, reason: 'wrong-playback-id' };
  if (claims.aud !== PLAYBACK_AUDIENCES[expected.audience]) return { ok: false, reason: 'wrong-audience' };
  if (claims.exp - claims.iat > PLAYBACK_TOKEN_MAX_LIFETIME_SECONDS) return { ok: false, reason: 'too-long-lived' };
  if (
    (expected.accountId !== undefined && claims.account_id !== expected.accountId) ||
    (expected.leaseId !== undefined && claims.lease_id !== expected.leaseId) ||
    (expected.assetId !== undefined && claims.asset_id !== expected.assetId)
  ) {
    return { ok: false, reason: 'wrong-binding' };
  }
  return { ok: true, claims };
}

/** Key systems whose licence URLs we build (Mux's path names; 'clearkey' is the local stand-in's). */
export const LICENCE_KEY_SYSTEMS = ['widevine', 'playready', 'fairplay', 'clearkey'] as const;
/** One of LICENCE_KEY_SYSTEMS. */
export type LicenceKeySystem = (typeof LICENCE_KEY_SYSTEMS)[number];

function assertPlaybackId(playbackId: string): void {
  if (!PLAYBACK_ID_PATTERN.test(playbackId)) throw new RangeError(`Not a playback ID: ${JSON.stringify(playbackId)}`);
}

/**
 * The manifest URL of a playback ID, in Mux's shape: `{hostUrl}/{playbackId}.m3u8?token={token}`
 * (hostUrl e.g. 'https://stream.mux.com' or the local stream host; a trailing slash is ignored).
 */
export function playbackUrl(hostUrl: string, playbackId: string, token: string): string {
  assertPlaybackId(playbackId);
  return `${hostUrl.replace(/\/+$/, '')}/${playbackId}.m3u8?token=${encodeURIComponent(token)}`;
}

/**
 * The DRM licence URL of a playback ID, in Mux's shape:
 * `{licenceUrl}/{keySystem}/{playbackId}?token={token}` (licenceUrl e.g.
 * 'https://license.mux.com/license' or the local host's '/license'); the token's `aud` is 'd'.
 */
export function licenceUrl(licenceBaseUrl: string, keySystem: LicenceKeySystem, playbackId: string, token: string): string {
  assertPlaybackId(playbackId);
  return `${licenceBaseUrl.replace(/\/+$/, '')}/${keySystem}/${playbackId}?token=${encodeURIComponent(token)}`;
}
