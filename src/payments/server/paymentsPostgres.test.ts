/**
 * The payments races on a real PostgreSQL server (tests/support/postgres.ts), as in production where
 * several function instances share one database: two app instances with their own pools, against
 * the local Stripe stand-in through the real SDK. Twenty simultaneous create-checkout calls across
 * both make one Checkout Session; twenty simultaneous fulfils and each webhook event delivered
 * twenty times at once make exactly one entitlement row per entitlement and record each event once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseFromEnv, type PlatformDatabase } from '../../platform/deps';
import { parsePlatformEnv, stripeSettings } from '../../platform/env';
import { createPlatformApp } from '../../platform/app';
import { createStripeClient } from './stripeClient';
import { findStripeCustomerId, listEntitlements } from '../../platform/storage/platformStorage';
import { stripeWebhookEvents } from '../../platform/storage/schema';
import { startPostgres, type TestPostgres } from '../../../tests/support/postgres';
import { makeAccount } from '../../../tests/support/streamApi';
import { bodyOf, quiet, SITE, startPaymentsHarness, subTokens, type PaymentsHarness } from '../../../tests/support/paymentsApi';

let server: TestPostgres;
let dbA: PlatformDatabase;
let dbB: PlatformDatabase;
let h: PaymentsHarness;
let other: ReturnType<typeof createPlatformApp>;

const MONTHLY = { packageId: 'pkg-stoke-city-plus-monthly', priceId: 'price_monthly_999' };

beforeAll(async () => {
  server = await startPostgres();
  const env = parsePlatformEnv({ DATABASE_URL: await server.createDatabase('payments'), LOG_LEVEL: 'silent' });
  dbA = databaseFromEnv(env);
  await dbA.get();
  dbB = databaseFromEnv(env);
  h = await startPaymentsHarness(dbA, { stripePort: 4712, apiPort: 4713 });
  const envB = parsePlatformEnv({ LOG_LEVEL: 'silent', SITE_URL: SITE, ...h.standIn.env });
  const stripeB = createStripeClient(stripeSettings(envB))!;
  other = createPlatformApp({ env: envB, logger: quiet, db: dbB, clock: h.clock, tokens: subTokens, stripe: () => stripeB });
}, 120_000);

afterAll(async () => {
  await h?.stop();
  await dbA?.close();
  await dbB?.close();
  await server?.stop();
});

/** A browser call on instance A or B. */
const callOn = (instance: 'a' | 'b', path: string, as: string, body: unknown, ip: string) =>
  instance === 'a'
    ? h.call(path, { as, body, ip })
    : other.request(
        `${SITE}${path}`,
        { method: 'POST', headers: { 'content-type': 'application/json', origin: SITE, cookie: `tr_id=${as}; tr_access=${as}` }, body: JSON.stringify(body) },
        { clientIp: ip },
      );

describe('payments on PostgreSQL, two instances', () => {
  it('makes one Checkout Session for 20 simultaneous clicks across both instances', async () => {
    const fan = await makeAccount(await dbA.get());
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => callOn(i % 2 ? 'a' : 'b', '/api/payments/create-checkout', fan.sub, MONTHLY, `192.0.2.${i % 2 ? 1 : 2}`)),
    );
    expect(answers.map((res) => res.status)).toEqual(Array(20).fill(200));
    const ids = new Set(await Promise.all(answers.map(async (res) => (await bodyOf<{ data: { id: string } }>(res)).data.id)));
    expect(ids.size).toBe(1);
    const customer = (await findStripeCustomerId(await dbA.get(), fan.id))!;
    expect((await h.stripe.checkout.sessions.list({ customer, status: 'open' })).data).toHaveLength(1);
  });

  it('grants one row per entitlement for 20 simultaneous fulfils and each event delivered 20 times at once', async () => {
    const fan = await makeAccount(await dbA.get());
    const { data } = await bodyOf<{ data: { id: string } }>(await h.call('/api/payments/create-checkout', { as: fan.sub, body: MONTHLY, ip: '192.0.2.9' }));
    await h.control.setWebhookMode({ repeat: 20, concurrent: true });
    await h.control.pay(data.id);
    const fulfils = await Promise.all(
      Array.from({ length: 20 }, (_, i) => callOn(i % 2 ? 'a' : 'b', '/api/payments/fulfil', fan.sub, { sessionId: data.id }, `192.0.2.${i % 2 ? 3 : 4}`)),
    );
    expect(fulfils.map((res) => res.status)).toEqual(Array(20).fill(200));
    expect(await h.control.settle(60_000)).toBe(true);
    await h.control.setWebhookMode({});
    const rows = (await listEntitlements(await dbA.get(), fan.id)).filter((row) => row.source === 'stripe');
    expect(rows.map((row) => row.entitlement).sort()).toEqual(['subscription-audio', 'subscription-video']);
    const deliveries = (await h.control.deliveries()) as { eventId: string; status: number | null }[];
    const delivered = deliveries.filter((delivery) => delivery.status !== null);
    expect(delivered.length).toBeGreaterThanOrEqual(20);
    expect(delivered.filter((delivery) => delivery.status !== 200)).toEqual([]);
    const eventIds = [...new Set(delivered.map((delivery) => delivery.eventId))];
    const recorded = (await (await dbA.get()).select().from(stripeWebhookEvents)).filter((row) => eventIds.includes(row.eventId));
    expect(recorded).toHaveLength(eventIds.length);
  }, 120_000);
});
