/**
 * The one 'live now' rule: whether a match is live now, from its kick-off and,
 * when the match-data feed has spoken, its period; and for a stream asset also its status (spec §3
 * Stream asset: `idle` and `disabled` mean offline). The live island, 'Watch live' and 'Live Audio'
 * all decide with it. Without a feed a match is live from LIVE_WINDOW.beforeKickOffMinutes before
 * its kick-off (the pre-match show, line-ups) to LIVE_WINDOW.afterKickOffMinutes after (extra time
 * and penalties fit); the feed's period overrides the clock: in play is live, full time is not.
 * Times are milliseconds since the epoch; `nowMs` is the site's clock. Pure.
 */
import type { LivePhase } from './liveMatch';

/** Stream asset statuses (spec §3; Mux's live stream statuses). */
export type StreamStatus = 'active' | 'ready' | 'idle' | 'disabled';

/** How long before and after a kick-off a match counts as live when the feed has not said (minutes). */
export const LIVE_WINDOW = Object.freeze({ beforeKickOffMinutes: 30, afterKickOffMinutes: 180 });

const MINUTE_MS = 60_000;

/** What the rule reads: a kick-off, the feed's period when known, a stream's status when asking about a stream. */
export interface LiveNowSubject {
  /** Kick-off, ms since the epoch (NaN: unknown, never live by the clock). */
  kickOffMs: number;
  /** The feed's period (src/lib/liveMatch LivePhase), or null/undefined when the feed has sent nothing. */
  phase?: LivePhase | null | undefined;
  /** A stream asset's status, when the question is whether its stream is live. */
  streamStatus?: StreamStatus | undefined;
}

/** Spec §3: whether a stream asset's status is on air (`idle` and `disabled` mean offline). */
export function isStreamOnAir(status: StreamStatus): boolean {
  return status !== 'idle' && status !== 'disabled';
}

/** The instants [fromMs, untilMs) a match is live by the clock alone (see LIVE_WINDOW). */
export function liveWindowOf(kickOffMs: number): { fromMs: number; untilMs: number } {
  return { fromMs: kickOffMs - LIVE_WINDOW.beforeKickOffMinutes * MINUTE_MS, untilMs: kickOffMs + LIVE_WINDOW.afterKickOffMinutes * MINUTE_MS };
}

/**
 * Whether the subject is live at `nowMs`: a stream off air never is; a match the feed says is in
 * play (first half, half time, second half) is; one it says is over is not; otherwise (no feed, or
 * only line-ups before kick-off) the live window around the kick-off decides.
 */
export function isLiveNow(subject: LiveNowSubject, nowMs: number): boolean {
  if (subject.streamStatus !== undefined && !isStreamOnAir(subject.streamStatus)) return false;
  if (subject.phase === 'full_time') return false;
  if (subject.phase === 'first_half' || subject.phase === 'half_time' || subject.phase === 'second_half') return true;
  if (Number.isNaN(subject.kickOffMs)) return false;
  const { fromMs, untilMs } = liveWindowOf(subject.kickOffMs);
  return nowMs >= fromMs && nowMs < untilMs;
}
