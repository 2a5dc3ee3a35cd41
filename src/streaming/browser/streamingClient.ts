/**
 * The typed browser client of the streaming routes (contract: ../rules/streamingContract.ts):
 * `checkSession(input)` → { ok: true, session } | { ok: false, status, code? } (403 with a
 * STREAM_ERROR_CODES code; status 0 'network_error'; 'invalid_response'), `heartbeat(leaseID)` →
 * { continue: true, token, … } | { continue: false, reason, code }, and `releaseLease(leaseID,
 * { beacon })` (navigator.sendBeacon survives pagehide). Same-origin with the site's cookies;
 * answers checked without zod by ./streamingAnswers.ts (agreeing with the contract's schemas);
 * every call resolves, never rejects.
 */
import { API_PATHS, readAnswerJson } from '../../platform/client.ts';
import type { HeartbeatAnswer, SessionCheckInput, SessionGrant } from '../rules/streamingContract.ts';
import { readHeartbeatAnswer, readSessionGrant, readStreamErrorCode } from './streamingAnswers.ts';

export type { HeartbeatAnswer, SessionCheckInput, SessionGrant } from '../rules/streamingContract.ts';

/** A refused or failed call: HTTP status (0: not sent) and the code when the answer had one. */
export interface StreamingFailure {
  ok: false;
  status: number;
  code?: string;
}

/** Options of every call; `fetch` and `sendBeacon` are replaceable for tests. */
export interface StreamingCallOptions {
  fetch?: typeof fetch;
  signal?: AbortSignal;
}

/** The code of a failed answer: errors[0].code (stream errors) or error.code (the API envelope). */
async function failureOf(response: Response): Promise<StreamingFailure> {
  const json: unknown = await response.json().catch(() => null);
  const streamCode = readStreamErrorCode(json);
  if (streamCode !== null) return { ok: false, status: response.status, code: streamCode };
  const envelope = json as { error?: { code?: unknown } } | null;
  const code = typeof envelope?.error?.code === 'string' ? envelope.error.code : undefined;
  return { ok: false, status: response.status, ...(code ? { code } : {}) };
}

async function post(path: string, body: unknown, options: StreamingCallOptions): Promise<Response | StreamingFailure> {
  const doFetch = options.fetch ?? fetch;
  try {
    return await doFetch(path, {
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': 'application/json' },
      credentials: 'same-origin',
      cache: 'no-store',
      body: JSON.stringify(body),
      ...(options.signal ? { signal: options.signal } : {}),
    });
  } catch {
    return { ok: false, status: 0, code: 'network_error' };
  }
}

/**
 * POST /api/session/check for `input` (spec §3 payload: videoID, mediaType, optionally userID,
 * userEmail; leaseID to reuse the player's current lease).
 */
export async function checkSession(
  input: SessionCheckInput,
  options: StreamingCallOptions = {},
): Promise<{ ok: true; session: SessionGrant } | StreamingFailure> {
  const response = await post(API_PATHS.sessionCheck, { data: { attributes: input } }, options);
  if (!(response instanceof Response)) return response;
  if (!response.ok) return failureOf(response);
  const body = await readAnswerJson(response);
  if (!body) return { ok: false, status: 0, code: 'network_error' };
  const session = readSessionGrant(body.json);
  return session ? { ok: true, session } : { ok: false, status: response.status, code: 'invalid_response' };
}

/** POST /api/session/heartbeat for `leaseID`: keep playing with a fresh token, or stop with a reason. */
export async function heartbeat(leaseID: string, options: StreamingCallOptions = {}): Promise<{ ok: true; heartbeat: HeartbeatAnswer } | StreamingFailure> {
  const response = await post(API_PATHS.sessionHeartbeat, { data: { attributes: { leaseID } } }, options);
  if (!(response instanceof Response)) return response;
  if (!response.ok) return failureOf(response);
  const body = await readAnswerJson(response);
  if (!body) return { ok: false, status: 0, code: 'network_error' };
  const beat = readHeartbeatAnswer(body.json);
  return beat ? { ok: true, heartbeat: beat } : { ok: false, status: response.status, code: 'invalid_response' };
}

/**
 * POST /api/session/release for `leaseID` (the player stopped). With `beacon: true` (pagehide) it
 * queues navigator.sendBeacon with a text/plain JSON body and resolves { ok: queued }; falls back
 * to fetch with keepalive where sendBeacon is missing.
 */
export async function releaseLease(
  leaseID: string,
  options: StreamingCallOptions & { beacon?: boolean; sendBeacon?: (url: string, data: BodyInit) => boolean } = {},
): Promise<{ ok: true } | StreamingFailure> {
  const body = JSON.stringify({ data: { attributes: { leaseID } } });
  if (options.beacon) {
    const send = options.sendBeacon ?? (typeof navigator !== 'undefined' && 'sendBeacon' in navigator ? navigator.sendBeacon.bind(navigator) : undefined);
    if (send)
      return send(API_PATHS.sessionRelease, new Blob([body], { type: 'text/plain;charset=UTF-8' }))
        ? { ok: true }
        : { ok: false, status: 0, code: 'beacon_refused' };
  }
  const doFetch = options.fetch ?? fetch;
  try {
    const response = await doFetch(API_PATHS.sessionRelease, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      credentials: 'same-origin',
      cache: 'no-store',
      keepalive: true,
      body,
    });
    return response.ok ? { ok: true } : failureOf(response);
  } catch {
    return { ok: false, status: 0, code: 'network_error' };
  }
}
