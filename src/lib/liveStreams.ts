/**
 * Stream assets live now, for every 'Watch live' / 'Live Audio' entry point (home, /videos, the
 * streaming page, the match centre), by the one 'live now' rule (src/lib/liveNow: the stream's
 * status, spec §3, and the matches it shows); and a stream's next kick-off. The same answers as
 * windows of instants for the page's inline gate (src/lib/liveSlot ShowWindow, [fromMs, untilMs)):
 * when a stream is live, when it is not, and which kick-off is next when. Times are UTC ISO
 * instants and milliseconds since the epoch; `now` is the site's clock (src/queries/clock at build
 * time, src/lib/siteClockRules in the browser). Pure.
 */
import { isLiveNow, isStreamOnAir, liveWindowOf, type StreamStatus } from './liveNow';
import type { ShowWindow } from './liveSlot';

export type { StreamStatus } from './liveNow';

/** The latest instant a JavaScript Date holds (ms since the epoch): the end of every open window. */
export const LAST_INSTANT_MS = 8.64e15;

/** What the stream rules read: a stream's status (spec §3) and the kick-offs it shows (UTC ISO). */
export interface StreamSubject {
  status: StreamStatus;
  kickOffs: readonly string[];
}

/**
 * Whether a stream is live now (src/lib/liveNow isLiveNow): its status is on air (spec §3) and one
 * of `kickOffs` is live — the kick-off of its own match (a stream asset's matchID), or for a club
 * channel the kick-offs of the matches it shows. No kick-off, no live stream. The rule at one
 * instant: pages carry it for all instants as streamLiveWindows.
 */
export function isStreamLive(stream: StreamSubject, nowMs: number): boolean {
  return stream.kickOffs.some((kickOff) => isLiveNow({ kickOffMs: Date.parse(kickOff), streamStatus: stream.status }, nowMs));
}

/**
 * The next kick-off a stream shows after `nowMs` (its offline card's "next kick-off"): the
 * earliest of `kickOffs` at or after now, or null when none is to come. The rule at one instant:
 * pages carry it for all instants as nextKickOffSpans.
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

/** The instants in any of `windows`, as windows sorted by start, merged where they overlap or touch; empty ones dropped. */
export function unionWindows(windows: readonly ShowWindow[]): ShowWindow[] {
  const union: ShowWindow[] = [];
  for (const w of [...windows].filter((w) => w.untilMs > w.fromMs).sort((a, b) => a.fromMs - b.fromMs)) {
    const last = union.at(-1);
    if (last && w.fromMs <= last.untilMs) last.untilMs = Math.max(last.untilMs, w.untilMs);
    else union.push({ fromMs: w.fromMs, untilMs: w.untilMs });
  }
  return union;
}

/**
 * The instants at which isStreamLive is true, as windows (see unionWindows): none when the status
 * is off air (spec §3), else the live window (src/lib/liveNow liveWindowOf) of each readable kick-off.
 */
export function streamLiveWindows(stream: StreamSubject): ShowWindow[] {
  if (!isStreamOnAir(stream.status)) return [];
  const kickOffsMs = stream.kickOffs.map((iso) => Date.parse(iso)).filter((ms) => !Number.isNaN(ms));
  return unionWindows(kickOffsMs.map(liveWindowOf));
}

/** The instants from 0 to LAST_INSTANT_MS outside all of `windows`, as windows sorted by start. */
export function complementWindows(windows: readonly ShowWindow[]): ShowWindow[] {
  const outside: ShowWindow[] = [];
  let fromMs = 0;
  for (const w of unionWindows(windows)) {
    if (w.fromMs > fromMs) outside.push({ fromMs, untilMs: Math.min(w.fromMs, LAST_INSTANT_MS) });
    fromMs = Math.max(fromMs, w.untilMs);
  }
  if (fromMs < LAST_INSTANT_MS) outside.push({ fromMs, untilMs: LAST_INSTANT_MS });
  return outside;
}

/** A kick-off (as given, UTC ISO) and the instants [fromMs, untilMs) at which it is nextKickOff's answer. */
export interface KickOffSpan extends ShowWindow {
  kickOff: string;
}

/**
 * nextKickOff as spans of time: for each kick-off at or after `nowMs` (each is the answer at some
 * instant from now on), the instants at which nextKickOff(kickOffs, t) names it — from just after
 * the kick-off before it (from 0 for the first) to just after its own — and `noneFromMs`, the
 * instant from which it names none (just after the last kick-off; 0 when there is none). Equal
 * instants count once, named as nextKickOff names them (the first given); unreadable ones are skipped.
 */
export function nextKickOffSpans(kickOffs: readonly string[], nowMs: number): { spans: KickOffSpan[]; noneFromMs: number } {
  const byInstant = new Map<number, string>();
  for (const iso of kickOffs) {
    const at = Date.parse(iso);
    if (!Number.isNaN(at) && !byInstant.has(at)) byInstant.set(at, iso);
  }
  const sorted = [...byInstant].sort(([a], [b]) => a - b);
  const spans = sorted.flatMap(([at, kickOff], i) => {
    if (at < nowMs) return [];
    const before = sorted[i - 1]?.[0];
    return [{ kickOff, fromMs: before === undefined ? 0 : before + 1, untilMs: at + 1 }];
  });
  const last = sorted.at(-1)?.[0];
  return { spans, noneFromMs: last === undefined ? 0 : last + 1 };
}
