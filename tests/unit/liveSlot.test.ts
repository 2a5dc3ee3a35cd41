/**
 * A live slot's inline gate (src/lib/liveSlot), after a slot or a list of slots: each shown and
 * named the island's root exactly when the site's clock (src/lib/siteClockRules: as-of, replaced
 * by ?as-of=, else the real clock) is in the match's live window (src/lib/liveNow); the same
 * decision as isLiveNow without the feed.
 */
import { describe, expect, it } from 'vitest';
import { isLiveNow, LIVE_WINDOW } from '../../src/lib/liveNow';
import { LIVE_SLOT_GATE, liveSlotAttributes, showAtAttribute, type LiveSlotMatch, type ShowWindow } from '../../src/lib/liveSlot';

const match = { matchID: '2026-08-29-wolverhampton-wanderers', kickOff: '2026-08-29T11:30:00.000Z', home: 'Wolverhampton Wanderers', away: 'Stoke City' };
const kickOffMs = Date.parse(match.kickOff);

interface FakeSlot {
  hidden: boolean;
  dataset: Record<string, string>;
  attributes: Record<string, string>;
  matches(selector: string): boolean;
  hasAttribute(name: string): boolean;
  setAttribute(name: string, value: string): void;
}

/** The gate's selector: a live slot, or an element shown in windows of its own. */
const GATED = '[data-live-slot], [data-show-at]';

function fakeSlot(slotMatch: LiveSlotMatch): FakeSlot {
  const attributes = liveSlotAttributes(slotMatch);
  const dataset = Object.fromEntries(Object.entries(attributes).map(([k, v]) => [k.slice(5).replace(/-([a-z])/g, (_, c: string) => c.toUpperCase()), v]));
  return {
    hidden: true,
    dataset,
    attributes: {},
    matches: (selector) => selector === GATED,
    hasAttribute: (name) => name in attributes,
    setAttribute(name, value) {
      this.attributes[name] = value;
    },
  };
}

/** Runs the gate with `before` as the element just before it (a slot, or a list holding slots). */
function gate(before: unknown, asOf: string | undefined, search: string, realNow: number): void {
  const document = { documentElement: { dataset: asOf ? { asOf } : {} }, currentScript: { previousElementSibling: before } };
  const FakeDate = { now: () => realNow, parse: Date.parse };
  new Function('document', 'location', 'Date', LIVE_SLOT_GATE)(document, { search }, FakeDate);
}

function runGate(asOf: string | undefined, search = '', realNow = Date.parse('2030-01-01T00:00:00Z')): FakeSlot {
  const slot = fakeSlot(match);
  gate(slot, asOf, search, realNow);
  return slot;
}

const iso = (ms: number) => new Date(ms).toISOString();
const before = kickOffMs - LIVE_WINDOW.beforeKickOffMinutes * 60_000;
const after = kickOffMs + LIVE_WINDOW.afterKickOffMinutes * 60_000;

describe('LIVE_SLOT_GATE', () => {
  it('shows the slot and names the root in the live window, as isLiveNow decides', () => {
    for (const at of [before - 1, before, kickOffMs, after - 1, after]) {
      const slot = runGate(iso(at));
      const live = isLiveNow({ kickOffMs }, at);
      expect(slot.hidden).toBe(!live);
      expect(slot.attributes['data-live-match']).toBe(live ? match.matchID : undefined);
      if (live) expect(slot.attributes['data-live-seq']).toBe('0');
    }
  });
  it('stays hidden at the embedded dataset clock (24 Aug 2026 09:00 BST)', () => {
    expect(runGate('2026-08-24T08:00:00Z').hidden).toBe(true);
  });
  it("after a fixtures month's list, gates each slot in it: only the live match's is shown", () => {
    const next = { ...match, matchID: '2026-09-12-stoke-city-leeds-united', kickOff: '2026-09-12T14:00:00.000Z' };
    const slots = [fakeSlot(match), fakeSlot(next)];
    const list = { matches: () => false, querySelectorAll: (selector: string) => (selector === GATED ? slots : []) };
    gate(list, iso(kickOffMs + 60_000), '', 0);
    expect(slots.map((slot) => slot.hidden)).toEqual([false, true]);
    expect(slots.map((slot) => slot.attributes['data-live-match'])).toEqual([match.matchID, undefined]);
  });
  it('takes ?as-of= on a fixed clock, never on the real clock', () => {
    expect(runGate('2026-08-24T08:00:00Z', '?as-of=2026-08-29T11:29:00Z').hidden).toBe(false);
    expect(runGate('2026-08-24T08:00:00Z', '?as-of=nonsense').hidden).toBe(true);
    expect(runGate(undefined, '?as-of=2026-08-29T11:29:00Z').hidden).toBe(true);
    expect(runGate(undefined, '', kickOffMs + 60_000).hidden).toBe(false);
  });
  it('shows an element with data-show-at (a countdown clock) while the clock is in one of its windows; never names it a root', () => {
    const shownAt = (at: number, windows: ShowWindow[]) => {
      const el: FakeSlot = {
        hidden: true,
        dataset: { showAt: showAtAttribute(windows) },
        attributes: {},
        matches: (selector) => selector === GATED,
        hasAttribute: () => false,
        setAttribute(name, value) {
          this.attributes[name] = value;
        },
      };
      gate(el, iso(at), '', 0);
      expect(el.attributes).toEqual({});
      return !el.hidden;
    };
    const untilKickOff = [{ fromMs: 0, untilMs: kickOffMs }];
    expect([kickOffMs - 86_400_000, kickOffMs - 1, kickOffMs, kickOffMs + 1].map((at) => shownAt(at, untilKickOff))).toEqual([true, true, false, false]);
    const two = [
      { fromMs: 1000, untilMs: 2000 },
      { fromMs: 5000, untilMs: 6000 },
    ];
    expect([999, 1000, 1999, 2000, 4999, 5000, 5999, 6000].map((at) => shownAt(at, two))).toEqual([false, true, true, false, false, true, true, false]);
  });
});
