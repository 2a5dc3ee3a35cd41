/**
 * What the payments feature keeps of Stripe: the customer tied to each of our users (one each way)
 * and the webhook events already processed (record-once by Stripe's event id).
 *
 * recordWebhookEventOnce belongs inside the transaction that fulfils the event: if fulfilment
 * fails, the record rolls back with it and Stripe's retry is processed; if two deliveries race,
 * the second waits on the first's row and then sees `false`.
 */
import { eq } from 'drizzle-orm';
import type { Executor } from './database.ts';
import { isUuid } from './uuids.ts';
import { stripeCustomers, stripeWebhookEvents } from './schema.ts';

/**
 * Ties a Stripe customer to our user, once. Returns the customer id now tied to the user — the
 * earlier one when the user already had a customer (`created: false`).
 * @throws a unique-violation error when that Stripe customer is already tied to another user.
 */
export async function linkStripeCustomer(
  db: Executor,
  link: { userId: string; stripeCustomerId: string; at: Date },
): Promise<{ stripeCustomerId: string; created: boolean }> {
  const [row] = await db
    .insert(stripeCustomers)
    .values({ userId: link.userId, stripeCustomerId: link.stripeCustomerId, createdAt: link.at })
    .onConflictDoNothing({ target: stripeCustomers.userId })
    .returning();
  if (row) return { stripeCustomerId: row.stripeCustomerId, created: true };
  const existing = await findStripeCustomerId(db, link.userId);
  return { stripeCustomerId: existing!, created: false };
}

/** Our user's Stripe customer id, or null. */
export async function findStripeCustomerId(db: Executor, userId: string): Promise<string | null> {
  if (!isUuid(userId)) return null;
  const [row] = await db.select({ id: stripeCustomers.stripeCustomerId }).from(stripeCustomers).where(eq(stripeCustomers.userId, userId));
  return row?.id ?? null;
}

/** The user a Stripe customer belongs to, or null. */
export async function findUserIdByStripeCustomer(db: Executor, stripeCustomerId: string): Promise<string | null> {
  const [row] = await db.select({ userId: stripeCustomers.userId }).from(stripeCustomers).where(eq(stripeCustomers.stripeCustomerId, stripeCustomerId));
  return row?.userId ?? null;
}

/** True the first time an event id is recorded, false ever after (see the file header). */
export async function recordWebhookEventOnce(db: Executor, event: { eventId: string; type: string; at: Date }): Promise<boolean> {
  const rows = await db
    .insert(stripeWebhookEvents)
    .values({ eventId: event.eventId, type: event.type, processedAt: event.at })
    .onConflictDoNothing({ target: stripeWebhookEvents.eventId })
    .returning({ eventId: stripeWebhookEvents.eventId });
  return rows.length === 1;
}

/** Whether an event id was already recorded (a cheap check before calling Stripe; the record itself decides). */
export async function isWebhookEventRecorded(db: Executor, eventId: string): Promise<boolean> {
  const [row] = await db.select({ eventId: stripeWebhookEvents.eventId }).from(stripeWebhookEvents).where(eq(stripeWebhookEvents.eventId, eventId));
  return row !== undefined;
}
