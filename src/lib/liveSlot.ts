/**
 * Where a page may show a live match (docs/live-matches.md): a slot rendered with the page for one
 * match, hidden, carrying the match's live window (src/lib/liveNow liveWindowOf) as instants. The
 * inline gate LIVE_SLOT_GATE right after the slot, or right after a list of slots (one per month
 * of a fixtures list), shows each slot before first paint when the site's clock is in its window
 * (no layout shift) and names it the island's root: data-live-match="<matchId>", data-live-seq="0".
 * The same gate shows other elements in windows of their own (data-show-at: a countdown's clock
 * before kick-off).
 * Only then does the site chrome load the live island (src/browser/liveGate.ts). The gate's clock
 * is src/lib/siteClockRules's at page start: the page's data-as-of, replaced by ?as-of=, else the real one.
 */
import { liveWindowOf } from './liveNow';

/** The match a slot shows: its matchID, kick-off (UTC ISO instant) and teams' names. */
export interface LiveSlotMatch {
  matchID: string;
  kickOff: string;
  home: string;
  away: string;
}

/** The slot's data attributes: the match, its teams, its kick-off and live window (ms since the epoch). */
export function liveSlotAttributes(match: LiveSlotMatch): Record<string, string> {
  const kickOffMs = Date.parse(match.kickOff);
  const window = liveWindowOf(kickOffMs);
  return {
    'data-live-slot': match.matchID,
    'data-live-home': match.home,
    'data-live-away': match.away,
    'data-live-kick-off': String(kickOffMs),
    'data-live-from': String(window.fromMs),
    'data-live-until': String(window.untilMs),
  };
}

/**
 * The inline gate (classic script, pinned in src/integrations/trustedInlineScripts.ts), the same
 * text everywhere: it gates the element just before it when that is gated, else every gated element
 * inside it. Gated: a live slot, shown in its live window; any other element carrying
 * data-show-at (see showAtAttribute), hidden, shown while the clock is in one of its windows.
 */
export const LIVE_SLOT_GATE = `(function (root) {
  var fixed = document.documentElement.dataset.asOf;
  var asked = new URLSearchParams(location.search).get('as-of');
  var now = fixed ? Date.parse(asked && !isNaN(Date.parse(asked)) ? asked : fixed) : Date.now();
  var gated = '[data-live-slot], [data-show-at]';
  var els = !root ? [] : root.matches(gated) ? [root] : root.querySelectorAll(gated);
  for (var i = 0; i < els.length; i++) {
    var el = els[i], slot = el.hasAttribute('data-live-slot');
    var windows = slot ? [el.dataset.liveFrom + ':' + el.dataset.liveUntil] : el.dataset.showAt.split(',');
    var shown = false;
    for (var j = 0; j < windows.length && !shown; j++) {
      var w = windows[j].split(':');
      shown = now >= Number(w[0]) && now < Number(w[1]);
    }
    if (!shown) continue;
    el.hidden = false;
    if (!slot) continue;
    el.setAttribute('data-live-match', el.dataset.liveSlot);
    el.setAttribute('data-live-seq', '0');
  }
})(document.currentScript && document.currentScript.previousElementSibling);`;

/** A window of instants, [fromMs, untilMs), in milliseconds since the epoch. */
export interface ShowWindow {
  fromMs: number;
  untilMs: number;
}

/**
 * The data-show-at value for an element the gate shows in any of `windows` ("from:until", comma
 * separated; ms since the epoch, from inclusive, until exclusive). The element is rendered hidden.
 */
export function showAtAttribute(windows: readonly ShowWindow[]): string {
  return windows.map((w) => `${Math.round(w.fromMs)}:${Math.round(w.untilMs)}`).join(',');
}
