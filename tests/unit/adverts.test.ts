import { describe, expect, it } from 'vitest';
import {
  advertAllowed,
  advertSlotVisible,
  eligibleFooterAdverts,
  FOOTER_SLOTS,
  footerAdvertDelay,
  footerSlotEnabled,
  hasAdvertContent,
  isEligibleFooterAdvert,
  nextFooterAdvert,
  parseImageSize,
  passesChildFriendly,
  pickRandom,
  type FooterAdvertCandidate,
} from '../../src/lib/adverts';
import { ADVERT_WIDTHS, FOOTER_ADVERT_REENABLE_MS } from '../../src/lib/constants';
import { withinWindow } from '../../src/lib/timeWindow';

const CHILD_FRIENDLY = { childFriendly: true, advertisingDisabled: false };
const ALL_ADVERTS = { childFriendly: false, advertisingDisabled: false };
const NO_ADVERTS = { childFriendly: false, advertisingDisabled: true };

const slot = (url: string | null, mobileKey: string | null, childFriendly = true) => ({
  advertData: { url, images: { mobile: mobileKey === null ? null : { key: mobileKey } } },
  childFriendly,
});

describe('advert slot (spec §4 Adverts, §5)', () => {
  it('has the spec widths: mpu 300, banner 728, large banner 1000', () => {
    expect(ADVERT_WIDTHS).toEqual({ mpu: 300, banner: 728, largeBanner: 1000 });
  });

  it('needs a url and a mobile image key', () => {
    expect(hasAdvertContent(slot('https://ad.example', 'adverts/a.svg'))).toBe(true);
    expect(hasAdvertContent(slot(null, 'adverts/a.svg'))).toBe(false);
    expect(hasAdvertContent(slot('', 'adverts/a.svg'))).toBe(false);
    expect(hasAdvertContent(slot('/videos', null))).toBe(false);
    expect(hasAdvertContent(slot('/videos', ''))).toBe(false);
  });

  it('shows only when the child-friendly check passes, re-evaluated per mode', () => {
    const adult = slot('https://odds.example', 'adverts/odds.svg', false);
    expect(advertSlotVisible(adult, CHILD_FRIENDLY)).toBe(false);
    expect(advertSlotVisible(adult, ALL_ADVERTS)).toBe(true);
    const family = slot('/videos', 'adverts/plus.svg', true);
    expect(advertSlotVisible(family, CHILD_FRIENDLY)).toBe(true);
    expect(advertSlotVisible(family, ALL_ADVERTS)).toBe(true);
  });

  it('never shows while advertising is disabled, nor without content', () => {
    expect(advertSlotVisible(slot('/videos', 'adverts/plus.svg'), NO_ADVERTS)).toBe(false);
    expect(advertSlotVisible(slot('/videos', null), ALL_ADVERTS)).toBe(false);
  });
});

describe('child-friendly check (spec §1, §6)', () => {
  it('passes with the mode off, or for items flagged child friendly (boolean or 0/1)', () => {
    expect(passesChildFriendly(false, false)).toBe(true);
    expect(passesChildFriendly(0, false)).toBe(true);
    expect(passesChildFriendly(true, true)).toBe(true);
    expect(passesChildFriendly(1, true)).toBe(true);
    expect(passesChildFriendly(false, true)).toBe(false);
    expect(passesChildFriendly(0, true)).toBe(false);
  });

  it('advertAllowed adds advertisingDisabled', () => {
    expect(advertAllowed(true, NO_ADVERTS)).toBe(false);
    expect(advertAllowed(false, ALL_ADVERTS)).toBe(true);
    expect(advertAllowed(false, CHILD_FRIENDLY)).toBe(false);
  });
});

describe('UTC window', () => {
  const start = '2026-07-01T00:00:00Z';
  const end = '2027-06-30T23:59:59Z';
  it('includes both ends', () => {
    expect(withinWindow(start, end, new Date('2026-07-01T00:00:00Z'))).toBe(true);
    expect(withinWindow(start, end, new Date('2027-06-30T23:59:59Z'))).toBe(true);
    expect(withinWindow(start, end, new Date('2026-11-21T12:00:00Z'))).toBe(true);
  });
  it('excludes moments outside', () => {
    expect(withinWindow(start, end, new Date('2026-06-30T23:59:59Z'))).toBe(false);
    expect(withinWindow(start, end, new Date('2027-07-01T00:00:00Z'))).toBe(false);
  });
  it('compares in UTC whatever the offset', () => {
    // 00:30 in London summer time (+01:00) is 23:30 UTC the day before.
    expect(withinWindow('2026-07-01T00:30:00+01:00', end, new Date('2026-06-30T23:30:00Z'))).toBe(true);
  });
  it('throws RangeError on an unparseable bound', () => {
    expect(() => withinWindow('soon', end, new Date())).toThrow(RangeError);
    expect(() => withinWindow(start, 'later', new Date())).toThrow(RangeError);
  });
});

const advert = (overrides: Partial<FooterAdvertCandidate> & { id: string }): FooterAdvertCandidate & { id: string } => ({
  slot: 'footerSlot1',
  enabled: true,
  channel: '',
  childFriendly: true,
  timings: { startUTC: '2026-07-01T00:00:00Z', endUTC: '2027-06-30T23:59:59Z' },
  url: 'https://shop.example/kits',
  images: { square: { imageKey: 'footer-adverts/a.svg' } },
  ...overrides,
});

