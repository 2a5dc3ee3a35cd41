/**
 * The local Stripe stand-in (scripts/local/stripe/) driven over HTTP with the real
 * `stripe` SDK: checkout sessions in both modes and Stripe's refusals, idempotency, payment through
 * the control API and the checkout page, webhooks verified by `stripe.webhooks.constructEvent`
 * (drop, hold, repeat, reverse, retry after a 500), the portal's cancel ending the subscription at
 * the period end, promotion codes, refunds and persistence across a restart.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startStripeStandIn, type StripeStandIn } from '../../scripts/local/stripe/index.mjs';
import { fakeStripeKey } from '../support/fakeSecrets';
import { MATCH_PASS, MATCH_PASS_TITLE } from '../support/matchPass';

type Received = { event: Stripe.Event; raw: string };

const stateDir = mkdtempSync(path.join(tmpdir(), 'stripe-standin-'));
let standIn: StripeStandIn;
let stripe: Stripe;
let receiver: Server;
let receiverUrl: string;
const received: Received[] = [];
/** Statuses the receiver answers with next (then 200). */
const failNext: number[] = [];

const readBody = (request: IncomingMessage) =>
  new Promise<string>((resolve) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });

const sdkFor = (url: string, key = standIn.apiKey) => {
  const { hostname, port, protocol } = new URL(url);
  return new Stripe(key, { host: hostname, port: Number(port), protocol: protocol === 'https:' ? 'https' : 'http', maxNetworkRetries: 0 });
};

