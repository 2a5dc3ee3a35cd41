/**
 * The payments routes through createPlatformApp on an in-memory PGlite, against the local Stripe
 * stand-in through the real `stripe` SDK: the Checkout Session of spec §7 field by field; refusals
 * (401, 404, 409, 422); double clicks, tabs and back button → one session; fulfil and webhooks
 * repeated, simultaneous, reversed or late → one row per entitlement; forged or stale signatures →
 * 400; unknown accounts retried; cancellation, renewal, refund; the reconcile job's repairs.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { lazyDatabase, type PlatformDatabase } from '../../platform/deps';
import { createPackageCatalogue } from './packageCatalogue';
import { reconcilePayments } from './reconcile';
import {
  activeEntitlementNames,
  findStripeCustomerId,
  listAudit,
  listEntitlements,
  openDatabase,
  type OpenDatabase,
} from '../../platform/storage/platformStorage';
import { stripeWebhookEvents, users } from '../../platform/storage/schema';
import { PAST_DUE_GRACE_DAYS } from '../rules/subscriptionState';
import { makeAccount } from '../../../tests/support/streamApi';
import { bodyOf, quiet, SITE, startPaymentsHarness, type PaymentsHarness } from '../../../tests/support/paymentsApi';
import { fakeStripeKey, fakeWebhookSecret } from '../../../tests/support/fakeSecrets';
import { MATCH_PASS, MATCH_PASS_ENTITLEMENT } from '../../../tests/support/matchPass';

let storage: OpenDatabase;
let db: PlatformDatabase;
let h: PaymentsHarness;

beforeAll(async () => {
  storage = await openDatabase({ dataDir: 'memory://' });
  await storage.migrate();
  db = lazyDatabase(async () => storage);
  h = await startPaymentsHarness(db, { stripePort: 4710, apiPort: 4711 });
}, 60_000);

afterAll(async () => {
  await h?.stop();
  await storage?.close();
});

beforeEach(async () => {
  await h.control.setWebhookMode({});
});

const MONTHLY = { packageId: 'pkg-stoke-city-plus-monthly', priceId: 'price_monthly_999' };
const SEASON = { packageId: 'pkg-stoke-city-plus-season', priceId: 'price_season_7999' };
const SEASON_SPREAD = { packageId: 'pkg-stoke-city-plus-season', priceId: 'price_season_10x899' };
const PASS = MATCH_PASS;
const PASS_ENTITLEMENT = MATCH_PASS_ENTITLEMENT;

type Created = { data: { id: string; url: string } };
type ErrorBody = { error: { code: string; message: string } };

/** Stripe-sourced grants of a user (revoked ones too). */
const stripeRows = async (userId: string) => (await listEntitlements(storage.db, userId)).filter((row) => row.source === 'stripe');

async function checkout(as: string, offer: { packageId: string; priceId: string; voucher?: string }) {
  const res = await h.call('/api/payments/create-checkout', { as, body: offer });
  expect(res.status, JSON.stringify(await res.clone().json())).toBe(200);
  return (await bodyOf<Created>(res)).data;
}

/** A fresh account that has paid for `offer` on the stand-in; webhooks as currently set. */
async function bought(offer: { packageId: string; priceId: string }) {
  const fan = await makeAccount(storage.db);
  const session = await checkout(fan.sub, offer);
  const paid = await h.control.pay(session.id);
  return { fan, session, paid };
}

