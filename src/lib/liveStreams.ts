/**
 * The one 'live now' rule for stream assets (spec §3 Stream asset: assetData.status `idle` and
 * `disabled` mean offline), used by every 'Watch live' / 'Live Audio' entry point (home, /videos,
 * the streaming page, the match centre). A stream is of matches, so an on-air stream is live only
 * around a kick-off it carries: from LIVE_WINDOW.beforeKickOffMinutes before to
 * LIVE_WINDOW.afterKickOffMinutes after. Times are UTC ISO instants and milliseconds since the
 * epoch; `now` is the site's clock (src/queries/clock at build time, src/lib/siteClock in the
 * browser). Pure.
 */

/** Stream asset statuses (spec §3; Mux's live stream statuses). */
export type StreamStatus = 'active' | 'ready' | 'idle' | 'disabled';

/** How long before and after a kick-off a match's stream is live (minutes). */
export const LIVE_WINDOW = Object.freeze({ beforeKickOffMinutes: 30, afterKickOffMinutes: 150 });

const MINUTE_MS = 60_000;

/** Spec §3: whether a stream asset's status is on air (`idle` and `disabled` mean offline). */
export function isStreamOnAir(status: StreamStatus): boolean {
  return status !== 'idle' && status !== 'disabled';
}

/** Whether `nowMs` falls in the live window of the kick-off `kickOff` (ISO instant; invalid → false). */
export function inLiveWindow(kickOff: string, nowMs: number): boolean {
  const at = Date.parse(kickOff);
  if (Number.isNaN(at)) return false;
  return nowMs >= at - LIVE_WINDOW.beforeKickOffMinutes * MINUTE_MS && nowMs < at + LIVE_WINDOW.afterKickOffMinutes * MINUTE_MS;
}

/**
 * Whether a stream is live now: its status is on air (spec §3) and `nowMs` is in the live window
 * of one of `kickOffs` — the kick-off of its own match (a stream asset's matchID), or for a
 * club channel the kick-offs of the matches it shows. No kick-off, no live stream.
 */
export function isStreamLive(stream: { status: StreamStatus; kickOffs: readonly string[] }, nowMs: number): boolean {
  return isStreamOnAir(stream.status) && stream.kickOffs.some((kickOff) => inLiveWindow(kickOff, nowMs));
}

/**
 * The next kick-off a stream shows after `nowMs` (its offline card's "next kick-off"): the
 * earliest of `kickOffs` at or after now, or null when none is to come.
 */
export function nextKickOff(kickOffs: readonly string[], nowMs: number): string | null {
  let next: { at: number; iso: string } | null = null;
  for (const iso of kickOffs) {
    const at = Date.parse(iso);
    if (Number.isNaN(at) || at < nowMs) continue;
    if (next === null || at < next.at) next = { at, iso };
  }
  return next?.iso ?? null;
}
