import { describe, expect, it } from 'vitest';
import { PROMO_READ_DELAY_MS, SEEN_PROMO_COOKIE_EXPIRY } from '../../src/lib/constants';
import {
  appendSeenPromo,
  firstUnseenPromo,
  isPromoActive,
  isPromoOverlay,
  parsePromoList,
  parseSeenPromos,
  promoReadWaitMs,
  SEEN_PROMOS_COOKIE,
  seenPromosCookieExpiry,
  type PromoOverlay,
} from '../../src/lib/promos';

const promo = (promoID: string, startDateTime: string, endDateTime: string, type: PromoOverlay['type'] = 'Default'): PromoOverlay => ({
  promoID,
  type,
  url: '/videos',
  webNewWindow: false,
  imageKey: `promos/${promoID}.svg`,
  imageAltText: promoID,
  startDateTime,
  endDateTime,
});

const SEASON_PASS = promo('promo-season-pass-offer', '2026-11-14T00:00:00Z', '2026-12-01T23:59:59Z');
const FESTIVE = promo('promo-festive-fixtures', '2026-11-16T09:00:00Z', '2026-12-26T15:00:00Z', 'Mini');
const MEMBERSHIPS = promo('promo-memberships-2026', '2026-05-20T09:00:00Z', '2026-06-26T23:59:59Z');
const PROMOS = [MEMBERSHIPS, SEASON_PASS, FESTIVE];
const NOW = new Date('2026-11-21T12:00:00Z');

describe('seen-promos cookie (spec §4 Overlay promo, §9)', () => {
  it("is named 'seen_promos' and expires on 31 Dec 2099", () => {
    expect(SEEN_PROMOS_COOKIE).toBe('seen_promos');
    expect(SEEN_PROMO_COOKIE_EXPIRY).toBe('2099-12-31');
    expect(seenPromosCookieExpiry().toISOString()).toBe('2099-12-31T23:59:59.000Z');
  });

  it('parses a missing or empty cookie as no ids', () => {
    expect(parseSeenPromos(undefined)).toEqual([]);
    expect(parseSeenPromos('')).toEqual([]);
  });

  it('appends ids once, keeping their order', () => {
    const one = appendSeenPromo(undefined, 'promo-season-pass-offer');
    expect(one).toBe('promo-season-pass-offer');
    const two = appendSeenPromo(one, 'promo-festive-fixtures');
    expect(parseSeenPromos(two)).toEqual(['promo-season-pass-offer', 'promo-festive-fixtures']);
    expect(appendSeenPromo(two, 'promo-season-pass-offer')).toBe(two);
  });

  it('round-trips ids containing commas and other characters', () => {
    const value = appendSeenPromo(appendSeenPromo(undefined, 'a,b'), 'ü 1');
    expect(parseSeenPromos(value)).toEqual(['a,b', 'ü 1']);
  });

  it('ignores empty, malformed and duplicate parts', () => {
    expect(parseSeenPromos('a,,%E0%A4%A,a, b ')).toEqual(['a', 'b']);
  });
});

describe('which promo shows (spec §4 Overlay promo)', () => {
  it('keeps promos between their start and end times, both included', () => {
    expect(isPromoActive(SEASON_PASS, NOW)).toBe(true);
    expect(isPromoActive(SEASON_PASS, new Date('2026-11-14T00:00:00Z'))).toBe(true);
    expect(isPromoActive(SEASON_PASS, new Date('2026-12-01T23:59:59Z'))).toBe(true);
    expect(isPromoActive(SEASON_PASS, new Date('2026-12-02T00:00:00Z'))).toBe(false);
    expect(isPromoActive(MEMBERSHIPS, NOW)).toBe(false);
  });

  it('shows the first active unseen promo', () => {
    expect(firstUnseenPromo(PROMOS, [], NOW)).toBe(SEASON_PASS);
    expect(firstUnseenPromo(PROMOS, ['promo-season-pass-offer'], NOW)).toBe(FESTIVE);
  });

  it('shows nothing when every active promo has been seen, or none is active', () => {
    expect(firstUnseenPromo(PROMOS, ['promo-season-pass-offer', 'promo-festive-fixtures'], NOW)).toBeUndefined();
    expect(firstUnseenPromo(PROMOS, [], new Date('2027-01-01T00:00:00Z'))).toBeUndefined();
    expect(firstUnseenPromo([], [], NOW)).toBeUndefined();
  });
});

describe('a first visit reads before a promo shows', () => {
  const T = Date.parse('2026-11-21T12:00:00Z');

  it('waits while the cookie notice waits for an answer', () => {
    expect(promoReadWaitMs({ answeredBeforeLoad: false, pageViews: 1 }, T)).toBe(Infinity);
  });

  it('waits the read delay after the notice is answered on the first page, then shows', () => {
    const visit = { answeredBeforeLoad: false, pageViews: 1, answeredAt: T };
    expect(promoReadWaitMs(visit, T)).toBe(PROMO_READ_DELAY_MS);
    expect(promoReadWaitMs(visit, T + PROMO_READ_DELAY_MS - 1)).toBe(1);
    expect(promoReadWaitMs(visit, T + PROMO_READ_DELAY_MS)).toBe(0);
  });

  it('shows at once on a second page, and for a visitor who answered the notice before this page', () => {
    expect(promoReadWaitMs({ answeredBeforeLoad: false, pageViews: 2, answeredAt: T }, T)).toBe(0);
    expect(promoReadWaitMs({ answeredBeforeLoad: false, pageViews: 2 }, T)).toBe(0);
    expect(promoReadWaitMs({ answeredBeforeLoad: true, pageViews: 1 }, T)).toBe(0);
  });
});

describe('promo overlays response (spec §7)', () => {
  it('accepts a list of promos', () => {
    expect(parsePromoList(JSON.parse(JSON.stringify(PROMOS)))).toEqual(PROMOS);
  });

  it('drops entries that are not promos, and unsafe links', () => {
    const body = [
      SEASON_PASS,
      { promoID: 'x' },
      null,
      'promo',
      { ...FESTIVE, url: 'javascript:alert(1)' },
      { ...FESTIVE, url: '//evil.example' },
      { ...FESTIVE, type: 'Huge' },
      { ...FESTIVE, startDateTime: 'soon' },
    ];
    expect(parsePromoList(body)).toEqual([SEASON_PASS]);
  });

  it('gives no promos for a body that is not a list', () => {
    expect(parsePromoList({ data: PROMOS })).toEqual([]);
    expect(parsePromoList(null)).toEqual([]);
  });

  it('accepts internal and http(s) links', () => {
    expect(isPromoOverlay({ ...SEASON_PASS, url: 'https://tickets.stokecity.example/' })).toBe(true);
    expect(isPromoOverlay({ ...SEASON_PASS, url: '/tickets/memberships' })).toBe(true);
  });
});
