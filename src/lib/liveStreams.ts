/**
 * Stream assets live now, for every 'Watch live' / 'Live Audio' entry point (home, /videos, the
 * streaming page, the match centre), by the one 'live now' rule (src/lib/liveNow: the stream's
 * status, spec §3, and the matches it shows); and a stream's next kick-off. Times are UTC ISO
 * instants and milliseconds since the epoch; `now` is the site's clock (src/queries/clock at build
 * time, src/lib/siteClockRules in the browser). Pure.
 */
import { isLiveNow, type StreamStatus } from './liveNow';

export type { StreamStatus } from './liveNow';

/**
 * Whether a stream is live now (src/lib/liveNow isLiveNow): its status is on air (spec §3) and one
 * of `kickOffs` is live — the kick-off of its own match (a stream asset's matchID), or for a club
 * channel the kick-offs of the matches it shows. No kick-off, no live stream.
 */
export function isStreamLive(stream: { status: StreamStatus; kickOffs: readonly string[] }, nowMs: number): boolean {
  return stream.kickOffs.some((kickOff) => isLiveNow({ kickOffMs: Date.parse(kickOff), streamStatus: stream.status }, nowMs));
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
