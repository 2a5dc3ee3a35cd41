/**
 * The payments rules (src/payments/rules/checkoutSession.ts, src/payments/rules/subscriptionState.ts): the
 * Checkout Session parameters of spec §7 field by field (mode by price type, success URL with the
 * session id placeholder, cancel URL, metadata, one line item, customer or customer e-mail,
 * client_reference_id, discounts or allow_promotion_codes, never both), and the state table from
 * a Stripe subscription's status to the entitlement's validity.
 */
import { describe, expect, it } from 'vitest';
import { buildCheckoutSessionParams, withSessionIdPlaceholder, type CheckoutInput } from './checkoutSession';
import { PAST_DUE_GRACE_DAYS, subscriptionValidity } from './subscriptionState';

const input: CheckoutInput = {
  pkg: {
    id: 'pkg-monthly',
    title: 'Stoke City+ Monthly',
    description: '<p>Every match</p>',
    successfulPaymentPage: '/videos/subscriptions?checkout=success',
    cancelledPaymentPage: '/videos/subscriptions?checkout=cancelled',
  },
  price: { id: 'price_monthly_999', type: 'recurring' },
  buyer: { id: '0b9f3c4e-0000-4000-8000-000000000001', email: 'fan@terrace.test' },
  stripeCustomerId: null,
  promotionCodeId: null,
  origin: 'https://www.stokecity.example',
};

describe('buildCheckoutSessionParams (spec §7 create-checkout)', () => {
  it('builds a subscription session field by field', () => {
    const params = buildCheckoutSessionParams(input);
    expect(params.mode).toBe('subscription');
    expect(params.success_url).toBe('https://www.stokecity.example/videos/subscriptions?checkout=success&session_id={CHECKOUT_SESSION_ID}');
    expect(params.cancel_url).toBe('https://www.stokecity.example/videos/subscriptions?checkout=cancelled');
    expect(params.metadata).toEqual({
      userID: input.buyer.id,
      userEmail: 'fan@terrace.test',
      packageDescription: '<p>Every match</p>',
      packageTitle: 'Stoke City+ Monthly',
      packageID: 'pkg-monthly',
    });
    expect(params.line_items).toEqual([{ price: 'price_monthly_999', quantity: 1 }]);
    expect(params.client_reference_id).toBe(input.buyer.id);
    expect(params.customer_email).toBe('fan@terrace.test');
    expect(params).not.toHaveProperty('customer');
    expect(params.allow_promotion_codes).toBe(true);
    expect(params).not.toHaveProperty('discounts');
    expect(Object.keys(params).sort()).toEqual(
      ['allow_promotion_codes', 'cancel_url', 'client_reference_id', 'customer_email', 'line_items', 'metadata', 'mode', 'success_url'].sort(),
    );
  });

  it("uses mode 'payment' for a one-off price", () => {
    expect(buildCheckoutSessionParams({ ...input, price: { id: 'price_match', type: 'one-off' } }).mode).toBe('payment');
  });

  it('names the customer instead of the e-mail when there is one', () => {
    const params = buildCheckoutSessionParams({ ...input, stripeCustomerId: 'cus_123' });
    expect(params.customer).toBe('cus_123');
    expect(params).not.toHaveProperty('customer_email');
  });

  it('sends discounts for a redeemed voucher and then never allow_promotion_codes (Stripe refuses both)', () => {
    const params = buildCheckoutSessionParams({ ...input, promotionCodeId: 'promo_abc' });
    expect(params.discounts).toEqual([{ promotion_code: 'promo_abc' }]);
    expect(params).not.toHaveProperty('allow_promotion_codes');
  });

  it('appends the session id placeholder with ? or & and keeps a fragment last', () => {
    expect(withSessionIdPlaceholder('https://a.example/ok')).toBe('https://a.example/ok?session_id={CHECKOUT_SESSION_ID}');
    expect(withSessionIdPlaceholder('https://a.example/ok?x=1')).toBe('https://a.example/ok?x=1&session_id={CHECKOUT_SESSION_ID}');
    expect(withSessionIdPlaceholder('https://a.example/ok?x=1#top')).toBe('https://a.example/ok?x=1&session_id={CHECKOUT_SESSION_ID}#top');
    expect(buildCheckoutSessionParams({ ...input, origin: 'http://127.0.0.1:4321/' }).success_url).toBe(
      'http://127.0.0.1:4321/videos/subscriptions?checkout=success&session_id={CHECKOUT_SESSION_ID}',
    );
  });

  it('cuts metadata values to Stripe’s 500 characters', () => {
    const params = buildCheckoutSessionParams({ ...input, pkg: { ...input.pkg, description: 'x'.repeat(900) } });
    expect(params.metadata.packageDescription).toHaveLength(500);
  });
});

describe('subscriptionValidity (the state table, docs/payments.md)', () => {
  const periodEnd = Date.parse('2026-12-20T15:00:00Z') / 1000;
  const base = { cancelAtPeriodEnd: false, cancelAt: null, currentPeriodEnd: periodEnd };

  it('active and trialing: valid until the period end, also when cancelled at period end', () => {
    expect(subscriptionValidity({ ...base, status: 'active' })).toEqual({ state: 'valid', until: new Date(periodEnd * 1000), reason: 'active' });
    expect(subscriptionValidity({ ...base, status: 'trialing' })).toEqual({ state: 'valid', until: new Date(periodEnd * 1000), reason: 'trialing' });
    expect(subscriptionValidity({ ...base, status: 'active', cancelAtPeriodEnd: true })).toMatchObject({ state: 'valid', until: new Date(periodEnd * 1000) });
  });

  it('a cancel_at before the period end ends it then', () => {
    const cancelAt = periodEnd - 86_400;
    expect(subscriptionValidity({ ...base, status: 'active', cancelAt })).toMatchObject({ until: new Date(cancelAt * 1000) });
  });

  it('past_due: a grace period from the start of the unpaid period (Stripe has moved the period on), else from its end', () => {
    const periodStart = periodEnd - 30 * 86_400;
    expect(subscriptionValidity({ ...base, status: 'past_due', currentPeriodStart: periodStart })).toEqual({
      state: 'valid',
      until: new Date(periodStart * 1000 + PAST_DUE_GRACE_DAYS * 86_400_000),
      reason: 'grace',
    });
    expect(subscriptionValidity({ ...base, status: 'past_due' })).toEqual({
      state: 'valid',
      until: new Date(periodEnd * 1000 + PAST_DUE_GRACE_DAYS * 86_400_000),
      reason: 'grace',
    });
  });

  it('incomplete (or a live status without a period end) grants nothing yet', () => {
    expect(subscriptionValidity({ ...base, status: 'incomplete' })).toEqual({ state: 'pending' });
    expect(subscriptionValidity({ ...base, status: 'active', currentPeriodEnd: null })).toEqual({ state: 'pending' });
  });

  it('canceled, unpaid, incomplete_expired, paused and unknown statuses end it', () => {
    for (const status of ['canceled', 'unpaid', 'incomplete_expired', 'paused', 'something_new']) {
      expect(subscriptionValidity({ ...base, status })).toEqual({ state: 'ended', status });
    }
  });
});
