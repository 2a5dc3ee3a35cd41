/**
 * The browser's readers of the streaming answers (session check, heartbeat, stream errors) for
 * ./streamingClient.ts, by hand so the player ships no zod: each accepts exactly what the contract's
 * schemas (../rules/streamingContract.ts) accept and returns the same output (unknown keys dropped), or null for
 * anything else (tests/unit/playerAnswers.test.ts checks them against those schemas). Browser-safe.
 */
import type { HeartbeatAnswer, SessionGrant } from '../rules/streamingContract.ts';
import { STREAM_HEARTBEAT_SECONDS } from '../rules/streamAccess.ts';
import { isJsonObject, optional, type JsonObject } from '../../lib/jsonShape.ts';

const nonEmpty = (value: unknown): value is string => typeof value === 'string' && value.length > 0;
const LEASE_ID = /^[\x21-\x7e]{1,128}$/;
type StopReason = Extract<HeartbeatAnswer, { continue: false }>['reason'];
const STOP_REASONS: readonly StopReason[] = ['blocked', 'revoked', 'expired'];
const isStopReason = (value: unknown): value is StopReason => STOP_REASONS.includes(value as StopReason);
const KEY_SYSTEMS = ['clearkey', 'widevine', 'playready', 'fairplay'] as const;
type LicenceURLs = NonNullable<SessionGrant['licenceURLs']>;

/** `data.attributes` of a JSON:API-shaped answer, when it is an object. */
function attributesOf(json: unknown): JsonObject | null {
  if (!isJsonObject(json) || !isJsonObject(json.data) || !isJsonObject(json.data.attributes)) return null;
  return json.data.attributes;
}

/** Licence URLs by key system (each optional string); undefined when absent, null when malformed. */
function licenceURLsOf(value: unknown): LicenceURLs | undefined | null {
  if (value === undefined) return undefined;
  if (!isJsonObject(value)) return null;
  const urls: LicenceURLs = {};
  for (const system of KEY_SYSTEMS) {
    const url = value[system];
    if (!optional(url, (v) => typeof v === 'string')) return null;
    if (typeof url === 'string') urls[system] = url;
  }
  return urls;
}

/** The granted session of a 200 answer of POST /api/session/check, or null. */
export function readSessionGrant(json: unknown): SessionGrant | null {
  const a = attributesOf(json);
  if (!a) return null;
  const licenceURLs = licenceURLsOf(a.licenceURLs);
  if (
    !nonEmpty(a.token) ||
    typeof a.bypassed !== 'boolean' ||
    !nonEmpty(a.playbackID) ||
    !nonEmpty(a.manifestURL) ||
    licenceURLs === null ||
    !optional(a.fairplayCertificateURL, (v) => typeof v === 'string') ||
    typeof a.leaseID !== 'string' ||
    !LEASE_ID.test(a.leaseID) ||
    a.heartbeatSeconds !== STREAM_HEARTBEAT_SECONDS ||
    !nonEmpty(a.expiresAt)
  )
    return null;
  return {
    token: a.token,
    bypassed: a.bypassed,
    playbackID: a.playbackID,
    manifestURL: a.manifestURL,
    ...(licenceURLs ? { licenceURLs } : {}),
    ...(typeof a.fairplayCertificateURL === 'string' ? { fairplayCertificateURL: a.fairplayCertificateURL } : {}),
    leaseID: a.leaseID,
    heartbeatSeconds: STREAM_HEARTBEAT_SECONDS,
    expiresAt: a.expiresAt,
  };
}

/** The answer of a 200 of POST /api/session/heartbeat (continue with fresh tokens, or stop), or null. */
export function readHeartbeatAnswer(json: unknown): HeartbeatAnswer | null {
  const a = attributesOf(json);
  if (!a) return null;
  if (a.continue === false) {
    if (!isStopReason(a.reason) || typeof a.code !== 'string') return null;
    return { continue: false, reason: a.reason, code: a.code };
  }
  if (a.continue !== true) return null;
  const licenceURLs = licenceURLsOf(a.licenceURLs);
  if (!nonEmpty(a.token) || !nonEmpty(a.manifestURL) || licenceURLs === null || !nonEmpty(a.expiresAt)) return null;
  return { continue: true, token: a.token, manifestURL: a.manifestURL, ...(licenceURLs ? { licenceURLs } : {}), expiresAt: a.expiresAt };
}

/** errors[0].code of a stream error answer ({ errors: [{ code, title, detail }, …] }, at least one), or null. */
export function readStreamErrorCode(json: unknown): string | null {
  if (!isJsonObject(json) || !Array.isArray(json.errors) || json.errors.length === 0) return null;
  const valid = json.errors.every((e) => isJsonObject(e) && typeof e.code === 'string' && typeof e.title === 'string' && typeof e.detail === 'string');
  return valid ? (json.errors[0] as { code: string }).code : null;
}