const NOW = new Date('2026-11-21T12:00:00Z');

describe('footer adverts (spec §4 Adverts)', () => {
  it('has three square slots footerSlot1 to footerSlot3', () => {
    expect(FOOTER_SLOTS).toEqual(['footerSlot1', 'footerSlot2', 'footerSlot3']);
  });

  it('enables a slot when it has adverts', () => {
    const adverts = [advert({ id: 'a', slot: 'footerSlot1' }), advert({ id: 'b', slot: 'footerSlot3', enabled: false })];
    expect(footerSlotEnabled(adverts, 'footerSlot1')).toBe(true);
    expect(footerSlotEnabled(adverts, 'footerSlot2')).toBe(false);
    expect(footerSlotEnabled(adverts, 'footerSlot3')).toBe(true);
  });

  it("keeps enabled adverts on channel '' or 'web' inside their UTC window", () => {
    expect(isEligibleFooterAdvert(advert({ id: 'all', channel: '' }), NOW)).toBe(true);
    expect(isEligibleFooterAdvert(advert({ id: 'web', channel: 'web' }), NOW)).toBe(true);
    expect(isEligibleFooterAdvert(advert({ id: 'app', channel: 'app' }), NOW)).toBe(false);
    expect(isEligibleFooterAdvert(advert({ id: 'off', enabled: false }), NOW)).toBe(false);
    expect(isEligibleFooterAdvert(advert({ id: 'old', timings: { startUTC: '2024-06-01T00:00:00Z', endUTC: '2024-08-31T23:59:59Z' } }), NOW)).toBe(false);
    expect(isEligibleFooterAdvert(advert({ id: 'future', timings: { startUTC: '2027-01-01T00:00:00Z', endUTC: '2027-02-01T00:00:00Z' } }), NOW)).toBe(false);
  });

  it('needs a url and a square image for a square slot', () => {
    expect(isEligibleFooterAdvert(advert({ id: 'no-square', images: {} }), NOW)).toBe(false);
    expect(isEligibleFooterAdvert(advert({ id: 'no-url', url: '' }), NOW)).toBe(false);
  });

  it('offers nothing while the slot is disabled (the 2 s after a route change) or advertising is off', () => {
    const adverts = [advert({ id: 'a' })];
    expect(eligibleFooterAdverts(adverts, 'footerSlot1', { slotEnabled: false, now: NOW, mode: ALL_ADVERTS })).toEqual([]);
    expect(eligibleFooterAdverts(adverts, 'footerSlot1', { slotEnabled: true, now: NOW, mode: NO_ADVERTS })).toEqual([]);
    expect(eligibleFooterAdverts(adverts, 'footerSlot1', { slotEnabled: true, now: NOW, mode: ALL_ADVERTS })).toHaveLength(1);
  });

  it('filters by slot and by the child-friendly mode', () => {
    const adverts = [
      advert({ id: 'kit', slot: 'footerSlot1' }),
      advert({ id: 'beer', slot: 'footerSlot3', channel: 'web', childFriendly: false }),
      advert({ id: 'app', slot: 'footerSlot3', channel: 'app' }),
    ];
    const ids = (slot: 'footerSlot1' | 'footerSlot3', mode: typeof ALL_ADVERTS) =>
      eligibleFooterAdverts(adverts, slot, { slotEnabled: true, now: NOW, mode }).map((a) => a.id);
    expect(ids('footerSlot1', CHILD_FRIENDLY)).toEqual(['kit']);
    expect(ids('footerSlot3', CHILD_FRIENDLY)).toEqual([]);
    expect(ids('footerSlot3', ALL_ADVERTS)).toEqual(['beer']);
  });

  it('re-enables slots 2000 ms after a route change, at once on the first page', () => {
    expect(FOOTER_ADVERT_REENABLE_MS).toBe(2000);
    expect(footerAdvertDelay(true)).toBe(2000);
    expect(footerAdvertDelay(false)).toBe(0);
  });
});

describe('random choice', () => {
  const items = ['a', 'b', 'c'];
  it('maps [0, 1) uniformly onto the items', () => {
    expect(pickRandom(items, () => 0)).toBe('a');
    expect(pickRandom(items, () => 0.34)).toBe('b');
    expect(pickRandom(items, () => 0.999999)).toBe('c');
  });
  it('gives undefined for an empty list without calling random', () => {
    let calls = 0;
    expect(pickRandom([], () => (calls += 1))).toBeUndefined();
    expect(calls).toBe(0);
  });
  it('keeps the current advert while it is still a candidate, else chooses again', () => {
    expect(nextFooterAdvert('b', items, () => 0)).toBe('b');
    expect(nextFooterAdvert('z', items, () => 0)).toBe('a');
    expect(nextFooterAdvert(undefined, items, () => 0.99)).toBe('c');
    expect(nextFooterAdvert('b', [], () => 0)).toBeUndefined();
  });
});

describe('parseImageSize', () => {
  it("reads 'WxH' in pixels", () => {
    expect(parseImageSize('728x90')).toEqual({ width: 728, height: 90 });
    expect(parseImageSize('750x750')).toEqual({ width: 750, height: 750 });
  });
  it('rejects anything else', () => {
    for (const bad of ['', '728', '0x90', '728x', 'axb', '72.8x90']) expect(parseImageSize(bad), bad).toBeNull();
  });
});
