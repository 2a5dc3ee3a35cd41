/**
 * One playback's session (spec §4 "Playing a video", "Stream session check", §8): asks the session
 * check through the streaming client, maps a refusal with src/streaming/rules/streamAccess.ts, and keeps the
 * lease — a heartbeat every 30 s (spec §9) hands fresh tokens to the engine or stops playback, and
 * the lease is released on close and, by beacon, on pagehide. `prefetchSession` starts at the
 * click and the player `claimSession`s it; a grant unclaimed within UNCLAIMED_GRANT_MS is
 * released. A prepared engine is taken with `takePreparedEngine(leaseID)`.
 */
import { checkSession, heartbeat, releaseLease, type SessionGrant } from '../../streaming/browser/streamingClient';
import { PLAYER_LOAD_DELAY_MS } from '../../lib/constants';
import { STREAM_HEARTBEAT_SECONDS, streamAccessOf, type StreamAccess, type StreamMediaType } from '../../streaming/rules/streamAccess';
import { user } from '../../stores/user';
import { showErrorNotification } from '../../stores/notifications';
import type { PlaybackTokens, PreparedEngine } from './engines';

/** Spec §8 "Other messages": the stream connect failure notification. */
export const CONNECT_FAILURE = { title: 'There was a problem connecting to the video service', message: 'Please try again in a few minutes' } as const;

/** Shows the spec §8 stream connect failure notification. */
export function notifyConnectFailure(): void {
  showErrorNotification(CONNECT_FAILURE.title, CONNECT_FAILURE.message);
}

/** The session check's result as the player uses it. */
export type SessionResult = { ok: true; grant: SessionGrant } | { ok: false; access: StreamAccess; connectFailure: boolean };

/**
 * Asks for a playback session for `videoID`. A network failure (status 0) or a server error is a
 * connect failure (the notification shows, and the error box the generic text); a 403 maps to
 * spec §8's texts. `hasSubscriptions` (status 1 versus 2) comes from the signed-in user's
 * entitlements.
 */
export async function requestSession(videoID: string, mediaType: StreamMediaType): Promise<SessionResult> {
  const { userID, email, entitlements } = user.get();
  const answer = await checkSession({ videoID, mediaType, ...(userID ? { userID } : {}), ...(email ? { userEmail: email } : {}) });
  if (answer.ok) return { ok: true, grant: answer.session };
  const connectFailure = answer.status === 0 || answer.status >= 500;
  const access = streamAccessOf({ ok: false, httpStatus: answer.status, code: answer.code, hasSubscriptions: (entitlements ?? []).length > 0 }, mediaType);
  return { ok: false, access, connectFailure };
}

/** How long a session check started at the click waits for its player before its lease is released (ms). */
export const UNCLAIMED_GRANT_MS = 20_000;

interface EarlySession {
  result: Promise<SessionResult>;
  startedAt: number;
  timer: ReturnType<typeof setTimeout>;
}
const early = new Map<string, EarlySession>();
const keyOf = (videoID: string, mediaType: StreamMediaType) => `${mediaType}\n${videoID}`;
/** Engines started for a granted lease, by lease id, until a player takes them. */
const prepared = new Map<string, Promise<PreparedEngine | null>>();

/** Starts the engine of a granted stream before its player has mounted. */
export type PrepareEngine = (grant: SessionGrant) => Promise<PreparedEngine>;

/**
 * Starts the session check for a player about to open (at the click, before its code has
 * loaded) and, with `prepare`, the granted stream's engine. At most one per video and media type
 * is kept; unclaimed, it is released (and its engine destroyed) after UNCLAIMED_GRANT_MS.
 */
export function prefetchSession(videoID: string, mediaType: StreamMediaType, prepare?: PrepareEngine): void {
  const key = keyOf(videoID, mediaType);
  if (!videoID || early.has(key)) return;
  const result = requestSession(videoID, mediaType);
  if (prepare) {
    void result.then((r) => {
      if (r.ok)
        prepared.set(
          r.grant.leaseID,
          prepare(r.grant).catch(() => null),
        );
    });
  }
  const timer = setTimeout(() => {
    if (early.get(key)?.result !== result) return;
    early.delete(key);
    void result.then((r) => r.ok && releaseGrant(r.grant));
  }, UNCLAIMED_GRANT_MS);
  early.set(key, { result, startedAt: performance.now(), timer });
}

/** The engine prepared for a lease at the click, if any (once: it is the caller's from then on). */
export function takePreparedEngine(leaseID: string): Promise<PreparedEngine | null> | null {
  const engine = prepared.get(leaseID) ?? null;
  prepared.delete(leaseID);
  return engine;
}

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The player's session: the one prefetched at the click when there is one, else a new check;
 * resolves no earlier than PLAYER_LOAD_DELAY_MS (spec §9, 100 ms) after the check started.
 */
export async function claimSession(videoID: string, mediaType: StreamMediaType): Promise<SessionResult> {
  const key = keyOf(videoID, mediaType);
  const prefetched = early.get(key);
  early.delete(key);
  if (prefetched) clearTimeout(prefetched.timer);
  const startedAt = prefetched?.startedAt ?? performance.now();
  const result = prefetched?.result ?? requestSession(videoID, mediaType);
  const [answer] = await Promise.all([result, delay(Math.max(0, PLAYER_LOAD_DELAY_MS - (performance.now() - startedAt)))]);
  return answer;
}

/** Releases a granted lease at once (a player closed before its session check answered), destroying its prepared engine. */
export function releaseGrant(grant: SessionGrant): void {
  void takePreparedEngine(grant.leaseID)?.then((engine) => engine?.destroy());
  void releaseLease(grant.leaseID);
}

/** What a kept lease reports. */
export interface LeaseHandlers {
  /** A heartbeat granted fresh tokens: use them from the next request on. */
  onTokens: (tokens: PlaybackTokens) => void;
  /** A heartbeat said stop (blocked, revoked, expired): what to show. */
  onStop: (access: StreamAccess) => void;
}

/**
 * Keeps `grant`'s lease alive: a heartbeat every `heartbeatSeconds` (30 s). Returns the function
 * that stops the heartbeats and releases the lease (idempotent). pagehide releases it with a
 * beacon; a page restored from the back/forward cache asks again on its next heartbeat (the lease
 * may have lapsed: the heartbeat then answers continue:false, expired).
 */
export function keepLease(grant: SessionGrant, mediaType: StreamMediaType, handlers: LeaseHandlers): () => void {
  const leaseID = grant.leaseID;
  let stopped = false;
  const timer = setInterval(
    () => {
      void heartbeat(leaseID).then((answer) => {
        if (stopped || !answer.ok) return;
        const beat = answer.heartbeat;
        if (beat.continue) handlers.onTokens({ token: beat.token, licenceURLs: beat.licenceURLs });
        else {
          release();
          handlers.onStop(streamAccessOf({ ok: false, httpStatus: 403, code: beat.code }, mediaType));
        }
      });
    },
    (grant.heartbeatSeconds || STREAM_HEARTBEAT_SECONDS) * 1000,
  );
  const onPageHide = () => {
    if (stopped) return;
    void releaseLease(leaseID, { beacon: true });
  };
  window.addEventListener('pagehide', onPageHide);
  function release(): void {
    if (stopped) return;
    stopped = true;
    clearInterval(timer);
    window.removeEventListener('pagehide', onPageHide);
    void releaseLease(leaseID);
  }
  return release;
}
