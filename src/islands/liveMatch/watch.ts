/**
 * Watching one match's live state: polls GET /api/matches/live/{matchId} with
 * If-None-Match (a 304 costs a header), only while the match is live by the one rule
 * (src/lib/liveNow, with the feed's period once known), the tab is visible and the browser is
 * online; after a failure (network, 5xx, an answer that is not the contract) it backs off
 * (src/lib/liveUpdates nextPollDelay, readLiveMatchAnswer). 404 not_live means the feed has sent nothing yet. It stops
 * for good at full time. `onView` gets every change: the newest state (never an older sequence),
 * whether the browser is offline and whether the API is failing.
 */
import { $offline } from '../../browser/offlineState';
import { isLiveNow } from '../../lib/liveNow';
import type { LiveMatchState } from '../../lib/liveMatch';
import { nextPollDelay, readLiveMatchAnswer } from '../../lib/liveUpdates';
import { liveMatchPath } from '../../platform/client';

/** What the island shows. */
export interface LiveView {
  state: LiveMatchState | null;
  offline: boolean;
  failing: boolean;
}

/** Options of {@link watchLiveMatch}. */
export interface WatchOptions {
  matchId: string;
  kickOffMs: number;
  /** The site's clock (src/browser/siteClock). */
  now: () => number;
  onView: (view: LiveView) => void;
}

/** Starts watching; the returned function stops it (timers, listeners). */
export function watchLiveMatch(options: WatchOptions): () => void {
  let state: LiveMatchState | null = null;
  let etag: string | null = null;
  let failures = 0;
  let timer: number | undefined;
  let inFlight = false;
  let stopped = false;

  const emit = () => options.onView({ state, offline: $offline.get(), failing: failures > 0 });
  const live = () => isLiveNow({ kickOffMs: options.kickOffMs, phase: state?.phase }, options.now());
  const mayPoll = () => !stopped && document.visibilityState === 'visible' && !$offline.get() && live();

  const schedule = () => {
    window.clearTimeout(timer);
    timer = mayPoll() ? window.setTimeout(() => void poll(), nextPollDelay(failures, Math.random())) : undefined;
  };

  const poll = async () => {
    if (!mayPoll() || inFlight) return;
    inFlight = true;
    try {
      const response = await fetch(liveMatchPath(options.matchId), { cache: 'no-store', headers: etag ? { 'If-None-Match': etag } : {} });
      if (response.status === 304 || response.status === 404) {
        failures = 0;
      } else if (response.ok) {
        const answer = readLiveMatchAnswer(await response.json());
        if (!answer) throw new Error('not a live match');
        etag = response.headers.get('ETag');
        if (!state || answer.sequence >= state.sequence) state = answer;
        failures = 0;
      } else {
        failures += 1;
      }
    } catch {
      failures += 1;
    } finally {
      inFlight = false;
    }
    if (stopped) return;
    emit();
    schedule();
  };

  const resume = () => {
    window.clearTimeout(timer);
    timer = undefined;
    void poll();
  };
  const onVisibility = () => (document.visibilityState === 'visible' ? resume() : window.clearTimeout(timer));
  document.addEventListener('visibilitychange', onVisibility);
  const unlisten = $offline.listen((offline) => {
    emit();
    if (offline) window.clearTimeout(timer);
    else resume();
  });

  emit();
  void poll();
  return () => {
    stopped = true;
    window.clearTimeout(timer);
    document.removeEventListener('visibilitychange', onVisibility);
    unlisten();
  };
}