describe('POST /api/payments/create-checkout builds the Checkout Session of spec §7', () => {
  it('sends every field as the spec says, read back from the stand-in', async () => {
    const fan = await makeAccount(storage.db);
    const { id, url } = await checkout(fan.sub, MONTHLY);
    expect(url).toContain(h.standIn.url);
    const session = await h.stripe.checkout.sessions.retrieve(id, { expand: ['line_items'] });
    const customer = await findStripeCustomerId(storage.db, fan.id);
    expect(customer).toMatch(/^cus_/);
    expect(session.mode).toBe('subscription');
    expect(session.success_url).toBe(`${SITE}/videos/subscriptions?checkout=success&session_id={CHECKOUT_SESSION_ID}`);
    expect(session.cancel_url).toBe(`${SITE}/videos/subscriptions?checkout=cancelled`);
    expect(session.metadata).toEqual({
      userID: fan.id,
      userEmail: `${fan.sub}@terrace.test`,
      packageDescription:
        '<p>Every First Team match live where broadcast rules allow, full match replays and live audio commentary.</p><ul><li>Cancel at any time</li><li>Watch on two devices at once</li></ul>',
      packageTitle: 'Stoke City+ Monthly',
      packageID: MONTHLY.packageId,
    });
    expect(session.line_items?.data.map((item) => [item.price?.id, item.quantity])).toEqual([['price_monthly_999', 1]]);
    expect(session.customer).toBe(customer);
    expect(session.customer_email).toBeNull();
    expect(session.client_reference_id).toBe(fan.id);
    expect(session.allow_promotion_codes).toBe(true);
    expect(session.discounts ?? []).toEqual([]);
    // The customer is tied to our user id (metadata), never matched by e-mail.
    const stripeCustomer = await h.stripe.customers.retrieve(customer!);
    expect(!stripeCustomer.deleted && stripeCustomer.metadata.userID).toBe(fan.id);
  });

  it("uses mode 'payment' for a match pass, and discounts (never with allow_promotion_codes) for a voucher", async () => {
    const fan = await makeAccount(storage.db);
    const pass = await h.stripe.checkout.sessions.retrieve((await checkout(fan.sub, PASS)).id);
    expect(pass.mode).toBe('payment');
    const other = await makeAccount(storage.db);
    const discounted = await h.stripe.checkout.sessions.retrieve((await checkout(other.sub, { ...MONTHLY, voucher: 'potters10' })).id);
    expect(discounted.discounts?.map((discount) => discount.promotion_code)).toEqual(['promo_terrace_potters10']);
    expect(discounted.allow_promotion_codes).toBeNull();
  });

  it('refuses signed-out (401), unknown package or price (404), a foreign origin (403) and an entitled account (409)', async () => {
    expect((await h.call('/api/payments/create-checkout', { body: MONTHLY })).status).toBe(401);
    const fan = await makeAccount(storage.db);
    const unknown = await h.call('/api/payments/create-checkout', { as: fan.sub, body: { packageId: MONTHLY.packageId, priceId: 'price_nope' } });
    expect(unknown.status).toBe(404);
    expect((await h.call('/api/payments/create-checkout', { as: fan.sub, body: MONTHLY, origin: 'https://evil.example' })).status).toBe(403);
    const subscriber = await makeAccount(storage.db, { entitlements: ['subscription-video', 'subscription-audio'] });
    const entitled = await h.call('/api/payments/create-checkout', { as: subscriber.sub, body: MONTHLY });
    expect(entitled.status).toBe(409);
    expect((await bodyOf<ErrorBody>(entitled)).error.code).toBe('already_entitled');
    // Holding only part of a price's entitlements is not enough to refuse.
    const audioOnly = await makeAccount(storage.db, { entitlements: ['subscription-audio'] });
    expect((await h.call('/api/payments/create-checkout', { as: audioOnly.sub, body: MONTHLY })).status).toBe(200);
  });

  it('refuses unknown, expired and used-up vouchers (422) with their messages, at checkout and on check', async () => {
    const fan = await makeAccount(storage.db);
    for (const [code, expected] of [
      ['NOPE2024', 'voucher_unknown'],
      ['SUMMER24', 'voucher_expired'],
      ['LAUNCHDAY', 'voucher_used_up'],
    ] as const) {
      const refused = await h.call('/api/payments/create-checkout', { as: fan.sub, body: { ...MONTHLY, voucher: code } });
      expect(refused.status).toBe(422);
      expect((await bodyOf<ErrorBody>(refused)).error.code).toBe(expected);
      const check = await h.call('/api/payments/vouchers/check', { body: { code } });
      expect(check.status).toBe(422);
      expect((await bodyOf<ErrorBody>(check)).error).toMatchObject({ code: expected, message: expect.stringMatching(/^Sorry, that voucher/) });
    }
    const ok = await h.call('/api/payments/vouchers/check', { body: { code: 'POTTERS10' } });
    expect(ok.status).toBe(200);
    expect((await bodyOf<{ data: { code: string; description: string } }>(ok)).data).toMatchObject({ code: 'POTTERS10', description: expect.any(String) });
    expect((await h.stripe.checkout.sessions.list({ customer: (await findStripeCustomerId(storage.db, fan.id)) ?? 'none' })).data).toHaveLength(0);
  });

  it('makes one session for a double click, 20 simultaneous clicks, a second tab and the back button', async () => {
    const fan = await makeAccount(storage.db);
    const clicks = await Promise.all(
      Array.from({ length: 20 }, () => h.call('/api/payments/create-checkout', { as: fan.sub, body: MONTHLY, ip: '192.0.2.20' })),
    );
    expect(clicks.map((res) => res.status)).toEqual(Array(20).fill(200));
    const ids = new Set(await Promise.all(clicks.map(async (res) => (await bodyOf<Created>(res)).data.id)));
    expect(ids.size).toBe(1);
    // The back button (or a second tab) later: the same open session.
    const again = await checkout(fan.sub, MONTHLY);
    expect(ids.has(again.id)).toBe(true);
    const customer = (await findStripeCustomerId(storage.db, fan.id))!;
    expect((await h.stripe.checkout.sessions.list({ customer })).data).toHaveLength(1);
    expect((await h.stripe.customers.list({ email: `${fan.sub}@terrace.test` })).data).toHaveLength(1);
  });

  it('switching price in the same package expires the open session first: still one open', async () => {
    const fan = await makeAccount(storage.db);
    const first = await checkout(fan.sub, SEASON);
    const second = await checkout(fan.sub, SEASON_SPREAD);
    expect(second.id).not.toBe(first.id);
    expect((await h.stripe.checkout.sessions.retrieve(first.id)).status).toBe('expired');
    const customer = (await findStripeCustomerId(storage.db, fan.id))!;
    expect((await h.stripe.checkout.sessions.list({ customer, status: 'open' })).data.map((s) => s.id)).toEqual([second.id]);
    // And back again: a fresh session, not the expired one an idempotency key would replay.
    const third = await checkout(fan.sub, SEASON);
    expect([first.id, second.id]).not.toContain(third.id);
    expect((await h.stripe.checkout.sessions.retrieve(third.id)).status).toBe('open');
  });

  it('answers 503 checkout_unavailable with the spec §8 text when Stripe is unreachable', async () => {
    const { createPlatformApp } = await import('../../platform/app');
    const { parsePlatformEnv } = await import('../../platform/env');
    const { subTokens } = await import('../../../tests/support/paymentsApi');
    const { default: Stripe } = await import('stripe');
    const broken = new Stripe(fakeStripeKey('test'), { host: '127.0.0.1', port: 4719, protocol: 'http', maxNetworkRetries: 0 });
    const app = createPlatformApp({
      env: parsePlatformEnv({ LOG_LEVEL: 'silent', SITE_URL: SITE }),
      logger: quiet,
      db,
      tokens: subTokens,
      stripe: () => broken,
    });
    const fan = await makeAccount(storage.db);
    const res = await app.request(`${SITE}/api/payments/create-checkout`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: SITE, cookie: `tr_id=${fan.sub}; tr_access=${fan.sub}` },
      body: JSON.stringify(MONTHLY),
    });
    expect(res.status).toBe(503);
    expect((await bodyOf<ErrorBody>(res)).error).toMatchObject({
      code: 'checkout_unavailable',
      message: 'Sorry, checkout is not currently available, please try again',
    });
  });
});

