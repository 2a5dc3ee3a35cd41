/** Package rules (spec §2 Packages widget, Subscribe packages panel; §3; §4 Purchase click; §6; §8): src/payments/rules/packageRules. */
import { describe, expect, it } from 'vitest';
import {
  buyLabel,
  checkoutOutcome,
  checkoutReturnOf,
  holdsPackage,
  packageCardDecoration,
  packageCardHeight,
  packageCardWidth,
  packageClass,
  packageGroups,
  packageTabs,
  packageType,
  priceLabel,
  purchaseAction,
  serviceFormOf,
  type PackagePriceView,
  type PackageView,
} from './packageRules';

const price = (over: Partial<PackagePriceView> = {}): PackagePriceView => ({
  id: 'price_monthly_999',
  type: 'recurring',
  priceDisplay: '£9.99 per month',
  offer: null,
  furtherInformation: null,
  backsideText: null,
  entitlements: ['subscription-video', 'subscription-audio'],
  ...over,
});
const pkg = (over: Partial<PackageView> = {}): PackageView => ({
  id: 'pkg-monthly',
  mode: 'subscription',
  title: 'Stoke City+ Monthly',
  bodyHtml: '<p>x</p>',
  styleMode: 'dark',
  displayType: 'icon-only',
  icon: 'play',
  customLabel: null,
  imageUrl: '/media/x.svg',
  backgroundImageUrl: null,
  prices: [price()],
  ...over,
});

describe('tabs (spec §2: Subscriptions first, Match passes; §8 empty texts)', () => {
  const monthly = pkg();
  const pass = pkg({ id: 'pkg-pass', mode: 'match-pass', title: 'Match Pass' });
  it('splits by mode, Subscriptions first', () => {
    const tabs = packageTabs([pass, monthly]);
    expect(tabs.map((t) => t.label)).toEqual(['Subscriptions', 'Match passes']);
    expect(tabs[0]!.packages).toEqual([monthly]);
    expect(tabs[1]!.packages).toEqual([pass]);
  });
  it("spec §8's empty texts, or the widget's own", () => {
    expect(packageTabs([]).map((t) => t.emptyText)).toEqual([
      'There are currently no Subscriptions available.',
      'There are currently no Match Passes available.',
    ]);
    expect(packageTabs([], { noSubscriptionsText: 'None yet', noMatchPassesText: '  ' }).map((t) => t.emptyText)).toEqual([
      'None yet',
      'There are currently no Match Passes available.',
    ]);
  });
  it('panel groups: only non-empty ones, at most 3; none when there are no packages', () => {
    expect(packageGroups([])).toEqual([]);
    expect(packageGroups([pass]).map((g) => g.label)).toEqual(['Match passes']);
    expect(packageGroups([monthly, pass]).length).toBeLessThanOrEqual(3);
  });
});

describe('package type and class (spec §3)', () => {
  it("'Listen' / 'audio' when the title contains 'audio', else 'Watch' / 'video'", () => {
    expect(packageType('Stoke City+ Audio Pass')).toBe('Listen');
    expect(packageType('AUDIO only')).toBe('Listen');
    expect(packageType('Stoke City+ Monthly')).toBe('Watch');
    expect(packageClass('Stoke City+ Audio Pass')).toBe('audio');
    expect(packageClass('Match Pass')).toBe('video');
  });
});

describe('card size and decoration (spec §2)', () => {
  it('height 480 plus 80 per price option beyond 2', () => {
    expect(packageCardHeight(1)).toBe(480);
    expect(packageCardHeight(2)).toBe(480);
    expect(packageCardHeight(3)).toBe(560);
    expect(packageCardHeight(5)).toBe(720);
  });
  it('width 288, 320 from 760 px', () => {
    expect(packageCardWidth(390)).toBe(288);
    expect(packageCardWidth(759)).toBe(288);
    expect(packageCardWidth(760)).toBe(320);
    expect(packageCardWidth(1440)).toBe(320);
  });
  it('border when the widget style equals the styleMode, else shadow', () => {
    expect(packageCardDecoration('dark', 'dark')).toBe('border');
    expect(packageCardDecoration('light', 'light')).toBe('border');
    expect(packageCardDecoration('dark', 'light')).toBe('shadow');
    expect(packageCardDecoration('light', 'dark')).toBe('shadow');
  });
});

