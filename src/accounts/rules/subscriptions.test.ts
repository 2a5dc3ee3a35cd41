/** The entitlement answer (spec §5, §7, §8): src/accounts/rules/subscriptions. */
import { describe, expect, it } from 'vitest';
import { billingPortalOffered, heldSubscriptions, subscriptionsFrom, subscriptionsMessage } from './subscriptions';

const record = (userID: string, stripeCustomerID: string | null = 'cus_1') => ({ userID, entitlements: ['tv-season'], stripeCustomerID });

describe('entitlements of the current user only (spec §5)', () => {
  it("accepts the current user's record", () => {
    expect(subscriptionsFrom({ status: 200, record: record('u-1') }, 'u-1')).toEqual({ state: 'held', entitlements: ['tv-season'], stripeCustomerID: 'cus_1' });
  });
  it("refuses another user's record", () => {
    expect(subscriptionsFrom({ status: 200, record: record('u-2') }, 'u-1')).toEqual({ state: 'failed', entitlements: null, stripeCustomerID: '' });
    expect(subscriptionsFrom({ status: 200, record: record('') }, '')).toEqual({ state: 'failed', entitlements: null, stripeCustomerID: '' });
  });
});

describe('subscription messages (spec §8)', () => {
  it("no record, or a record with nothing in force: 'You have no subscriptions'", () => {
    expect(subscriptionsFrom({ status: 404, record: null }, 'u-1')).toEqual({ state: 'none', entitlements: [], stripeCustomerID: '' });
    expect(subscriptionsFrom({ status: 200, record: { userID: 'u-1', entitlements: [], stripeCustomerID: 'cus_1' } }, 'u-1')).toEqual({
      state: 'none',
      entitlements: [],
      stripeCustomerID: 'cus_1',
    });
    expect(subscriptionsMessage('none')).toBe('You have no subscriptions');
  });
  it('entitlements without a Stripe customer (a voucher, an admin grant) are held, with no billing portal', () => {
    const outcome = subscriptionsFrom({ status: 200, record: record('u-1', null) }, 'u-1');
    expect(outcome).toEqual({ state: 'held', entitlements: ['tv-season'], stripeCustomerID: '' });
    expect(subscriptionsMessage(outcome.state)).toBeNull();
    expect(billingPortalOffered(outcome.stripeCustomerID)).toBe(false);
    expect(billingPortalOffered('cus_1')).toBe(true);
  });
  it("a failed call: 'There was an issue checking your subscriptions', entitlements null", () => {
    for (const status of [0, 401, 403, 500, 503]) expect(subscriptionsFrom({ status, record: null }, 'u-1').state).toBe('failed');
    expect(subscriptionsFrom({ status: 200, record: null }, 'u-1').entitlements).toBeNull();
    expect(subscriptionsMessage('failed')).toBe('There was an issue checking your subscriptions');
  });
  it('says nothing before, during and after a good check', () => {
    for (const state of ['idle', 'checking', 'held'] as const) expect(subscriptionsMessage(state)).toBeNull();
  });
});

describe('what a supporter holds', () => {
  const packages = [
    { title: 'Monthly', prices: [{ entitlements: ['video', 'audio'] }] },
    { title: 'Audio Pass', prices: [{ entitlements: ['audio'] }] },
    { title: 'Match Pass', prices: [{ entitlements: ['match-1'] }] },
    { title: 'Free', prices: [{ entitlements: [] }] },
  ];
  it('names the packages whose entitlements are held in full, as the packages widget does', () => {
    expect(heldSubscriptions(['video', 'audio'], packages)).toEqual(['Monthly', 'Audio Pass']);
    expect(heldSubscriptions(['audio'], packages)).toEqual(['Audio Pass']);
    expect(heldSubscriptions(['video'], packages)).toEqual(['video']);
  });
  it('names a held entitlement no held package grants by itself', () => {
    expect(heldSubscriptions(['match-1', 'press-box'], packages)).toEqual(['Match Pass', 'press-box']);
  });
  it('is empty when nothing is held or not loaded', () => {
    expect(heldSubscriptions([], packages)).toEqual([]);
    expect(heldSubscriptions(null, packages)).toEqual([]);
  });
});