describe('fulfilment: the success page and the webhook call the same function', () => {
  it('entitles on the success page with webhooks dropped; 20 fulfils at once → one row per entitlement', async () => {
    await h.control.setWebhookMode({ mode: 'drop' });
    const { fan, session, paid } = await bought(MONTHLY);
    expect(paid.redirectUrl).toBe(`${SITE}/videos/subscriptions?checkout=success&session_id=${session.id}`);
    expect(await stripeRows(fan.id)).toHaveLength(0);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => h.call('/api/payments/fulfil', { as: fan.sub, body: { sessionId: session.id }, ip: '192.0.2.30' })),
    );
    expect(answers.map((res) => res.status)).toEqual(Array(20).fill(200));
    const data = (await bodyOf<{ data: { status: string; paid: boolean; packageId: string; entitlements: string[] } }>(answers[0]!)).data;
    expect(data).toEqual({ status: 'complete', paid: true, packageId: MONTHLY.packageId, entitlements: ['subscription-audio', 'subscription-video'] });
    const rows = await stripeRows(fan.id);
    expect(rows.map((row) => row.entitlement).sort()).toEqual(['subscription-audio', 'subscription-video']);
    const subscription = await h.stripe.subscriptions.retrieve(rows[0]!.sourceRef!);
    expect(rows[0]!.validUntil?.getTime()).toBe(subscription.items.data[0]!.current_period_end * 1000);
    const audit = await listAudit(storage.db, { userId: fan.id });
    expect(audit.filter((entry) => entry.action === 'entitlement.grant').map((entry) => entry.actor)).toEqual(['checkout-success', 'checkout-success']);
    // The checkout row is closed: the next click is refused as entitled, not sent to the old session.
    expect((await h.call('/api/payments/create-checkout', { as: fan.sub, body: MONTHLY })).status).toBe(409);
  });

  it("answers 404 for another account's session or an unknown one, and paid:false for an open one", async () => {
    await h.control.setWebhookMode({ mode: 'drop' });
    const { session } = await bought(PASS);
    const stranger = await makeAccount(storage.db);
    expect((await h.call('/api/payments/fulfil', { as: stranger.sub, body: { sessionId: session.id } })).status).toBe(404);
    expect((await h.call('/api/payments/fulfil', { as: stranger.sub, body: { sessionId: 'cs_test_nope' } })).status).toBe(404);
    expect(await stripeRows(stranger.id)).toHaveLength(0);
    const open = await checkout(stranger.sub, PASS);
    const res = await h.call('/api/payments/fulfil', { as: stranger.sub, body: { sessionId: open.id } });
    expect((await bodyOf<{ data: { status: string; paid: boolean } }>(res)).data).toMatchObject({ status: 'open', paid: false });
  });
});