beforeAll(async () => {
  receiver = createServer((request, response) => {
    void readBody(request).then((raw) => {
      const status = failNext.shift();
      if (status) {
        response.writeHead(status).end();
        return;
      }
      try {
        const event = stripe.webhooks.constructEvent(raw, String(request.headers['stripe-signature']), standIn.webhookSecret);
        received.push({ event, raw });
        response.writeHead(200).end();
      } catch {
        response.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', () => resolve()));
  const address = receiver.address();
  receiverUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api/payments/webhook`;
  standIn = await startStripeStandIn({ port: 0, stateDir, webhookUrl: receiverUrl, quiet: true, retryScheduleMs: [100, 200] });
  stripe = sdkFor(standIn.url);
});

afterAll(async () => {
  await standIn?.stop();
  await new Promise((resolve) => receiver?.close(resolve));
  rmSync(stateDir, { recursive: true, force: true });
});

beforeEach(async () => {
  await standIn.control.settle();
  await standIn.control.setWebhookMode({});
  await standIn.control.clearDeliveries();
  received.length = 0;
  failNext.length = 0;
});

const subscriptionParams = (extra: Partial<Stripe.Checkout.SessionCreateParams> = {}): Stripe.Checkout.SessionCreateParams => ({
  mode: 'subscription',
  line_items: [{ price: 'price_monthly_999', quantity: 1 }],
  success_url: 'http://127.0.0.1:4321/videos/subscriptions?checkout=success&session_id={CHECKOUT_SESSION_ID}',
  cancel_url: 'http://127.0.0.1:4321/videos/subscriptions?checkout=cancelled',
  customer_email: 'fan@terrace.test',
  client_reference_id: 'user-1',
  metadata: { userID: 'user-1', packageID: 'pkg-stoke-city-plus-monthly' },
  allow_promotion_codes: true,
  ...extra,
});

const paymentParams = (extra: Partial<Stripe.Checkout.SessionCreateParams> = {}): Stripe.Checkout.SessionCreateParams => ({
  mode: 'payment',
  line_items: [{ price: MATCH_PASS.priceId, quantity: 1 }],
  success_url: 'http://127.0.0.1:4321/ok?session_id={CHECKOUT_SESSION_ID}',
  cancel_url: 'http://127.0.0.1:4321/cancelled',
  customer_email: 'pass@terrace.test',
  ...extra,
});

const typesOf = () => received.map((entry) => entry.event.type);

async function refusal(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    return error as Stripe.errors.StripeError;
  }
  throw new Error('expected Stripe to refuse');
}

describe('the local Stripe stand-in, through the stripe SDK', () => {
  it('refuses a missing or wrong API key in Stripe’s error shape', async () => {
    const wrong = await refusal(sdkFor(standIn.url, fakeStripeKey('test')).prices.list());
    expect(wrong.statusCode).toBe(401);
    expect(wrong.type).toBe('StripeAuthenticationError');
    const bare = await fetch(`${standIn.url}/v1/prices`);
    expect(bare.status).toBe(401);
    expect((await bare.json()).error).toMatchObject({ type: 'invalid_request_error', message: expect.stringContaining('API key') });
  });

  it('creates checkout sessions in both modes with Stripe’s fields', async () => {
    const subscription = await stripe.checkout.sessions.create(subscriptionParams());
    expect(subscription).toMatchObject({
      object: 'checkout.session',
      mode: 'subscription',
      status: 'open',
      payment_status: 'unpaid',
      livemode: false,
      amount_total: 999,
      currency: 'gbp',
    });
    expect(subscription.id).toMatch(/^cs_test_/);
    expect(subscription.url).toBe(`${standIn.url}/pay/${subscription.id}`);
    expect(subscription.expires_at - subscription.created).toBe(24 * 60 * 60);
    const payment = await stripe.checkout.sessions.create(paymentParams());
    expect(payment).toMatchObject({ mode: 'payment', amount_total: 1000 });
    const lines = await stripe.checkout.sessions.listLineItems(payment.id);
    expect(lines.data[0]).toMatchObject({ object: 'item', quantity: 1, price: { id: MATCH_PASS.priceId, type: 'one_time', unit_amount: 1000 } });
    const season = await stripe.prices.retrieve('price_season_7999');
    expect(season).toMatchObject({ type: 'recurring', unit_amount: 7999, recurring: { interval: 'year' } });
  });

  it('refuses what Stripe refuses', async () => {
    const both = await refusal(stripe.checkout.sessions.create(subscriptionParams({ discounts: [{ promotion_code: 'promo_terrace_potters10' }] })));
    expect(both.statusCode).toBe(400);
    expect(both.message).toBe('You may only specify one of these parameters: allow_promotion_codes, discounts.');
    const wrongMode = await refusal(stripe.checkout.sessions.create(paymentParams({ line_items: [{ price: 'price_monthly_999', quantity: 1 }] })));
    expect(wrongMode.message).toMatch(/recurring price/);
    const oneTimeInSubscription = await refusal(
      stripe.checkout.sessions.create(subscriptionParams({ line_items: [{ price: MATCH_PASS.priceId, quantity: 1 }] })),
    );
    expect(oneTimeInSubscription.message).toMatch(/at least one recurring price/);
    const unknownPrice = await refusal(stripe.checkout.sessions.create(paymentParams({ line_items: [{ price: 'price_nope', quantity: 1 }] })));
    expect(unknownPrice).toMatchObject({ statusCode: 404, code: 'resource_missing', param: 'line_items[0][price]' });
    const customer = await stripe.customers.create({ email: 'both@terrace.test' });
    const customerAndEmail = await refusal(stripe.checkout.sessions.create(paymentParams({ customer: customer.id })));
    expect(customerAndEmail.message).toBe('You may only specify one of these parameters: customer, customer_email.');
    const noSuccess = await refusal(stripe.checkout.sessions.create(paymentParams({ success_url: undefined })));
    expect(noSuccess).toMatchObject({ code: 'parameter_missing', param: 'success_url' });
    const unknownParam = await refusal(stripe.checkout.sessions.create({ ...paymentParams(), colour: 'red' } as Stripe.Checkout.SessionCreateParams));
    expect(unknownParam).toMatchObject({ code: 'parameter_unknown', param: 'colour' });
  });

  it('replays an idempotent request and refuses the key with another body', async () => {
    const key = `checkout-${Date.now()}`;
    const first = await stripe.checkout.sessions.create(paymentParams(), { idempotencyKey: key });
    const again = await stripe.checkout.sessions.create(paymentParams(), { idempotencyKey: key });
    expect(again.id).toBe(first.id);
    expect(again.lastResponse.headers['idempotent-replayed']).toBe('true');
    const other = await refusal(stripe.checkout.sessions.create(paymentParams({ customer_email: 'other@terrace.test' }), { idempotencyKey: key }));
    expect(other).toMatchObject({ statusCode: 400, type: 'StripeIdempotencyError' });
  });

  it('pays a subscription session: customer made, subscription active, signed events delivered', async () => {
    const session = await stripe.checkout.sessions.create(subscriptionParams());
    const paid = await standIn.control.pay(session.id);
    expect(paid.redirectUrl).toBe(`http://127.0.0.1:4321/videos/subscriptions?checkout=success&session_id=${session.id}`);
    const done = await stripe.checkout.sessions.retrieve(session.id, { expand: ['customer', 'subscription.latest_invoice', 'line_items'] });
    expect(done).toMatchObject({ status: 'complete', payment_status: 'paid', client_reference_id: 'user-1' });
    const customer = done.customer as Stripe.Customer;
    expect(customer).toMatchObject({ object: 'customer', email: 'fan@terrace.test' });
    const subscription = done.subscription as Stripe.Subscription;
    expect(subscription).toMatchObject({ object: 'subscription', status: 'active', customer: customer.id, cancel_at_period_end: false });
    const item = subscription.items.data[0]!;
    expect(item.current_period_end).toBeGreaterThan(item.current_period_start + 27 * 86400);
    expect((subscription.latest_invoice as Stripe.Invoice).status).toBe('paid');
    expect(done.line_items?.data[0]?.price?.id).toBe('price_monthly_999');
    await standIn.control.settle();
    expect(typesOf()).toEqual(expect.arrayContaining(['customer.created', 'customer.subscription.created', 'invoice.paid', 'checkout.session.completed']));
    const completed = received.find((entry) => entry.event.type === 'checkout.session.completed')!.event;
    expect(completed).toMatchObject({
      object: 'event',
      livemode: false,
      api_version: Stripe.API_VERSION,
      data: { object: { id: session.id, status: 'complete' } },
    });
    expect(completed.id).toMatch(/^evt_/);
    expect((await stripe.events.retrieve(completed.id)).id).toBe(completed.id);
    // A tampered body fails the SDK's verification.
    const { raw } = received.find((entry) => entry.event.type === 'checkout.session.completed')!;
    const header = stripe.webhooks.generateTestHeaderString({ payload: raw, secret: standIn.webhookSecret });
    expect(() => stripe.webhooks.constructEvent(raw, header, standIn.webhookSecret)).not.toThrow();
    expect(() => stripe.webhooks.constructEvent(raw.replace('"complete"', '"open"'), header, standIn.webhookSecret)).toThrow(/signature/i);
  });

  it('pays through the checkout page: decline stays open, pay redirects to success_url; payment mode charges', async () => {
    const session = await stripe.checkout.sessions.create(paymentParams());
    const page = await fetch(session.url!);
    const html = await page.text();
    expect(html).toContain(MATCH_PASS_TITLE);
    expect(html).not.toContain('<script');
    const form = (action: string) =>
      fetch(session.url!, { method: 'POST', redirect: 'manual', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: `action=${action}` });
    const declined = await form('decline');
    expect(await declined.text()).toContain('Your card was declined.');
    expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe('open');
    const cancelled = await form('cancel');
    expect(cancelled.status).toBe(303);
    expect(cancelled.headers.get('location')).toBe('http://127.0.0.1:4321/cancelled');
    const paid = await form('pay');
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`http://127.0.0.1:4321/ok?session_id=${session.id}`);
    const done = await stripe.checkout.sessions.retrieve(session.id, { expand: ['payment_intent.latest_charge'] });
    const intent = done.payment_intent as Stripe.PaymentIntent;
    expect(intent).toMatchObject({ object: 'payment_intent', status: 'succeeded', amount: 1000 });
    const charge = intent.latest_charge as Stripe.Charge;
    expect(charge).toMatchObject({ object: 'charge', paid: true, refunded: false });
    // A refund makes charge.refunded.
    await stripe.refunds.create({ charge: charge.id });
    await standIn.control.settle();
    const refunded = received.find((entry) => entry.event.type === 'charge.refunded')?.event.data.object as Stripe.Charge | undefined;
    expect(refunded).toMatchObject({ id: charge.id, refunded: true, amount_refunded: 1000 });
  });

  it('drops, holds, repeats and reverses webhooks on request', async () => {
    await standIn.control.setWebhookMode({ mode: 'drop' });
    await standIn.control.pay((await stripe.checkout.sessions.create(paymentParams())).id);
    await standIn.control.settle();
    expect(received).toHaveLength(0);
    expect((await standIn.control.deliveries()).every((delivery) => delivery.outcome === 'dropped')).toBe(true);

    await standIn.control.setWebhookMode({ mode: 'deliver', repeat: 3, concurrent: true });
    const repeated = await stripe.checkout.sessions.create(paymentParams());
    await standIn.control.pay(repeated.id);
    await standIn.control.settle();
    expect(received.filter((entry) => entry.event.type === 'checkout.session.completed')).toHaveLength(3);
    expect(new Set(received.filter((entry) => entry.event.type === 'checkout.session.completed').map((entry) => entry.event.id)).size).toBe(1);

    received.length = 0;
    await standIn.control.setWebhookMode({ mode: 'hold', reverse: true });
    const held = await stripe.checkout.sessions.create(subscriptionParams());
    await standIn.control.pay(held.id);
    await standIn.control.settle();
    expect(received).toHaveLength(0);
    const heldIds = await standIn.control.held();
    expect(heldIds.length).toBeGreaterThan(3);
    await standIn.control.setWebhookMode({});
    expect((await standIn.control.flush()).flushed).toBe(heldIds.length);
    await standIn.control.settle();
    expect(received.map((entry) => entry.event.id)).toEqual([...heldIds].reverse());
    expect(typesOf()[0]).toBe('checkout.session.completed');

    // `count`: only the next event is dropped.
    received.length = 0;
    await standIn.control.setWebhookMode({ mode: 'drop', count: 1 });
    const customer = await stripe.customers.create({ email: 'count@terrace.test' });
    await stripe.customers.update(customer.id, { name: 'Counted' });
    await standIn.control.settle();
    expect(typesOf()).toEqual(['customer.updated']);
  });

  it('retries after a 500 with the original created time, and resends on request', async () => {
    failNext.push(500, 503);
    const customer = await stripe.customers.create({ email: 'retry@terrace.test' });
    await standIn.control.settle();
    const attempts = (await standIn.control.deliveries()).filter((delivery) => delivery.type === 'customer.created');
    expect(attempts.map((delivery) => [delivery.attempt, delivery.status])).toEqual([
      [1, 500],
      [2, 503],
      [3, 200],
    ]);
    expect(received).toHaveLength(1);
    const event = received[0]!.event;
    expect((event.data.object as Stripe.Customer).id).toBe(customer.id);
    expect(event.created).toBe((await stripe.events.retrieve(event.id)).created);
    await standIn.control.resendEvent(event.id);
    await standIn.control.settle();
    expect(received.map((entry) => entry.event.id)).toEqual([event.id, event.id]);
  });

  it('cancels in the portal; the subscription ends when the clock passes the period end', async () => {
    const session = await stripe.checkout.sessions.create(subscriptionParams({ customer_email: 'portal@terrace.test' }));
    const { session: paid } = await standIn.control.pay(session.id);
    const customerId = paid.customer as string;
    const portal = await stripe.billingPortal.sessions.create({ customer: customerId, return_url: 'http://127.0.0.1:4321/account' });
    expect(portal.url).toBe(`${standIn.url}/portal/${portal.id}`);
    const page = await (await fetch(portal.url)).text();
    expect(page).toContain('Cancel subscription');
    expect(page).toContain('href="http://127.0.0.1:4321/account"');
    const subscriptionId = paid.subscription as string;
    const cancelled = await fetch(portal.url, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: `action=cancel&subscription=${subscriptionId}`,
    });
    expect(cancelled.status).toBe(303);
    const pending = await stripe.subscriptions.retrieve(subscriptionId);
    expect(pending).toMatchObject({ status: 'active', cancel_at_period_end: true });
    await standIn.control.advanceClock(32 * 24 * 60 * 60);
    await standIn.control.settle();
    const ended = await stripe.subscriptions.retrieve(subscriptionId);
    expect(ended.status).toBe('canceled');
    expect(typesOf()).toEqual(expect.arrayContaining(['customer.subscription.updated', 'customer.subscription.deleted']));
    expect((await stripe.subscriptions.list({ customer: customerId })).data).toHaveLength(0);
    expect((await stripe.subscriptions.list({ customer: customerId, status: 'all' })).data).toHaveLength(1);
  });

  it('renews a subscription when the period ends', async () => {
    const { session } = await standIn.control.pay((await stripe.checkout.sessions.create(subscriptionParams({ customer_email: 'renew@terrace.test' }))).id);
    const before = await stripe.subscriptions.retrieve(session.subscription as string);
    await standIn.control.advanceClock(32 * 24 * 60 * 60);
    await standIn.control.settle();
    const after = await stripe.subscriptions.retrieve(before.id, { expand: ['latest_invoice'] });
    expect(after.status).toBe('active');
    expect(after.items.data[0]!.current_period_start).toBe(before.items.data[0]!.current_period_end);
    expect((after.latest_invoice as Stripe.Invoice).billing_reason).toBe('subscription_cycle');
    expect(typesOf()).toContain('invoice.paid');
  });

  it('looks up promotion codes and applies a valid one as a discount', async () => {
    const [valid] = (await stripe.promotionCodes.list({ code: 'POTTERS10', active: true })).data;
    expect(valid).toMatchObject({ object: 'promotion_code', code: 'POTTERS10', active: true });
    const coupon = await stripe.coupons.retrieve(valid!.promotion.coupon as string);
    expect(coupon.percent_off).toBe(10);
    const [expired] = (await stripe.promotionCodes.list({ code: 'SUMMER24' })).data;
    expect(expired!.expires_at).toBeLessThan(Date.now() / 1000);
    const [usedUp] = (await stripe.promotionCodes.list({ code: 'LAUNCHDAY' })).data;
    expect(usedUp!.times_redeemed).toBe(usedUp!.max_redemptions);
    const discounted = await stripe.checkout.sessions.create(paymentParams({ discounts: [{ promotion_code: valid!.id }] }));
    expect(discounted.amount_total).toBe(900);
    const refusedExpired = await refusal(stripe.checkout.sessions.create(paymentParams({ discounts: [{ promotion_code: expired!.id }] })));
    expect(refusedExpired.message).toMatch(/expired/);
    const refusedUsedUp = await refusal(stripe.checkout.sessions.create(paymentParams({ discounts: [{ promotion_code: usedUp!.id }] })));
    expect(refusedUsedUp.message).toMatch(/maximum number of redemptions/);
  });

  it('keeps its state across a restart', async () => {
    const customer = await stripe.customers.create({ email: 'kept@terrace.test' });
    const port = standIn.port;
    await standIn.stop();
    standIn = await startStripeStandIn({ port, stateDir, webhookUrl: receiverUrl, quiet: true, retryScheduleMs: [100, 200] });
    const found = await stripe.customers.list({ email: 'kept@terrace.test' });
    expect(found.data.map((entry) => entry.id)).toEqual([customer.id]);
  });
});
