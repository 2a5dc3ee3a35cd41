/**
 * Faults of the paid path (docs/reliability.md "Faults"), with the production Stripe client settings
 * against the local Stripe stand-in (tests/support/paymentsApi.ts): the stand-in stopped at checkout
 * → create-checkout answers 503 checkout_unavailable with spec §8's text and Retry-After within
 * seconds; the webhook three days after the success page grants nothing more (one row per
 * entitlement, one audit grant).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lazyDatabase, type PlatformDatabase } from '../../platform/deps';
import { listAudit, listEntitlements, openDatabase, type OpenDatabase } from '../../platform/storage/platformStorage';
import { makeAccount } from '../../../tests/support/streamApi';
import { bodyOf, startPaymentsHarness, type PaymentsHarness } from '../../../tests/support/paymentsApi';
import { MATCH_PASS, MATCH_PASS_ENTITLEMENT } from '../../../tests/support/matchPass';

const CHECKOUT_UNAVAILABLE = 'Sorry, checkout is not currently available, please try again';
const MONTHLY = { packageId: 'pkg-stoke-city-plus-monthly', priceId: 'price_monthly_999' };
const PASS = MATCH_PASS;
const PASS_ENTITLEMENT = MATCH_PASS_ENTITLEMENT;
/** The longest create-checkout may take with the stand-in down (ms): the SDK's retries back off for about 1.5 s. */
const CHECKOUT_BOUND_MS = 8_000;

let storage: OpenDatabase;
let db: PlatformDatabase;
let down: PaymentsHarness;
let late: PaymentsHarness;

beforeAll(async () => {
  storage = await openDatabase({ dataDir: 'memory://' });
  await storage.migrate();
  db = lazyDatabase(async () => storage);
  down = await startPaymentsHarness(db, { stripePort: 4760, apiPort: 4761 });
  late = await startPaymentsHarness(db, { stripePort: 4762, apiPort: 4763 });
}, 60_000);

afterAll(async () => {
  await down?.stop();
  await late?.stop();
  await storage?.close();
});

describe('the Stripe stand-in down at checkout', () => {
  it('answers 503 checkout_unavailable with the spec text and Retry-After, within seconds', async () => {
    const fan = await makeAccount(storage.db);
    // Up: a session is made.
    expect((await down.call('/api/payments/create-checkout', { as: fan.sub, body: PASS })).status).toBe(200);
    await down.standIn.stop(); // its port now refuses connections
    const other = await makeAccount(storage.db);
    const started = performance.now();
    const res = await down.call('/api/payments/create-checkout', { as: other.sub, body: MONTHLY });
    const ms = performance.now() - started;
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await bodyOf<{ error: { code: string; message: string } }>(res)).error).toMatchObject({
      code: 'checkout_unavailable',
      message: CHECKOUT_UNAVAILABLE,
    });
    expect(ms).toBeLessThan(CHECKOUT_BOUND_MS);
    // Nothing half-made for the supporter: no entitlement.
    expect(await listEntitlements(storage.db, other.id)).toEqual([]);
  }, 60_000);
});

describe('the webhook three days late', () => {
  it('entitles on landing (success page) and grants once when the webhook comes three days later', async () => {
    await late.control.setWebhookMode({ mode: 'hold' });
    const fan = await makeAccount(storage.db);
    const created = await late.call('/api/payments/create-checkout', { as: fan.sub, body: PASS });
    expect(created.status).toBe(200);
    const session = (await bodyOf<{ data: { id: string } }>(created)).data;
    await late.control.pay(session.id);
    expect((await late.control.held()).length).toBeGreaterThan(0);

    // Landing on the success page: entitled at once, no webhook needed.
    const landed = await late.call('/api/payments/fulfil', { as: fan.sub, body: { sessionId: session.id } });
    expect(landed.status).toBe(200);
    expect((await bodyOf<{ data: { paid: boolean; entitlements: string[] } }>(landed)).data).toMatchObject({ paid: true, entitlements: [PASS_ENTITLEMENT] });

    // Three days later the held events arrive (twice over).
    await late.control.advanceClock(3 * 86_400);
    await late.control.setWebhookMode({ repeat: 2 });
    await late.control.flush();
    expect(await late.control.settle(30_000)).toBe(true);
    const failed = (await late.control.deliveries()).filter((delivery: { status: number | null }) => delivery.status !== null && delivery.status !== 200);
    expect(failed).toEqual([]);

    const rows = (await listEntitlements(storage.db, fan.id)).filter((row) => row.source === 'stripe');
    expect(rows.map((row) => row.entitlement)).toEqual([PASS_ENTITLEMENT]);
    expect(rows[0]!.revokedAt).toBeNull();
    const grants = (await listAudit(storage.db, { userId: fan.id })).filter((entry) => entry.action === 'entitlement.grant');
    expect(grants.map((entry) => entry.actor)).toEqual(['checkout-success']);
  }, 90_000);
});