describe('POST /api/payments/webhook', () => {
  it('grants exactly once for each event delivered twice, 20 at once, in reversed order and three days late', async () => {
    const check = async (offer: typeof MONTHLY, expected: string[]) => {
      const { fan } = await bought(offer);
      if ((await h.control.held()).length > 0) return fan;
      expect(await h.control.settle(30_000)).toBe(true);
      expect((await stripeRows(fan.id)).map((row) => row.entitlement).sort()).toEqual(expected);
      return fan;
    };
    await h.control.setWebhookMode({ repeat: 2 });
    await check(MONTHLY, ['subscription-audio', 'subscription-video']);
    await check(PASS, [PASS_ENTITLEMENT]);

    await h.control.setWebhookMode({ repeat: 20, concurrent: true });
    await check(MONTHLY, ['subscription-audio', 'subscription-video']);
    await check(PASS, [PASS_ENTITLEMENT]);

    await h.control.setWebhookMode({ mode: 'hold' });
    const reversed = await check(MONTHLY, []);
    await h.control.setWebhookMode({});
    await h.control.flush({ reverse: true });
    expect(await h.control.settle(30_000)).toBe(true);
    expect((await stripeRows(reversed.id)).map((row) => row.entitlement).sort()).toEqual(['subscription-audio', 'subscription-video']);
    expect(await activeEntitlementNames(storage.db, reversed.id, h.clock.now())).toEqual(['subscription-audio', 'subscription-video']);

    await h.control.setWebhookMode({ mode: 'hold' });
    const late = await check(PASS, []);
    await h.control.advanceClock(3 * 86_400);
    await h.control.setWebhookMode({});
    await h.control.flush();
    expect(await h.control.settle(30_000)).toBe(true);
    expect((await stripeRows(late.id)).map((row) => row.entitlement)).toEqual([PASS_ENTITLEMENT]);

    const failed = (await h.control.deliveries()).filter((delivery: { status: number | null }) => delivery.status !== null && delivery.status !== 200);
    expect(failed).toEqual([]);
  }, 120_000);

  it('refuses a forged signature and a stale timestamp with 400 and changes nothing; the genuine event then grants', async () => {
    await h.control.setWebhookMode({ mode: 'drop' });
    const { fan, session } = await bought(PASS);
    const events = await h.stripe.events.list({ type: 'checkout.session.completed', limit: 100 });
    const event = events.data.find((candidate) => (candidate.data.object as { id: string }).id === session.id)!;
    const payload = JSON.stringify(event);
    const recorded = async () => (await storage.db.select().from(stripeWebhookEvents)).filter((row) => row.eventId === event.id);

    const forged = await h.postWebhook(payload, { secret: fakeWebhookSecret() });
    expect(forged.status).toBe(400);
    expect((await bodyOf<ErrorBody>(forged)).error.code).toBe('invalid_signature');
    const stale = await h.postWebhook(payload, { timestamp: Math.floor(Date.now() / 1000) - 301 });
    expect(stale.status).toBe(400);
    const tampered = await h.postWebhook(payload.replace(fan.id, randomUUID()), {
      signature: h.stripe.webhooks.generateTestHeaderString({ payload, secret: h.standIn.webhookSecret }),
    });
    expect(tampered.status).toBe(400);
    const unsigned = await h.app.request(`${SITE}/api/payments/webhook`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: payload });
    expect(unsigned.status).toBe(400);
    expect(await stripeRows(fan.id)).toHaveLength(0);
    expect(await recorded()).toHaveLength(0);

    const genuine = await h.postWebhook(payload);
    expect(genuine.status).toBe(200);
    expect((await stripeRows(fan.id)).map((row) => row.entitlement)).toEqual([PASS_ENTITLEMENT]);
    expect(await recorded()).toHaveLength(1);
    const audit = await listAudit(storage.db, { userId: fan.id });
    expect(audit.find((entry) => entry.action === 'entitlement.grant')?.actor).toBe('stripe-webhook');
  });

  it('answers non-2xx for an account not known yet, so Stripe retries, and grants once it exists', async () => {
    const userId = randomUUID();
    const session = await h.stripe.checkout.sessions.create({
      mode: 'payment',
      line_items: [{ price: PASS.priceId, quantity: 1 }],
      success_url: `${SITE}/ok`,
      cancel_url: `${SITE}/cancel`,
      client_reference_id: userId,
      customer_email: 'later@terrace.test',
      metadata: { packageID: PASS.packageId },
    });
    await h.control.clearDeliveries();
    await h.control.pay(session.id);
    // Wait for the first refused delivery of checkout.session.completed.
    let refused: { type: string; status: number }[] = [];
    for (let i = 0; i < 50 && refused.length === 0; i += 1) {
      refused = ((await h.control.deliveries()) as { type: string; status: number }[]).filter(
        (delivery) => delivery.type === 'checkout.session.completed' && delivery.status === 409,
      );
      if (refused.length === 0) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(refused.length).toBeGreaterThan(0);
    await storage.db.insert(users).values({ id: userId, cognitoSub: `sub-later-${userId}`, email: 'later@terrace.test' });
    expect(await h.control.settle(30_000)).toBe(true);
    expect((await stripeRows(userId)).map((row) => row.entitlement)).toEqual([PASS_ENTITLEMENT]);
    const deliveries = ((await h.control.deliveries()) as { type: string; status: number }[]).filter((d) => d.type === 'checkout.session.completed');
    expect(deliveries.at(-1)?.status).toBe(200);
  }, 60_000);

  it('a refund revokes the match pass', async () => {
    const { fan } = await bought(PASS);
    expect(await h.control.settle(30_000)).toBe(true);
    const [grant] = await stripeRows(fan.id);
    expect(grant?.sourceRef).toMatch(/^pi_/);
    await h.stripe.refunds.create({ payment_intent: grant!.sourceRef! });
    expect(await h.control.settle(30_000)).toBe(true);
    const [after] = await stripeRows(fan.id);
    expect(after?.revokedAt).not.toBeNull();
    expect(await activeEntitlementNames(storage.db, fan.id, h.clock.now())).toEqual([]);
  });

  it('the reconcile job reports drift (a lost purchase, a refund never heard of) and repairs it', async () => {
    await h.control.setWebhookMode({ mode: 'drop' });
    const lost = await bought(PASS);
    const refunded = await bought(PASS);
    await h.call('/api/payments/fulfil', { as: refunded.fan.sub, body: { sessionId: refunded.session.id } });
    const [grant] = await stripeRows(refunded.fan.id);
    await h.stripe.refunds.create({ payment_intent: grant!.sourceRef! });
    const ctx = { stripe: h.stripe, db: storage.db, catalogue: createPackageCatalogue(), clock: h.clock, logger: quiet };
    const report = await reconcilePayments(ctx);
    expect(report.errors).toEqual([]);
    expect(report.drift).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'missing', userId: lost.fan.id, repaired: false }),
        expect.objectContaining({ kind: 'revoke', userId: refunded.fan.id, entitlements: [PASS_ENTITLEMENT], repaired: false }),
      ]),
    );
    expect(await stripeRows(lost.fan.id)).toHaveLength(0);
    const repaired = await reconcilePayments(ctx, { repair: true });
    expect(repaired.drift.filter((drift) => [lost.fan.id, refunded.fan.id].includes(drift.userId ?? '')).every((drift) => drift.repaired)).toBe(true);
    expect(await activeEntitlementNames(storage.db, lost.fan.id, h.clock.now())).toEqual([PASS_ENTITLEMENT]);
    expect(await activeEntitlementNames(storage.db, refunded.fan.id, h.clock.now())).toEqual([]);
    expect((await listAudit(storage.db, { userId: lost.fan.id }))[0]?.actor).toBe('payments-reconcile');
    const clean = await reconcilePayments(ctx);
    expect(clean.drift.filter((drift) => [lost.fan.id, refunded.fan.id].includes(drift.userId ?? ''))).toEqual([]);
  });

  it('a subscription cancelled at period end keeps its entitlement until then and ends; a renewal extends it', async () => {
    const leaving = await bought(MONTHLY);
    const staying = await bought(MONTHLY);
    expect(await h.control.settle(30_000)).toBe(true);
    const [grant] = await stripeRows(leaving.fan.id);
    const subscriptionId = grant!.sourceRef!;
    const periodEnd = (await h.stripe.subscriptions.retrieve(subscriptionId)).items.data[0]!.current_period_end * 1000;
    await h.stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true });
    expect(await h.control.settle(30_000)).toBe(true);
    expect((await stripeRows(leaving.fan.id)).map((row) => row.validUntil?.getTime())).toEqual([periodEnd, periodEnd]);
    expect(await activeEntitlementNames(storage.db, leaving.fan.id, new Date(periodEnd - 1000))).toEqual(['subscription-audio', 'subscription-video']);
    expect(await activeEntitlementNames(storage.db, leaving.fan.id, new Date(periodEnd + 1000))).toEqual([]);

    const before = (await stripeRows(staying.fan.id))[0]!.validUntil!.getTime();
    await h.control.advanceClock(32 * 86_400);
    expect(await h.control.settle(30_000)).toBe(true);
    expect((await h.stripe.subscriptions.retrieve(subscriptionId)).status).toBe('canceled');
    expect((await stripeRows(leaving.fan.id)).every((row) => row.revokedAt !== null)).toBe(true);
    const renewed = await stripeRows(staying.fan.id);
    expect(renewed.every((row) => row.revokedAt === null && row.validUntil!.getTime() > before)).toBe(true);
    const staySubscription = await h.stripe.subscriptions.retrieve(renewed[0]!.sourceRef!);
    expect(renewed[0]!.validUntil!.getTime()).toBe(staySubscription.items.data[0]!.current_period_end * 1000);
    expect((await listAudit(storage.db, { userId: staying.fan.id }))[0]?.action).toBe('entitlement.validity');
  }, 60_000);

  it('a failed renewal (past_due) keeps the entitlement for the grace days from the unpaid period’s start', async () => {
    const late = await bought(MONTHLY);
    expect(await h.control.settle(30_000)).toBe(true);
    const [grant] = await stripeRows(late.fan.id);
    const paidUntil = grant!.validUntil!.getTime();
    await h.control.advanceClock(32 * 86_400, { failRenewals: true });
    expect(await h.control.settle(30_000)).toBe(true);
    const subscription = await h.stripe.subscriptions.retrieve(grant!.sourceRef!);
    expect(subscription.status).toBe('past_due');
    const item = subscription.items.data[0]!;
    const graceUntil = Math.min(item.current_period_start, item.current_period_end) * 1000 + PAST_DUE_GRACE_DAYS * 86_400_000;
    const rows = await stripeRows(late.fan.id);
    expect(rows.map((row) => row.validUntil?.getTime())).toEqual([graceUntil, graceUntil]);
    expect(graceUntil).toBeGreaterThan(paidUntil);
    expect(graceUntil).toBeLessThan(item.current_period_end * 1000);
  }, 60_000);
});