describe("price label (spec §2 'Buy - {amount}' + ' p/m'; §6 'Manage Subscriptions')", () => {
  it("' p/m' only for a package with no duration", () => {
    expect(buyLabel({ AmountFormatted: '£9.99', Duration: null })).toBe('Buy - £9.99 p/m');
    expect(buyLabel({ AmountFormatted: '£10.00', Duration: 'one-off' })).toBe('Buy - £10.00');
  });
  it('the catalogue prices in the service-provider form: rolling monthly has no duration', () => {
    expect(serviceFormOf(price())).toEqual({ AmountFormatted: '£9.99', Duration: null });
    expect(buyLabel(serviceFormOf(price({ type: 'one-off', priceDisplay: '£10.00' })))).toBe('Buy - £10.00');
    expect(buyLabel(serviceFormOf(price({ priceDisplay: '£79.99 per season' })))).toBe('Buy - £79.99 per season');
    expect(buyLabel(serviceFormOf(price({ priceDisplay: '£8.99 per month for 10 months' })))).toBe('Buy - £8.99 per month for 10 months');
    // A one-off price that reads 'per month' is still not a subscription.
    expect(serviceFormOf(price({ type: 'one-off', priceDisplay: '£5 per month' })).Duration).not.toBeNull();
  });
  it("'Manage Subscriptions' when the user holds the package's entitlements", () => {
    const p = pkg();
    expect(priceLabel(['subscription-video', 'subscription-audio'], p, p.prices[0]!)).toBe('Manage Subscriptions');
    expect(priceLabel(['subscription-audio'], p, p.prices[0]!)).toBe('Buy - £9.99 p/m');
    expect(priceLabel(null, p, p.prices[0]!)).toBe('Buy - £9.99 p/m');
  });
  it('holding any one price option of a package holds the package', () => {
    const p = pkg({ prices: [price({ entitlements: ['a', 'b'] }), price({ id: 'p2', entitlements: ['c'] })] });
    expect(holdsPackage(['c'], p)).toBe(true);
    expect(holdsPackage(['a'], p)).toBe(false);
    expect(holdsPackage([], p)).toBe(false);
  });
});

describe('purchase click (spec §4)', () => {
  const p = pkg();
  it('signed out → login prompt, whatever the entitlements', () => {
    expect(purchaseAction({ loggedIn: false, entitlements: null }, p)).toBe('login-prompt');
    expect(purchaseAction({ loggedIn: false, entitlements: ['subscription-video', 'subscription-audio'] }, p)).toBe('login-prompt');
  });
  it('signed in and entitled → account box', () => {
    expect(purchaseAction({ loggedIn: true, entitlements: ['subscription-audio', 'subscription-video', 'x'] }, p)).toBe('account-box');
  });
  it('signed in, not entitled (or entitlements not loaded) → checkout', () => {
    expect(purchaseAction({ loggedIn: true, entitlements: ['subscription-audio'] }, p)).toBe('checkout');
    expect(purchaseAction({ loggedIn: true, entitlements: null }, p)).toBe('checkout');
  });
});

describe('return from checkout', () => {
  it('reads success with its session id, cancelled, or nothing', () => {
    expect(checkoutReturnOf('?checkout=success&session_id=cs_test_1')).toEqual({ kind: 'success', sessionId: 'cs_test_1' });
    expect(checkoutReturnOf('?checkout=success')).toEqual({ kind: 'success', sessionId: null });
    expect(checkoutReturnOf('?checkout=success&session_id=')).toEqual({ kind: 'success', sessionId: null });
    expect(checkoutReturnOf('?checkout=cancelled')).toEqual({ kind: 'cancelled' });
    expect(checkoutReturnOf('')).toBeNull();
    expect(checkoutReturnOf('?checkout=other')).toBeNull();
  });
});

describe("create-checkout's answer (spec §4, §8)", () => {
  it('a session redirects; 409 already_entitled opens the account box; 401 the login prompt; the rest is unavailable', () => {
    expect(checkoutOutcome({ ok: true })).toBe('redirect');
    expect(checkoutOutcome({ ok: false, status: 409, code: 'already_entitled' })).toBe('account-box');
    expect(checkoutOutcome({ ok: false, status: 409, code: 'checkout_in_progress' })).toBe('unavailable');
    expect(checkoutOutcome({ ok: false, status: 401, code: 'not_signed_in' })).toBe('login-prompt');
    for (const [status, code] of [
      [0, 'network_error'],
      [503, 'checkout_unavailable'],
      [404, 'not_found'],
      [422, 'voucher_expired'],
      [200, 'invalid_response'],
    ] as const)
      expect(checkoutOutcome({ ok: false, status, code })).toBe('unavailable');
  });
});
