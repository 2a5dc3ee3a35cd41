/**
 * Where a page may show a live match (docs/live-matches.md): a slot rendered with the page for one
 * match, hidden, carrying the match's live window (src/lib/liveNow liveWindowOf) as instants. The
 * inline gate LIVE_SLOT_GATE right after the slot, or right after a list of slots (one per month
 * of a fixtures list), shows each slot before first paint when the site's clock is in its window
 * (no layout shift) and names it the island's root: data-live-match="<matchId>", data-live-seq="0".
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
 * text everywhere: it gates the element just before it when that is a slot, else every slot inside it.
 */
export const LIVE_SLOT_GATE = `(function (root) {
  var fixed = document.documentElement.dataset.asOf;
  var asked = new URLSearchParams(location.search).get('as-of');
  var now = fixed ? Date.parse(asked && !isNaN(Date.parse(asked)) ? asked : fixed) : Date.now();
  var slots = !root ? [] : root.hasAttribute('data-live-slot') ? [root] : root.querySelectorAll('[data-live-slot]');
  for (var i = 0; i < slots.length; i++) {
    var slot = slots[i];
    if (!(now >= Number(slot.dataset.liveFrom) && now < Number(slot.dataset.liveUntil))) continue;
    slot.hidden = false;
    slot.setAttribute('data-live-match', slot.dataset.liveSlot);
    slot.setAttribute('data-live-seq', '0');
  }
})(document.currentScript && document.currentScript.previousElementSibling);`;
